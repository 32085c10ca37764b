import { randomUUID } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { MerchantKeys } from '@/lib/domain/merchants';
import { type Resolver, setResolver } from '@/lib/ssrf';
import { claimDueDeliveries, type DeliveryOptions, deliverClaimed, deliverDueWebhooks, retryDelay, retryDelivery } from '@/lib/webhooks/deliveries';
import { startWorker, type WorkerTask } from '@/lib/worker';
import { workerTasks } from '@/lib/worker/tasks';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { assertMoneyInvariant } from './invariant';
import { freePort, type Receiver, startReceiver } from './webhook-receiver';

const { db } = useDatabase();
// Endpoints of this file's merchants go when it ends, so a shared PostgreSQL test database keeps
// no deliveries a later run's worker would try.
const TAG = `webhook test ${randomUUID()}`;
afterAll(() => db().query(`delete from webhook_endpoints where merchant_id in (select id from merchants where name = $1)`, [TAG]));

const receivers: Receiver[] = [];
afterEach(async () => {
  setResolver(undefined);
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(opts: Parameters<typeof startReceiver>[0] = {}): Promise<Receiver> {
  const r = await startReceiver(opts);
  receivers.push(r);
  return r;
}

const nowS = () => Math.floor(Date.now() / 1000);

/** Run the delivery task for this merchant at schedule time `at` until nothing is due. */
async function drain(m: MerchantKeys, at: number, extra: DeliveryOptions = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deliverDueWebhooks(db(), { merchantId: m.merchant.id, now: () => at, ...extra });
    total += n;
    if (n === 0) return total;
  }
}

async function endpoint(m: MerchantKeys, url: string, enabledEvents: string[] = ['*'], key = m.keys.test) {
  const r = await call('POST', '/v1/webhook_endpoints', { key, body: { url, enabledEvents } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string; secret: string; url: string };
}

async function deliveries(m: MerchantKeys, endpointId: string, key = m.keys.test) {
  const r = await call('GET', `/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`, { key });
  expect(r.status).toBe(200);
  return r.body.data as any[];
}

const product = (m: MerchantKeys, name: string, key = m.keys.test) => call('POST', '/v1/products', { key, body: { name } });

function verify(secret: string, r: { body: string; headers: Record<string, string> }): any {
  return new Webhook(secret).verify(r.body, r.headers);
}

describe('[webhooks]: signed delivery per Standard Webhooks', () => {
  it('delivers every event; the official library verifies it; the body is the event as the API shows it', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver();
    const we = await endpoint(m, rx.url);
    const p = await product(m, 'Mug');
    await call('POST', `/v1/products/${p.body.id}`, { key: m.keys.test, body: { name: 'Big mug' } });

    const t = nowS();
    expect(await drain(m, t, { signingNow: () => t })).toBe(2);
    expect(rx.received).toHaveLength(2);
    for (const r of rx.received) {
      const payload = verify(we.secret, r);
      const event = await call('GET', `/v1/events/${r.headers['webhook-id']}`, { key: m.keys.test });
      expect(event.status).toBe(200);
      expect(payload).toEqual(event.body);
      expect(r.body).toBe(JSON.stringify(event.body)); // byte for byte
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(r.headers['webhook-timestamp']).toBe(String(t)); // the signing clock's time, in seconds
      expect(r.path).toBe('/hooks');
    }
    const types = rx.received.map((r) => JSON.parse(r.body).type).sort();
    expect(types).toEqual(['product.created', 'product.updated']);

    // Tampering with the body, the id or the timestamp breaks the signature.
    const first = rx.received[0]!;
    expect(() => verify(we.secret, { ...first, body: first.body.replace('"object":"event"', '"object":"evenT"') })).toThrow(WebhookVerificationError);
    expect(() => verify(we.secret, { ...first, headers: { ...first.headers, 'webhook-id': 'evt_other' } })).toThrow(WebhookVerificationError);
    expect(() =>
      verify(we.secret, { ...first, headers: { ...first.headers, 'webhook-timestamp': String(Number(first.headers['webhook-timestamp']) - 1) } }),
    ).toThrow(WebhookVerificationError);
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, first)).toThrow(WebhookVerificationError);

    const ds = await deliveries(m, we.id);
    expect(ds).toHaveLength(2);
    for (const d of ds) {
      expect(d).toMatchObject({
        object: 'webhook_delivery',
        endpointId: we.id,
        status: 'succeeded',
        attemptCount: 1,
        nextAttemptAt: null,
        lastResponseStatus: 200,
        lastError: null,
        livemode: false,
      });
      expect(d.id).toMatch(/^whd_/);
      expect(d.attempts).toEqual([expect.objectContaining({ manual: false, responseStatus: 200, error: null, responseBody: null })]); // an internal address: body not kept
    }
    expect(await drain(m, t + 86400)).toBe(0); // nothing twice
  });

  it('a stale timestamp fails verification', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver();
    const we = await endpoint(m, rx.url);
    await product(m, 'Old');
    const [d] = await deliveries(m, we.id);
    // A delivery signed 10 minutes ago (a replay, or a clock far off) is refused by the receiver.
    await retryDelivery(db(), { merchantId: m.merchant.id, livemode: false }, we.id, d.id, { signingNow: () => nowS() - 600 });
    expect(rx.received).toHaveLength(1);
    expect(() => verify(we.secret, rx.received[0]!)).toThrow(/too old/);
  });

  it('signs with both secrets during a roll overlap, then with the new one only', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver();
    const we = await endpoint(m, rx.url);
    const rolled = (await call('POST', `/v1/webhook_endpoints/${we.id}/roll_secret`, { key: m.keys.test, body: { expiresInSeconds: 3600 } })).body;
    await product(m, 'During overlap');
    await drain(m, nowS());
    const during = rx.received[0]!;
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verify(rolled.secret, during)).toMatchObject({ type: 'product.created' });
    expect(verify(we.secret, during)).toMatchObject({ type: 'product.created' });

    // Past the overlap only the new secret signs.
    await product(m, 'After overlap');
    await drain(m, nowS() + 3601);
    const after = rx.received[1]!;
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verify(rolled.secret, after)).toMatchObject({ type: 'product.created' });
    expect(() => verify(we.secret, after)).toThrow(WebhookVerificationError);
  });
});

describe('[webhooks]: retries, 410 and giving up', () => {
  it('a receiver answering 500 then 200 is retried after 5 s, then left alone', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver({ respond: (_r, i) => (i === 0 ? 500 : 200) });
    const we = await endpoint(m, rx.url);
    await product(m, 'Retry me');
    const t = nowS();
    const noJitter = { random: () => 0.5 }; // 0.9 + 0.2 * 0.5 = exactly the scheduled wait
    expect(await drain(m, t, noJitter)).toBe(1);
    let [d] = await deliveries(m, we.id);
    expect(d).toMatchObject({ status: 'pending', attemptCount: 1, lastResponseStatus: 500, lastError: 'HTTP 500', nextAttemptAt: t + 5 });
    expect(await drain(m, t + 4, noJitter)).toBe(0); // not yet due
    expect(await drain(m, t + 5, noJitter)).toBe(1);
    [d] = await deliveries(m, we.id);
    expect(d).toMatchObject({ status: 'succeeded', attemptCount: 2, lastResponseStatus: 200, nextAttemptAt: null });
    expect(d.attempts.map((a: any) => a.responseStatus)).toEqual([500, 200]);
    expect(await drain(m, t + 10 * 86400)).toBe(0);
    expect(rx.received).toHaveLength(2);
    expect(rx.received[0]!.headers['webhook-id']).toBe(rx.received[1]!.headers['webhook-id']);
    expect(rx.received[0]!.body).toBe(rx.received[1]!.body);
    for (const r of rx.received) verify(we.secret, r);
  });

  it('a 410 disables the endpoint; it then gets no new events until re-enabled', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver({ respond: () => 410 });
    const we = await endpoint(m, rx.url);
    await product(m, 'Gone');
    expect(await drain(m, nowS())).toBe(1);
    const one = (await call('GET', `/v1/webhook_endpoints/${we.id}`, { key: m.keys.test })).body;
    expect(one).toMatchObject({ status: 'disabled', disabledReason: 'http_410' });
    const [d] = await deliveries(m, we.id);
    expect(d).toMatchObject({ status: 'failed', lastResponseStatus: 410, nextAttemptAt: null });
    await product(m, 'Not sent');
    expect(await deliveries(m, we.id)).toHaveLength(1);
    expect(await drain(m, nowS() + 86400)).toBe(0);
    expect(rx.received).toHaveLength(1);
    const on = await call('POST', `/v1/webhook_endpoints/${we.id}`, { key: m.keys.test, body: { disabled: false } });
    expect(on.body).toMatchObject({ status: 'enabled', disabledReason: null });
    await product(m, 'Sent again');
    expect(await deliveries(m, we.id)).toHaveLength(2);
  });

  it('follows the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then fails and disables the endpoint', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver({ respond: () => 503 });
    const we = await endpoint(m, rx.url);
    await product(m, 'Never');
    const t0 = nowS();
    const noJitter = { random: () => 0.5 }; // exactly the scheduled waits (jitter: its own test below)
    const waits = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400];
    let t = t0;
    for (let i = 1; i <= 10; i++) {
      expect(await drain(m, t, noJitter), `attempt ${i}`).toBe(1);
      const [d] = await deliveries(m, we.id);
      expect(d.attemptCount).toBe(i);
      if (i < 10) {
        expect(d).toMatchObject({ status: 'pending', nextAttemptAt: t + waits[i - 1]! });
        expect(await drain(m, d.nextAttemptAt - 1, noJitter)).toBe(0);
        t = d.nextAttemptAt;
      } else {
        expect(d).toMatchObject({ status: 'failed', nextAttemptAt: null, lastResponseStatus: 503 });
      }
    }
    expect(t - t0).toBe(272_105); // 3 days 3 h 35 min 5 s from the first attempt to the last
    expect((await call('GET', `/v1/webhook_endpoints/${we.id}`, { key: m.keys.test })).body).toMatchObject({
      status: 'disabled',
      disabledReason: 'retries_exhausted',
    });
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(rx.received).toHaveLength(10);
  });

  it('does not disable an endpoint that keeps accepting other events', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver({ respond: (r) => (r.body.includes('Poison') ? 400 : 200) });
    const we = await endpoint(m, rx.url);
    await product(m, 'Poison');
    let t = nowS();
    for (let i = 1; i <= 10; i++) {
      await product(m, `Fine ${i}`);
      await drain(m, t);
      t += 27 * 3600; // past every wait (24 h + 10% jitter) of the schedule: one attempt of the poison event per step
    }
    const ds = await deliveries(m, we.id);
    const poison = ds.find((d) => d.lastResponseStatus === 400)!;
    expect(poison).toMatchObject({ status: 'failed', attemptCount: 10 });
    expect(ds.filter((d) => d.status === 'succeeded')).toHaveLength(10);
    expect((await call('GET', `/v1/webhook_endpoints/${we.id}`, { key: m.keys.test })).body.status).toBe('enabled');
  });

  it('schedule jitter stays within ±10%', () => {
    expect(retryDelay(1, () => 0)).toBe(5 - 0); // 4.5 rounds to 5
    expect(retryDelay(1, () => 1)).toBe(6); // 5.5 rounds to 6
    expect(retryDelay(2, () => 0)).toBe(270);
    expect(retryDelay(2, () => 0.999999)).toBe(330);
    expect(retryDelay(9, () => 0.5)).toBe(86400);
    expect(retryDelay(9, () => 0)).toBe(77_760);
    expect(retryDelay(10)).toBeNull();
  });

  it('a receiver that does not answer in time is retried with the same webhook-id', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver({ respond: (_r, i) => (i === 0 ? 'hang' : 200) });
    const we = await endpoint(m, rx.url);
    await product(m, 'Slow');
    const t = nowS();
    expect(await drain(m, t, { timeoutMs: 300 })).toBe(1);
    const [d] = await deliveries(m, we.id);
    expect(d).toMatchObject({ status: 'pending', lastResponseStatus: null });
    expect(d.lastError).toMatch(/no answer within/);
    expect(await drain(m, t + 10)).toBe(1);
    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual([d.eventId, d.eventId]);
  });

  it('never follows a redirect', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver({ respond: () => 302 });
    const we = await endpoint(m, rx.url);
    await product(m, 'Moved');
    await drain(m, nowS());
    const [d] = await deliveries(m, we.id);
    expect(d).toMatchObject({ status: 'pending', lastResponseStatus: 302 });
    expect(d.lastError).toMatch(/redirects are not followed/);
    expect(rx.received).toHaveLength(1);
  });
});

describe('[webhooks]: outages, crashes and concurrent workers', () => {
  it('receiver down while 100 payments succeed, then up: all 100 arrive, each with one id', async () => {
    const m = await newMerchant(db(), TAG);
    const port = await freePort();
    const we = await endpoint(m, `http://127.0.0.1:${port}/hooks`, ['payment_intent.succeeded']);
    // 100 real payments: created through the API and paid through the test helper (the simulated
    // operator), so each `payment_intent.succeeded` is the one the payment engine writes.
    const amounts = new Map<string, number>();
    for (let i = 0; i < 100; i++) {
      const pi = await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 1000 + i, currency: 'XOF', rail: 'mobile_money_a' } });
      expect(pi.status).toBe(200);
      const paid = await call('POST', `/v1/test_helpers/payment_intents/${pi.body.id}/pay`, { key: m.keys.test, body: {} });
      expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ status: 'succeeded', amountReceived: 1000 + i });
      amounts.set(pi.body.id, 1000 + i);
    }
    const t = nowS();
    for (const [id, amount] of amounts)
      expect(await assertMoneyInvariant(db(), id, { paid: amount, now: t })).toEqual([
        'payment_intent.created',
        'payment_intent.pending',
        'payment_intent.succeeded',
      ]);

    expect(await drain(m, t)).toBe(100); // all refused: nobody listens
    const down = await deliveries(m, we.id);
    expect(down).toHaveLength(100);
    for (const d of down) expect(d).toMatchObject({ status: 'pending', eventType: 'payment_intent.succeeded', lastResponseStatus: null, attemptCount: 1 });
    expect(down[0].lastError).toMatch(/ECONNREFUSED/);

    const rx = await receiver({ port });
    expect(await drain(m, t + 60)).toBe(100);
    expect(await drain(m, t + 10 * 86400)).toBe(0);
    expect(rx.received).toHaveLength(100);
    const idsByIntent = new Map<string, Set<string>>();
    for (const r of rx.received) {
      const event = verify(we.secret, r);
      expect(event.type).toBe('payment_intent.succeeded');
      expect(event.id).toBe(r.headers['webhook-id']);
      // The intent as it was when it succeeded: paid in full.
      expect(event.data.object).toMatchObject({ status: 'succeeded', amountReceived: amounts.get(event.data.object.id) });
      const set = idsByIntent.get(event.data.object.id) ?? new Set();
      set.add(r.headers['webhook-id']!);
      idsByIntent.set(event.data.object.id, set);
    }
    expect([...idsByIntent.keys()].sort()).toEqual([...amounts.keys()].sort());
    for (const ids of idsByIntent.values()) expect(ids.size).toBe(1);
    for (const d of await deliveries(m, we.id)) expect(d).toMatchObject({ status: 'succeeded', attemptCount: 2 });
  });

  it('a worker killed mid-delivery: its lease expires and the event is delivered again, same webhook-id', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver();
    const we = await endpoint(m, rx.url);
    await product(m, 'Crash');
    const t = nowS();
    // The "killed" worker: it claimed the row (lease taken) and never finished.
    const claimed = await claimDueDeliveries(db(), { merchantId: m.merchant.id, now: () => t });
    expect(claimed.rows).toHaveLength(1);
    expect(await drain(m, t + 30)).toBe(0); // the lease hides it from other workers
    expect(rx.received).toHaveLength(0);
    expect(await drain(m, t + 61)).toBe(1); // lease expired: redelivered
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]!.headers['webhook-id']).toBe(claimed.rows[0]!.event_id);
    verify(we.secret, rx.received[0]!);
    const [d] = await deliveries(m, we.id);
    expect(d).toMatchObject({ status: 'succeeded', attemptCount: 2 });
  });

  it('a worker that wakes up after its lease was taken over records its attempt but does not overwrite the outcome', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver({ respond: (_r, i) => (i === 0 ? 200 : 500) });
    const we = await endpoint(m, rx.url);
    await product(m, 'Paused worker');
    const t = nowS();
    const stale = await claimDueDeliveries(db(), { merchantId: m.merchant.id, now: () => t }); // then "freezes"
    expect(await drain(m, t + 61)).toBe(1); // another worker takes over and succeeds
    await deliverClaimed(db(), stale, { now: () => t + 62 }); // the frozen one resumes: its copy gets a 500
    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual([stale.rows[0]!.event_id, stale.rows[0]!.event_id]);
    const [d] = await deliveries(m, we.id);
    expect(d).toMatchObject({ status: 'succeeded', lastResponseStatus: 200, nextAttemptAt: null });
    expect(d.attempts.map((a: any) => a.responseStatus)).toEqual([200, 500]);
    expect(await drain(m, t + 86400)).toBe(0);
  });

  // A concurrency test: it means something on PostgreSQL only, where the two workers' claims
  // (`for update skip locked`) really run at once on separate connections. PGlite runs one statement
  // at a time, so there the claims merely alternate; it stays in both runs (npm test runs both).
  it('two workers running at once never deliver the same row twice', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver({ respond: () => new Promise((resolve) => setTimeout(() => resolve(200), 100)) });
    const we = await endpoint(m, rx.url);
    for (let i = 0; i < 8; i++) await product(m, `P${i}`);
    const t = nowS();
    const opts = { merchantId: m.merchant.id, now: () => t, batchSize: 2 };
    const [a, b] = await Promise.all([deliverDueWebhooks(db(), opts), deliverDueWebhooks(db(), opts)]);
    expect(a + b).toBe(8);
    expect(rx.received).toHaveLength(8);
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(8);
    expect((await deliveries(m, we.id)).every((d) => d.status === 'succeeded' && d.attemptCount === 1)).toBe(true);
  });
});

describe('[webhooks]: fan-out, modes and the SSRF guard at delivery', () => {
  // The live endpoints here name a receiver's random port: this deployment allows every port.
  useLiveConfig(() => ({ WEBHOOK_ALLOWED_PORTS: '*' }));

  it('test events never reach live endpoints and vice versa; later endpoints get no older events; filters apply', async () => {
    const m = await newMerchant(db(), TAG);
    setResolver(async () => [{ address: '93.184.216.34', family: 4 }]);
    const liveWe = await endpoint(m, 'https://hooks.example.test/live', ['*'], m.keys.live);
    const testWe = await endpoint(m, 'http://127.0.0.1:9/test');
    const onlyPrices = await endpoint(m, 'http://127.0.0.1:9/prices', ['price.created']);
    await product(m, 'Test thing');
    await product(m, 'Live thing', m.keys.live);
    const late = await endpoint(m, 'http://127.0.0.1:9/late');

    const liveDs = await deliveries(m, liveWe.id, m.keys.live);
    expect(liveDs).toHaveLength(1);
    expect(liveDs[0]).toMatchObject({ livemode: true, eventType: 'product.created' });
    const testDs = await deliveries(m, testWe.id);
    expect(testDs).toHaveLength(1);
    expect(testDs[0].livemode).toBe(false);
    expect((await call('GET', `/v1/events/${testDs[0].eventId}`, { key: m.keys.test })).body.data.object.name).toBe('Test thing');
    expect(await deliveries(m, onlyPrices.id)).toHaveLength(0);
    expect(await deliveries(m, late.id)).toHaveLength(0);
    // A delivery row exists once per (event, endpoint).
    const { fanOutEvent } = await import('@/lib/domain/fanout');
    const ev = (await call('GET', `/v1/events/${testDs[0].eventId}`, { key: m.keys.test })).body;
    const again = await db().transaction((tx) => fanOutEvent(tx, m.merchant.id, ev));
    expect(again).toBe(1); // only the late endpoint, which did not exist then, could get one
    await expect(
      db().query(
        `insert into webhook_deliveries (id, merchant_id, livemode, event_id, endpoint_id, event_type, status, next_attempt_at, created_at, updated_at)
      values ('whd_dup', $1, false, $2, $3, 'product.created', 'pending', 0, 0, 0)`,
        [m.merchant.id, ev.id, testWe.id],
      ),
    ).rejects.toThrow();
  });

  it('checks the address again at delivery (after DNS), sends nothing to an internal one, and connects to the address it checked', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver();
    setResolver(async () => [{ address: '93.184.216.34', family: 4 }]);
    const we = await endpoint(m, `https://rebind.example.test:${rx.port}/hooks`, ['*'], m.keys.live);
    await product(m, 'Live', m.keys.live);
    // The name now points inside (DNS rebinding): refused before any connection.
    let day = 0;
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254']) {
      const r: Resolver = async () => [{ address, family: 4 }];
      day += 1;
      expect(await deliverDueWebhooks(db(), { merchantId: m.merchant.id, now: () => nowS() + 86400 * day, resolver: r })).toBe(1);
      const [d] = await deliveries(m, we.id, m.keys.live);
      expect(d.lastError).toContain(`not sent: rebind.example.test resolves to ${address}`);
      expect(d.lastResponseStatus).toBeNull();
    }
    expect(rx.connections).toBe(0);

    // Test mode may target loopback; the connection goes to the resolved (checked) address,
    // not to a second lookup: the system resolver knows nothing of .example.test.
    const tWe = await endpoint(m, `http://pinned.example.test:${rx.port}/hooks`);
    await product(m, 'Test');
    expect(await drain(m, nowS(), { resolver: async () => [{ address: '127.0.0.1', family: 4 }] })).toBe(1);
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]!.headers.host).toBe(`pinned.example.test:${rx.port}`);
    verify(tWe.secret, rx.received[0]!);

    // Every checked address is tried (happy eyeballs), still without a second lookup.
    await product(m, 'Second address');
    const two: Resolver = async () => [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    expect(await drain(m, nowS(), { resolver: two })).toBe(1);
    expect(rx.received).toHaveLength(2);
  });
});

describe('[webhooks]: deliveries API and manual resend', () => {
  it('resends a delivery with the same webhook-id and records the manual attempt', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver();
    const we = await endpoint(m, rx.url);
    await product(m, 'Again');
    await drain(m, nowS());
    const [d] = await deliveries(m, we.id);
    const r = await call('POST', `/v1/webhook_endpoints/${we.id}/deliveries/${d.id}/retry`, { key: m.keys.test });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: d.id, status: 'succeeded', attemptCount: 2 });
    expect(r.body.attempts.map((a: any) => a.manual)).toEqual([false, true]);
    expect(rx.received.map((x) => x.headers['webhook-id'])).toEqual([d.eventId, d.eventId]);
    for (const x of rx.received) verify(we.secret, x);
    const one = await call('GET', `/v1/webhook_endpoints/${we.id}/deliveries/${d.id}`, { key: m.keys.test });
    expect(one.body).toEqual(r.body);
    const filtered = await call('GET', `/v1/webhook_endpoints/${we.id}/deliveries?status=pending`, { key: m.keys.test });
    expect(filtered.body.data).toEqual([]);
    const byEvent = await call('GET', `/v1/webhook_endpoints/${we.id}/deliveries?eventId=${d.eventId}`, { key: m.keys.test });
    expect(byEvent.body.data.map((x: any) => x.id)).toEqual([d.id]);
    expect((await call('POST', `/v1/webhook_endpoints/${we.id}/deliveries/whd_nope00000000000000/retry`, { key: m.keys.test })).status).toBe(404);
    expect((await call('GET', `/v1/webhook_endpoints/we_nope000000000000000/deliveries`, { key: m.keys.test })).status).toBe(404);
    expect((await call('GET', `/v1/webhook_endpoints/${we.id}/deliveries`, { key: m.keys.live })).status).toBe(404);
  });

  it('refuses to resend a delivery another worker holds', async () => {
    const m = await newMerchant(db(), TAG);
    const we = await endpoint(m, 'http://127.0.0.1:9/x');
    await product(m, 'Held');
    const [d] = await deliveries(m, we.id);
    await claimDueDeliveries(db(), { merchantId: m.merchant.id });
    const r = await call('POST', `/v1/webhook_endpoints/${we.id}/deliveries/${d.id}/retry`, { key: m.keys.test });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('unexpected_state');
  });

  it('deleting an endpoint drops its pending deliveries', async () => {
    const m = await newMerchant(db(), TAG);
    const we = await endpoint(m, 'http://127.0.0.1:9/x');
    await product(m, 'Orphan');
    await call('DELETE', `/v1/webhook_endpoints/${we.id}`, { key: m.keys.test });
    expect(await drain(m, nowS() + 86400)).toBe(0);
    expect(await db().query(`select 1 from webhook_deliveries where endpoint_id = $1`, [we.id])).toEqual([]);
  });

  it('the running worker delivers by itself, once a second', async () => {
    const m = await newMerchant(db(), TAG);
    const rx = await receiver();
    await endpoint(m, rx.url);
    await product(m, 'Before the worker');
    // The worker's own task, at its own interval, driven by the real loop (startWorker), scoped to
    // this merchant (unscoped, it would deliver the other test files' events on the shared
    // PostgreSQL test database). The wrapper only counts its passes.
    const task = workerTasks({ merchantId: m.merchant.id }).find((x) => x.name === 'deliver-webhooks')!;
    let started = 0;
    let finished!: Promise<void>;
    let done = () => {};
    const counted: WorkerTask = {
      ...task,
      run: (d) => {
        started += 1;
        finished = new Promise((r) => (done = r));
        return task.run(d).finally(() => done());
      },
    };
    // Only the loop's timers are fake: sockets and the database run for real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const worker = startWorker(db(), [counted]);
    const settle = async () => {
      await finished;
      await new Promise((r) => setImmediate(r)); // the loop schedules its next pass after this one
    };
    try {
      await settle(); // the first pass runs at once
      expect(started).toBe(1);
      expect(rx.received.map((r) => JSON.parse(r.body).data.object.name)).toEqual(['Before the worker']);

      await product(m, 'While it runs');
      await vi.advanceTimersByTimeAsync(999);
      expect(started).toBe(1);
      expect(rx.received).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toBe(2);
      await settle();
      expect(rx.received.map((r) => JSON.parse(r.body).data.object.name)).toEqual(['Before the worker', 'While it runs']);
    } finally {
      await worker.stop();
      vi.useRealTimers();
    }
  });
});
