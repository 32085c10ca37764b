// Issue 24, item 5: test-mode webhooks reach private addresses only on a local deployment (a
// loopback or plain-http BASE_URL) or where the operator says so (WEBHOOK_PRIVATE_TARGETS=allow);
// live endpoints use ports 443 and 8443 unless the operator allows others (WEBHOOK_ALLOWED_PORTS).
// Both are checked when an endpoint is created or updated (400 naming `url`) and again before
// every delivery (the DNS answer, or the operator's settings, may have changed since).
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { config, resetConfigForTests } from '@/lib/config';
import type { MerchantKeys } from '@/lib/domain/merchants';
import { type Resolver, setResolver } from '@/lib/ssrf';
import { deliverDueWebhooks } from '@/lib/webhooks/deliveries';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type Receiver, startReceiver } from './webhook-receiver';

const { db } = useDatabase();
const TAG = `webhook targets ${randomUUID()}`;
afterAll(() => db().query(`delete from webhook_endpoints where merchant_id in (select id from merchants where name = $1)`, [TAG]));

const receivers: Receiver[] = [];
afterEach(async () => {
  setResolver(undefined);
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

/** Run `fn` with these environment variables (the configuration re-read), then restore them. */
async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  resetConfigForTests();
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
  }
}

const create = (key: string, url: string) => call('POST', '/v1/webhook_endpoints', { key, body: { url, enabledEvents: ['*'] } });
const nowS = () => Math.floor(Date.now() / 1000);
/** What names resolve to: localhost to loopback (as the system's resolver answers it), lan.* to a LAN address, the rest to a public one. */
const dns: Resolver = async (host) => [{ address: host === 'localhost' ? '127.0.0.1' : host.startsWith('lan.') ? '192.168.1.5' : '93.184.216.34', family: 4 }];

async function deliverOnce(m: MerchantKeys, endpointId: string, key: string, resolver: Resolver) {
  await call('POST', '/v1/products', { key, body: { name: 'Mug' } });
  expect(await deliverDueWebhooks(db(), { merchantId: m.merchant.id, now: () => nowS(), resolver, timeoutMs: 2000 })).toBe(1);
  const r = await call('GET', `/v1/webhook_endpoints/${endpointId}/deliveries`, { key });
  return r.body.data[0] as { lastError: string | null; lastResponseStatus: number | null };
}

describe('[webhook targets]: a deployment that is not local (BASE_URL https on a public name)', () => {
  useLiveConfig(() => ({ BASE_URL: 'https://pay.example.com' }));

  it('refuses test-mode endpoints on loopback and private addresses, at creation and update, with a 400 naming url', async () => {
    const m = await newMerchant(db(), TAG);
    setResolver(dns);
    for (const url of [
      'http://127.0.0.1:3001/hooks',
      'http://localhost:8080/x',
      'http://10.0.0.1/hooks',
      'http://[::1]:4000/',
      'http://lan.example.test:22/',
    ]) {
      const r = await create(m.keys.test, url);
      expect(r.status, url).toBe(400);
      expect(r.body.error, url).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param: 'url' });
      expect(r.body.error.message, url).toMatch(/test-mode webhooks to public addresses only.*WEBHOOK_PRIVATE_TARGETS=allow/);
    }
    // A public address on any port is fine in test mode; updating it to a private one is refused.
    const ok = await create(m.keys.test, 'http://hooks.example.test:8080/hooks');
    expect(ok.status).toBe(200);
    const upd = await call('POST', `/v1/webhook_endpoints/${ok.body.id}`, { key: m.keys.test, body: { url: 'http://lan.example.test/hooks' } });
    expect(upd.status).toBe(400);
    expect(upd.body.error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
    expect((await call('GET', `/v1/webhook_endpoints/${ok.body.id}`, { key: m.keys.test })).body.url).toBe('http://hooks.example.test:8080/hooks');
  });

  it('at delivery, a test-mode name that now resolves inside is not sent to (no connection)', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver();
    setResolver(dns);
    const we = await create(m.keys.test, `http://rebind.example.test:${rx.port}/hooks`);
    expect(we.status).toBe(200);
    const d = await deliverOnce(m, we.body.id, m.keys.test, async () => [{ address: '127.0.0.1', family: 4 }]);
    expect(d.lastError).toMatch(
      /^not sent: rebind\.example\.test resolves to 127\.0\.0\.1, a loopback address; this deployment sends test-mode webhooks to public addresses only/,
    );
    expect(d.lastResponseStatus).toBeNull();
    expect(rx.connections).toBe(0);
  });

  it('WEBHOOK_PRIVATE_TARGETS=allow lets test mode reach them (never live mode)', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver();
    expect((await create(m.keys.test, rx.url)).status).toBe(400);
    await withEnv({ WEBHOOK_PRIVATE_TARGETS: 'allow' }, async () => {
      const we = await create(m.keys.test, rx.url);
      expect(we.status).toBe(200);
      const d = await deliverOnce(m, we.body.id, m.keys.test, async () => [{ address: '127.0.0.1', family: 4 }]);
      expect(d).toMatchObject({ lastError: null, lastResponseStatus: 200 });
      expect(rx.received).toHaveLength(1);
      expect((await create(m.keys.live, 'https://127.0.0.1/hooks')).status).toBe(400);
    });
  });

  it('refuses live endpoints on ports other than 443 and 8443, unless WEBHOOK_ALLOWED_PORTS allows them', async () => {
    const m = await newMerchant(db(), TAG);
    setResolver(dns);
    for (const url of ['https://hooks.example.test:22/', 'https://hooks.example.test:6379/', 'https://hooks.example.test:8080/hooks']) {
      const r = await create(m.keys.live, url);
      expect(r.status, url).toBe(400);
      expect(r.body.error, url).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param: 'url' });
      expect(r.body.error.message, url).toMatch(/live-mode webhooks may only use ports 443 and 8443 on this deployment; got port \d+/);
    }
    for (const url of ['https://hooks.example.test/hooks', 'https://hooks.example.test:8443/hooks'])
      expect((await create(m.keys.live, url)).status, url).toBe(200);
    const ok = (await create(m.keys.live, 'https://hooks.example.test/other')).body;
    const upd = await call('POST', `/v1/webhook_endpoints/${ok.id}`, { key: m.keys.live, body: { url: 'https://hooks.example.test:9200/' } });
    expect(upd.body.error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
    await withEnv({ WEBHOOK_ALLOWED_PORTS: '443,9200' }, async () => {
      expect((await call('POST', `/v1/webhook_endpoints/${ok.id}`, { key: m.keys.live, body: { url: 'https://hooks.example.test:9200/' } })).status).toBe(200);
      expect((await create(m.keys.live, 'https://hooks.example.test:8443/')).body.error.message).toMatch(/may only use ports 443 and 9200/);
    });
  });

  it('at delivery, a live endpoint on a port the operator no longer allows is not sent to', async () => {
    const m = await newMerchant(db(), TAG);
    setResolver(dns);
    const we = await withEnv({ WEBHOOK_ALLOWED_PORTS: '*' }, () => create(m.keys.live, 'https://hooks.example.test:6379/hooks'));
    expect(we.status).toBe(200);
    const d = await deliverOnce(m, we.body.id, m.keys.live, dns);
    expect(d.lastError).toBe('not sent: live-mode webhooks may only use ports 443 and 8443 on this deployment; got port 6379.');
    expect(d.lastResponseStatus).toBeNull();
  });
});

describe("[webhook targets]: a local deployment (the tests' own BASE_URL, http://localhost)", () => {
  it('lets test mode reach loopback and private addresses; WEBHOOK_PRIVATE_TARGETS=deny refuses them', async () => {
    expect(config().BASE_URL).toMatch(/^http:\/\/localhost/);
    const m = await newMerchant(db(), TAG);
    expect((await create(m.keys.test, 'http://127.0.0.1:3001/hooks')).status).toBe(200);
    expect((await create(m.keys.test, 'http://10.0.0.1/hooks')).status).toBe(200);
    await withEnv({ WEBHOOK_PRIVATE_TARGETS: 'deny' }, async () => {
      const r = await create(m.keys.test, 'http://127.0.0.1:3002/hooks');
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
    });
  });
});

describe('[webhook targets]: the settings are checked at start', () => {
  it('refuses a WEBHOOK_ALLOWED_PORTS or WEBHOOK_PRIVATE_TARGETS that means nothing', async () => {
    for (const [k, v] of [
      ['WEBHOOK_ALLOWED_PORTS', '443;8443'],
      ['WEBHOOK_ALLOWED_PORTS', '0'],
      ['WEBHOOK_ALLOWED_PORTS', '70000'],
      ['WEBHOOK_ALLOWED_PORTS', 'https'],
      ['WEBHOOK_PRIVATE_TARGETS', 'yes'],
    ] as const)
      await withEnv({ [k]: v }, async () => expect(() => config(), `${k}=${v}`).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${k}`)));
    await withEnv({ WEBHOOK_ALLOWED_PORTS: '8443,443,8443' }, async () => expect(config().WEBHOOK_ALLOWED_PORTS).toEqual([8443, 443]));
    await withEnv({ WEBHOOK_ALLOWED_PORTS: '*' }, async () => expect(config().WEBHOOK_ALLOWED_PORTS).toBe('any'));
    expect(config().WEBHOOK_ALLOWED_PORTS).toEqual([443, 8443]);
  });
});
