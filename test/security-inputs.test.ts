// Issue 11, items 18 (return URLs) and 19 (operator bodies out of the logs).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parsePaymentFilters } from '@/lib/dashboard/payments';
import { createProduct, createProductInput } from '@/lib/domain/products';
import { log, redact } from '@/lib/log';
import { expectStatus, httpRequest, shortReason } from '@/lib/rails/http';
import type { BackendError } from '@/lib/rails/types';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
beforeAll(async () => {
  m = await newMerchant(db(), 'Inputs shop');
});

describe('successUrl / cancelUrl (item 18)', () => {
  const session = async (extra: Record<string, unknown>) => {
    const pi = (await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 500, currency: 'XOF', rail: 'mobile_money_a' } })).body;
    return call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: pi.id, ...extra } });
  };

  it('stores them as the URL parser writes them', async () => {
    const r = await session({ successUrl: 'HTTPS://Shop.EXAMPLE:443/merci page?o=1#top', cancelUrl: 'http://shop.example/a/../retour' });
    expect(r.status).toBe(200);
    expect(r.body.successUrl).toBe('https://shop.example/merci%20page?o=1#top');
    expect(r.body.cancelUrl).toBe('http://shop.example/retour');
    const again = await call('GET', `/v1/checkout_sessions/${r.body.id}`, { key: m.keys.test });
    expect(again.body.successUrl).toBe('https://shop.example/merci%20page?o=1#top');
  });

  it('refuses control characters, which the parser would silently drop or keep', async () => {
    for (const [param, url] of <[string, string][]>[
      ['successUrl', 'https://shop.example/ok\tjavascript'],
      ['successUrl', 'https://shop.example/ok\n'],
      ['cancelUrl', ' \u0001https://shop.example/'],
      ['cancelUrl', 'https://shop.example/\u007f'],
      ['successUrl', 'https://shop.example/\u0085'],
    ]) {
      const r = await session({ [param]: url });
      expect(r.status, JSON.stringify(url)).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'parameter_invalid', param });
      expect(r.body.error.message).toMatch(/control characters/);
    }
  });

  it('refuses a URL that grows past 2048 characters once normalized', async () => {
    const r = await session({ successUrl: `https://shop.example/${' '.repeat(1000)}x` });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'parameter_invalid', param: 'successUrl' });
  });
});

describe('operator answers stay out of errors and logs (item 19)', () => {
  let server: http.Server;
  let url: string;
  const PHONE = '2250554120000';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const bodies: Record<string, string> = {
        '/momo': JSON.stringify({ code: 'PAYER_NOT_FOUND', message: `Payer ${PHONE} (Awa Koné) not found` }),
        '/lnd': JSON.stringify({ code: 2, message: `invoice for +${PHONE}`, details: [] }),
        '/digits': JSON.stringify({ reason: PHONE, message: 'x' }),
        '/text': `<html>payer ${PHONE}</html>`,
      };
      res.writeHead(req.url === '/lnd' ? 500 : 400, { 'content-type': 'application/json' }).end(bodies[req.url ?? ''] ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('a refused request names the status and a code-like reason, never the body', async () => {
    const errors: BackendError[] = [];
    for (const path of ['/momo', '/lnd', '/digits', '/text']) {
      const res = await httpRequest('mobile_money_a', { method: 'POST', url: `${url}${path}`, body: {}, timeoutMs: 2_000 });
      try {
        expectStatus('mobile_money_a', res, [202], 'requesttopay');
      } catch (err) {
        errors.push(err as BackendError);
      }
    }
    expect(errors.map((e) => e.message)).toEqual([
      'requesttopay: the backend answered HTTP 400 (code PAYER_NOT_FOUND)',
      'requesttopay: the backend answered HTTP 500 (code 2)',
      'requesttopay: the backend answered HTTP 400',
      'requesttopay: the backend answered HTTP 400',
    ]);
    expect(errors.map((e) => e.status)).toEqual([400, 500, 400, 400]);
    for (const e of errors) expect(e.message).not.toContain('0554120000');
    expect(shortReason('{"error":"Bad Request"}')).toBeNull(); // free text is not a reason
    expect(shortReason('{"error":"RESOURCE_NOT_FOUND"}')).toBe('error RESOURCE_NOT_FOUND');
  });

  it('the logger redacts payer and secret fields and masks international numbers in messages', () => {
    expect(
      redact({
        phone: '+2250554120000',
        partyId: PHONE,
        authorization: 'Bearer sk_live_x',
        rail: 'mobile_money_a',
        nested: { payerMessage: 'hi', attemptId: 'att_1' },
      }),
    ).toEqual({
      phone: '[redacted]',
      partyId: '[redacted]',
      authorization: '[redacted]',
      rail: 'mobile_money_a',
      nested: { payerMessage: '[redacted]', attemptId: 'att_1' },
    });
    expect(redact('push to +2250554120000 failed; 00237690120000 too')).toBe('push to +***********00 failed; +**********00 too');
    expect(redact('amount 1500 at 2024-01-02T03:04:05Z, attempt att_12345678')).toBe('amount 1500 at 2024-01-02T03:04:05Z, attempt att_12345678');
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      log('error', 'rail backend failed', { rail: 'mobile_money_a', error: `Payer +${PHONE} not found`, phone: `+${PHONE}` });
      const line = String(write.mock.calls[0]![0]);
      expect(line).not.toContain('0554120000');
      expect(JSON.parse(line)).toMatchObject({ msg: 'rail backend failed', rail: 'mobile_money_a', phone: '[redacted]' });
    } finally {
      write.mockRestore();
    }
  });
});

describe('text PostgreSQL cannot store, from any entry point (issue 24, item 7)', () => {
  it('a NUL or an unpaired surrogate reaching a query is refused before the statement, as bad input', async () => {
    const scope = { merchantId: m.merchant.id, livemode: false };
    const before = (await db().query<{ n: number }>(`select count(*)::int as n from products where merchant_id = $1`, [m.merchant.id]))[0]!.n;
    // What the dashboard's product form does (its zod schema alone lets these through).
    for (const name of ['Thé\u0000vert', 'Thé \uD800 vert']) {
      const input = createProductInput.parse({ name });
      await expect(createProduct(db(), scope, input), JSON.stringify(name)).rejects.toMatchObject({ name: 'DomainError', code: 'parameter_invalid' });
    }
    // An emoji (a surrogate pair) is text like any other.
    expect((await createProduct(db(), scope, createProductInput.parse({ name: 'Thé 🍵' }))).name).toBe('Thé 🍵');
    expect((await db().query<{ n: number }>(`select count(*)::int as n from products where merchant_id = $1`, [m.merchant.id]))[0]!.n).toBe(before + 1);
  });

  it('the dashboard payments filters refuse a NUL before the search, the list or the export reads anything', () => {
    for (const params of [{ q: 'order\u00001' }, { after: 'pi_\u0000' }, { before: '\u0000' }, { q: 'x\uDC00' }]) {
      const parsed = parsePaymentFilters(params, 'Africa/Abidjan');
      expect(parsed.ok, JSON.stringify(params)).toBe(false);
    }
    expect(parsePaymentFilters({ q: 'order-1' }, 'Africa/Abidjan').ok).toBe(true);
  });
});
