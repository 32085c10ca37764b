import { describe, expect, it } from 'vitest';
import { loadApiRoutes, matchRoute } from './router';

describe('the /v1 router (server.ts and the tests)', () => {
  it('finds every route file, prefers static segments, decodes params, and sends the rest to the catch-all', async () => {
    const routes = await loadApiRoutes();
    const hit = (p: string) => matchRoute(routes, p);
    expect(hit('/v1/payment_intents')?.params).toEqual({});
    expect(hit('/v1/payment_intents/pi_1')?.params).toEqual({ id: 'pi_1' });
    expect(hit('/v1/payment_intents/pi_1/confirm')?.params).toEqual({ id: 'pi_1' });
    expect(hit('/v1/openapi.json')?.params).toEqual({}); // static, not the catch-all
    expect(hit('/v1/webhook_endpoints/we_1/deliveries/whd_2/retry')?.params).toEqual({ id: 'we_1', deliveryId: 'whd_2' });
    expect(hit('/v1/products/prod%20x')?.params).toEqual({ id: 'prod x' });
    expect(hit('/v1/products/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
    expect(hit('/v1/customers/cus_1')?.params).toEqual({ path: 'customers/cus_1' });
    expect(hit('/checkout/cs_1')).toBeNull();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const r of routes) expect(typeof r.module.GET, String(r.pattern)).toBe('function'); // methods() fills every verb
  });

  it('answers as a scan of the whole table would, for every kind of path (routes are looked up by first segment)', async () => {
    const routes = await loadApiRoutes();
    const scan = (p: string) => routes.find((r) => r.pattern.test(p)) ?? null;
    const paths = [
      '/v1',
      '/v1/',
      '/v1//',
      '/v1/payment_intents',
      '/v1/payment_intents/',
      '/v1/payment_intents/pi_1',
      '/v1/payment_intents/pi_1/confirm',
      '/v1/payment_intents/pi_1/nope',
      '/v1/payment%5Fintents/pi_1',
      '/v1/PAYMENT_INTENTS',
      '/v1/openapi.json',
      '/v1/openapi.jsonx',
      '/v1/events',
      '/v1/events/evt_1',
      '/v1/webhook_endpoints/we_1/deliveries/whd_2/retry',
      '/v1/customers',
      '/v1/customers/cus_1',
      '/v1/checkout_sessions/cs_1/expire',
      '/v1/products/prod%20x',
      '/v1/prices',
      '/v1/payment_links/plink_1',
      '/v1/exchange_rates',
      '/v1/balance',
      '/v1/a/b/c/d/e',
      '/v1/payment_intents//confirm',
    ];
    for (const p of paths) expect(matchRoute(routes, p)?.module ?? null, p).toBe(scan(p)?.module ?? null);
  });
});
