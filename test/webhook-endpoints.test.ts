import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setResolver } from '@/lib/ssrf';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
// Endpoints of this file's merchants go when it ends, so a shared PostgreSQL test database keeps
// no deliveries a later run's worker would try.
const TAG = `webhook test ${randomUUID()}`;
afterAll(() => db().query(`delete from webhook_endpoints where merchant_id in (select id from merchants where name = $1)`, [TAG]));

afterEach(() => setResolver(undefined));

/** A fake DNS: names ending in .example.test resolve to what the map says. */
function fakeDns(map: Record<string, string[]>) {
  setResolver(async (host) => {
    const ips = map[host];
    if (!ips) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return ips.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  });
}

describe('[webhook endpoints]: create, read, update, delete', () => {
  it('creates an endpoint and shows its whsec_ secret once', async () => {
    const m = await newMerchant(db(), TAG);
    const r = await call('POST', '/v1/webhook_endpoints', {
      key: m.keys.test,
      body: { url: 'http://127.0.0.1:4000/hooks', enabledEvents: ['payment_intent.succeeded', 'payment_intent.succeeded'], description: 'Orders' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'webhook_endpoint',
      url: 'http://127.0.0.1:4000/hooks',
      enabledEvents: ['payment_intent.succeeded'],
      description: 'Orders',
      status: 'enabled',
      disabledReason: null,
      previousSecretExpiresAt: null,
      livemode: false,
    });
    expect(r.body.id).toMatch(/^we_/);
    expect(r.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(r.body.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(() => new Webhook(r.body.secret)).not.toThrow(); // the official library takes it as is

    const one = await call('GET', `/v1/webhook_endpoints/${r.body.id}`, { key: m.keys.test });
    expect(one.status).toBe(200);
    expect(one.body.secret).toBeUndefined();
    const { secret: _s, ...shown } = r.body;
    expect(one.body).toEqual(shown);
    const list = await call('GET', '/v1/webhook_endpoints', { key: m.keys.test });
    expect(list.body).toMatchObject({ object: 'list', hasMore: false, url: '/v1/webhook_endpoints' });
    expect(list.body.data).toEqual([shown]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    // Another mode or merchant does not see it.
    expect((await call('GET', `/v1/webhook_endpoints/${r.body.id}`, { key: m.keys.live })).status).toBe(404);
  });

  it('updates url, events, description and disabled; deletes', async () => {
    const m = await newMerchant(db(), TAG);
    const we = (
      await call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body: { url: 'http://localhost:4000/a', enabledEvents: ['*', 'product.created'] } })
    ).body;
    expect(we.enabledEvents).toEqual(['*']);
    const up = await call('POST', `/v1/webhook_endpoints/${we.id}`, {
      key: m.keys.test,
      body: { url: 'http://localhost:4000/b', enabledEvents: ['product.created', 'price.created'], description: 'Catalogue', disabled: true },
    });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      url: 'http://localhost:4000/b',
      enabledEvents: ['product.created', 'price.created'],
      description: 'Catalogue',
      status: 'disabled',
      disabledReason: 'manual',
    });
    expect(up.body.secret).toBeUndefined();
    const on = await call('POST', `/v1/webhook_endpoints/${we.id}`, { key: m.keys.test, body: { disabled: false, description: null } });
    expect(on.body).toMatchObject({ status: 'enabled', disabledReason: null, description: null });
    const del = await call('DELETE', `/v1/webhook_endpoints/${we.id}`, { key: m.keys.test });
    expect(del.body).toEqual({ id: we.id, object: 'webhook_endpoint', deleted: true });
    expect((await call('GET', `/v1/webhook_endpoints/${we.id}`, { key: m.keys.test })).status).toBe(404);
    expect((await call('DELETE', `/v1/webhook_endpoints/${we.id}`, { key: m.keys.test })).status).toBe(404);
  });

  it('validates its parameters', async () => {
    const m = await newMerchant(db(), TAG);
    const post = (body: unknown) => call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body });
    expect((await post({ enabledEvents: ['*'] })).body.error).toMatchObject({ code: 'parameter_missing', param: 'url' });
    expect((await post({ url: 'http://localhost/x' })).body.error).toMatchObject({ code: 'parameter_missing', param: 'enabledEvents' });
    expect((await post({ url: 'http://localhost/x', enabledEvents: [] })).body.error).toMatchObject({ code: 'parameter_invalid', param: 'enabledEvents' });
    expect((await post({ url: 'http://localhost/x', enabledEvents: ['charge.succeeded'] })).body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'enabledEvents[0]',
    });
    expect((await post({ url: 'http://localhost/x', enabledEvents: ['*'], secret: 'mine' })).body.error).toMatchObject({
      code: 'parameter_unknown',
      param: 'secret',
    });
    expect((await post({ url: 'ftp://example.com/x', enabledEvents: ['*'] })).body.error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
    expect((await post({ url: 'not a url', enabledEvents: ['*'] })).body.error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
    expect((await post({ url: 'http://user:pw@localhost/x', enabledEvents: ['*'] })).body.error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
    const upd = await call('POST', '/v1/webhook_endpoints/we_missing0000000000000', { key: m.keys.test, body: { disabled: true } });
    expect(upd.status).toBe(404);
  });

  it('caps the endpoints of a merchant and mode at 16', async () => {
    const m = await newMerchant(db(), TAG);
    for (let i = 0; i < 16; i++)
      expect((await call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body: { url: `http://localhost/${i}`, enabledEvents: ['*'] } })).status).toBe(
        200,
      );
    const r = await call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body: { url: 'http://localhost/17', enabledEvents: ['*'] } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('webhook_endpoint_limit');
  });
});

describe('[webhook endpoints]: the SSRF guard at creation', () => {
  it('refuses loopback, private and link-local targets in live mode, also behind a hostname', async () => {
    const m = await newMerchant(db(), TAG);
    fakeDns({
      'loop.example.test': ['127.0.0.1'],
      'meta.example.test': ['169.254.169.254'],
      'lan.example.test': ['93.184.216.34', '10.0.0.1'],
      'six.example.test': ['::ffff:127.0.0.1'],
      'ok.example.test': ['93.184.216.34'],
    });
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://10.0.0.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://0.0.0.0:8443/hooks',
      'https://loop.example.test/hooks',
      'https://meta.example.test/hooks',
      'https://lan.example.test/hooks',
      'https://six.example.test/hooks',
      'https://nowhere.example.test/hooks',
    ]) {
      const r = await call('POST', '/v1/webhook_endpoints', { key: m.keys.live, body: { url, enabledEvents: ['*'] } });
      expect(r.status, url).toBe(400);
      expect(r.body.error, url).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param: 'url' });
    }
    const loop = await call('POST', '/v1/webhook_endpoints', { key: m.keys.live, body: { url: 'https://loop.example.test/hooks', enabledEvents: ['*'] } });
    expect(loop.body.error.message).toContain('127.0.0.1');
    expect(loop.body.error.message).toContain('loopback');

    const http = await call('POST', '/v1/webhook_endpoints', { key: m.keys.live, body: { url: 'http://ok.example.test/hooks', enabledEvents: ['*'] } });
    expect(http.status).toBe(400);
    expect(http.body.error.message).toMatch(/must use https/);

    const ok = await call('POST', '/v1/webhook_endpoints', { key: m.keys.live, body: { url: 'https://ok.example.test/hooks', enabledEvents: ['*'] } });
    expect(ok.status).toBe(200);
    expect(ok.body.livemode).toBe(true);
    // Updating to an internal URL is refused the same way.
    const upd = await call('POST', `/v1/webhook_endpoints/${ok.body.id}`, { key: m.keys.live, body: { url: 'https://10.0.0.1/x' } });
    expect(upd.body.error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
    expect((await call('GET', `/v1/webhook_endpoints/${ok.body.id}`, { key: m.keys.live })).body.url).toBe('https://ok.example.test/hooks');
  });

  it('lets test mode target loopback and private addresses over http, for local development', async () => {
    const m = await newMerchant(db(), TAG);
    for (const url of ['http://127.0.0.1:3001/hooks', 'http://10.0.0.1/hooks', 'http://localhost:8080/x', 'http://tunnel-not-up.invalid/x'])
      expect((await call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body: { url, enabledEvents: ['*'] } })).status, url).toBe(200);
    // ...but never a cloud metadata service.
    const meta = await call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body: { url: 'http://169.254.169.254/latest', enabledEvents: ['*'] } });
    expect(meta.body.error).toMatchObject({ code: 'parameter_invalid', param: 'url' });
  });
});

describe('[webhook endpoints]: rolling the secret', () => {
  it('returns a new secret once; the old one keeps an overlap (default 24 h, at most 7 days)', async () => {
    const m = await newMerchant(db(), TAG);
    const we = (await call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body: { url: 'http://127.0.0.1:1/x', enabledEvents: ['*'] } })).body;
    const before = Math.floor(Date.now() / 1000);
    const rolled = await call('POST', `/v1/webhook_endpoints/${we.id}/roll_secret`, { key: m.keys.test });
    expect(rolled.status).toBe(200);
    expect(rolled.body.secret).toMatch(/^whsec_/);
    expect(rolled.body.secret).not.toBe(we.secret);
    expect(rolled.body.previousSecretExpiresAt).toBeGreaterThanOrEqual(before + 24 * 3600);
    expect(rolled.body.previousSecretExpiresAt).toBeLessThanOrEqual(before + 24 * 3600 + 5);
    const tooLong = await call('POST', `/v1/webhook_endpoints/${we.id}/roll_secret`, { key: m.keys.test, body: { expiresInSeconds: 8 * 24 * 3600 } });
    expect(tooLong.body.error).toMatchObject({ code: 'parameter_invalid', param: 'expiresInSeconds' });
    const now = await call('POST', `/v1/webhook_endpoints/${we.id}/roll_secret`, { key: m.keys.test, body: { expiresInSeconds: 0 } });
    expect(now.body.previousSecretExpiresAt).toBeNull();
    expect((await call('GET', `/v1/webhook_endpoints/${we.id}`, { key: m.keys.test })).body.secret).toBeUndefined();
  });
});
