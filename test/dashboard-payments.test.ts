// The dashboard's payments reads (lib/dashboard/payments.ts) and its CSV writer (lib/dashboard/csv.ts):
// every read scoped to the merchant and the mode; an intent's timeline in the order things happened,
// from an index; CSV cells safe against formula injection; the export streamed page by page.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvStream, PAYMENT_CSV_COLUMNS, paymentCsvRow } from '@/lib/dashboard/csv';
import { allPaymentIntents, deliveryOfIntent, intentTimeline, listIntentAttempts, parsePaymentFilters, resolveSearch } from '@/lib/dashboard/payments';
import type { Db } from '@/lib/db/client';
import { listPaymentIntentsQuery, type PaymentIntent, retrievePaymentIntent } from '@/lib/domain/payment-intents';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
const run = randomBytes(4).toString('hex');

async function intent(key: string, body: Record<string, unknown>): Promise<PaymentIntent> {
  const r = await call('POST', '/v1/payment_intents', { key, body: { amount: 5000, currency: 'XOF', rail: 'mobile_money_a', ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('scoping', () => {
  let a: Awaited<ReturnType<typeof newMerchant>>;
  let b: Awaited<ReturnType<typeof newMerchant>>;
  let pi: PaymentIntent;
  let csId: string;
  let livePi: string;
  beforeAll(async () => {
    a = await newMerchant(db(), 'Shop A');
    b = await newMerchant(db(), 'Shop B');
    const ep = await call('POST', '/v1/webhook_endpoints', { key: a.keys.test, body: { url: 'http://127.0.0.1:9/hooks', enabledEvents: ['*'] } });
    expect(ep.status, JSON.stringify(ep.body)).toBe(200);
    pi = await intent(a.keys.test, { reference: `order-${run}` });
    const cs = await call('POST', '/v1/checkout_sessions', { key: a.keys.test, body: { paymentIntentId: pi.id } });
    expect(cs.status, JSON.stringify(cs.body)).toBe(200);
    csId = cs.body.id;
    const conf = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: a.keys.test, body: { phone: '+2250700000001' } });
    expect([200, 402]).toContain(conf.status);
    // A live intent of the same merchant (written as the API would, without a live rail to call).
    livePi = `pi_live${run}`;
    await db().query(
      `insert into payment_intents (id, merchant_id, livemode, amount, currency, rail, status, reference, metadata, created_at, updated_at)
       values ($1, $2, true, 700, 'XOF', 'mobile_money_a', 'requires_payment_method', $3, '{}'::jsonb, 1700000000, 1700000000)`,
      [livePi, a.merchant.id, `order-${run}`],
    );
  });
  const test = () => ({ merchantId: a.merchant.id, livemode: false });
  const live = () => ({ merchantId: a.merchant.id, livemode: true });
  const other = () => ({ merchantId: b.merchant.id, livemode: false });

  it('search: pi_ id, cs_ id, reference; another merchant and the other mode find nothing', async () => {
    expect(await resolveSearch(db(), test(), pi.id)).toEqual({ kind: 'intent', id: pi.id });
    expect(await resolveSearch(db(), test(), ` ${csId} `)).toEqual({ kind: 'intent', id: pi.id });
    expect(await resolveSearch(db(), test(), `order-${run}`)).toEqual({ kind: 'reference', reference: `order-${run}` });
    expect(await resolveSearch(db(), other(), pi.id)).toEqual({ kind: 'none' });
    expect(await resolveSearch(db(), other(), csId)).toEqual({ kind: 'none' });
    expect(await resolveSearch(db(), live(), pi.id)).toEqual({ kind: 'none' });
    expect(await resolveSearch(db(), test(), livePi)).toEqual({ kind: 'none' });
    expect(await resolveSearch(db(), live(), livePi)).toEqual({ kind: 'intent', id: livePi });
  });

  it('attempts: the intent’s own, invisible to another merchant and in the other mode', async () => {
    const mine = await listIntentAttempts(db(), test(), pi.id);
    expect(mine.length).toBe(1);
    expect(mine[0]).toMatchObject({ rail: 'mobile_money_a', currency: 'XOF', amount: 5000 });
    expect(mine[0]!.destination).toBeTruthy();
    expect(await listIntentAttempts(db(), other(), pi.id)).toEqual([]);
    expect(await listIntentAttempts(db(), live(), pi.id)).toEqual([]);
    await expect(retrievePaymentIntent(db(), test(), livePi)).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('timeline: events in order with their deliveries; nothing for another merchant or mode', async () => {
    const tl = await intentTimeline(db(), test(), pi.id);
    expect(tl.length).toBeGreaterThanOrEqual(1);
    expect(tl[0]!.type).toBe('payment_intent.created');
    for (let i = 1; i < tl.length; i++) expect(tl[i]!.createdAt).toBeGreaterThanOrEqual(tl[i - 1]!.createdAt);
    // The API's own list of events for this intent, oldest first, is the same sequence.
    const events = await call('GET', '/v1/events?limit=100', { key: a.keys.test });
    const api = (events.body.data as { id: string; data: { object: { id: string } } }[])
      .filter((e) => e.data.object.id === pi.id)
      .map((e) => e.id)
      .reverse();
    expect(tl.map((e) => e.eventId)).toEqual(api);
    for (const e of tl) {
      expect(e.deliveries.length).toBe(1);
      expect(e.deliveries[0]).toMatchObject({ endpointUrl: 'http://127.0.0.1:9/hooks', status: 'pending' });
    }
    expect(await intentTimeline(db(), other(), pi.id)).toEqual([]);
    expect(await intentTimeline(db(), live(), pi.id)).toEqual([]);
    const d = tl[0]!.deliveries[0]!;
    expect(await deliveryOfIntent(db(), test(), pi.id, d.id)).toEqual({ endpointId: d.endpointId });
    expect(await deliveryOfIntent(db(), other(), pi.id, d.id)).toBeNull();
    expect(await deliveryOfIntent(db(), live(), pi.id, d.id)).toBeNull();
    // A delivery of another intent is not this intent's.
    const second = await intent(a.keys.test, {});
    const d2 = (await intentTimeline(db(), test(), second.id))[0]!.deliveries[0]!;
    expect(await deliveryOfIntent(db(), test(), pi.id, d2.id)).toBeNull();
  });

  it('the timeline query is answered from the events_object index', async () => {
    await db().query(
      `insert into events (id, merchant_id, livemode, type, data, created_at)
       select 'evt_tl${run}' || g, $1, false, 'payment_intent.created', jsonb_build_object('object', jsonb_build_object('id', 'pi_tl${run}' || (g % 5000))), 1700000000 + g
         from generate_series(1, 20000) g`,
      [b.merchant.id],
    );
    await db().query(`analyze events`);
    const [row] = await db().query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) select id, type, created_at from events
        where merchant_id = $1 and livemode = $2 and (data->'object'->>'id') = $3 order by created_at asc, seq asc limit 500`,
      [b.merchant.id, false, `pi_tl${run}42`],
    );
    const raw = row!['QUERY PLAN'];
    const plan = JSON.stringify(typeof raw === 'string' ? JSON.parse(raw) : raw);
    expect(plan).toContain('events_object');
    expect(plan).not.toContain('Seq Scan');
  });
});

describe('list filters', () => {
  it('maps the form to the API’s list query (days in the merchant’s time zone, `to` included), and refuses bad input', () => {
    const r = parsePaymentFilters(
      { status: 'succeeded', rail: '', currency: 'XOF', from: '2026-01-01', to: '2026-01-31', after: 'pi_x', q: ' ref ' },
      'Africa/Abidjan',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.query).toMatchObject({
      status: 'succeeded',
      currency: 'XOF',
      'createdAt[gte]': 1767225600,
      'createdAt[lt]': 1769904000,
      startingAfter: 'pi_x',
      limit: 25,
    });
    expect(r.query.rail).toBeUndefined();
    expect(r.search).toBe('ref');
    expect(parsePaymentFilters({ status: 'nope' }, 'Africa/Abidjan').ok).toBe(false);
    expect(parsePaymentFilters({ from: '01/02/2026' }, 'Africa/Abidjan').ok).toBe(false);
    expect(parsePaymentFilters({ currency: 'EUR' }, 'Africa/Abidjan').ok).toBe(false);
    expect(parsePaymentFilters({ from: '2026-02-30' }, 'Africa/Abidjan').ok).toBe(false);
  });

  it('counts the days in the merchant’s time zone (Douala: a day starts at 23:00 UTC the day before)', () => {
    const r = parsePaymentFilters({ from: '2026-01-01', to: '2026-01-31' }, 'Africa/Douala');
    expect(r.ok && r.query).toMatchObject({ 'createdAt[gte]': 1767225600 - 3600, 'createdAt[lt]': 1769904000 - 3600 });
  });
});

describe('CSV', () => {
  it('escapes formulas, doubles quotes, quotes commas and newlines', () => {
    for (const f of ['=1+1', '+33', '-2', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(f).replace(/^"|"$/g, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(-5)).toBe('-5');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
    const p = {
      id: 'pi_1',
      createdAt: 1700000000,
      status: 'succeeded',
      amount: 5000,
      amountReceived: 5000,
      currency: 'XOF',
      rail: 'mobile_money_a',
      reference: '=cmd|calc',
      description: 'Tissu, "wax"',
    } as PaymentIntent;
    expect(paymentCsvRow(p, 'Africa/Abidjan')).toBe(`pi_1,2023-11-14T22:13:20+00:00,succeeded,5000,5000,XOF,mobile_money_a,'=cmd|calc,"Tissu, ""wax"""\r\n`);
  });

  it('streams 100,000 payments page by page, reading a page only when the reader wants it', async () => {
    const m = await newMerchant(db(), 'Big shop');
    const N = 100_000;
    await db().query(
      `insert into payment_intents (id, merchant_id, livemode, amount, currency, rail, status, reference, metadata, created_at, updated_at)
       select 'pi_big${run}' || g, $1, false, 1000 + g, 'XOF', 'mobile_money_a', 'succeeded', case when g = 7 then '=evil()' else 'ref-' || g end, '{}'::jsonb, 1700000000 + g, 1700000000 + g
         from generate_series(1, $2) g`,
      [m.merchant.id, N],
    );
    await db().query(`analyze payment_intents`);
    const scope = { merchantId: m.merchant.id, livemode: false };
    let pages = 0;
    let maxPage = 0;
    const spy: Db = db();
    const source = allPaymentIntents(spy, scope, listPaymentIntentsQuery.parse({}), { pageSize: 100, onPage: () => pages++ });
    const counting = (async function* () {
      for await (const page of source) {
        maxPage = Math.max(maxPage, page.length);
        yield page;
      }
    })();
    const reader = csvStream(PAYMENT_CSV_COLUMNS, counting, (x) => paymentCsvRow(x, 'Africa/Abidjan')).getReader();
    const dec = new TextDecoder();
    // The header and the first page: no more than a page or two read ahead.
    const first = dec.decode((await reader.read()).value);
    expect(first).toBe('id,createdAt,status,amount,amountReceived,currency,rail,reference,description\r\n');
    await reader.read();
    expect(pages).toBeLessThanOrEqual(2);
    let lines = 1 + 100;
    let sawEvil = false;
    const heap0 = process.memoryUsage().heapUsed;
    let heapMax = heap0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = dec.decode(value);
      lines += text.split('\r\n').length - 1;
      if (text.includes(`pi_big${run}7,`)) sawEvil = text.includes(`,'=evil(),`);
      if (pages % 100 === 0) heapMax = Math.max(heapMax, process.memoryUsage().heapUsed);
    }
    expect(lines).toBe(N + 1);
    expect(sawEvil).toBe(true);
    expect(maxPage).toBe(100);
    // 1000 pages of 100 (+1 empty check at most): keyset pages, never one big read.
    expect(pages).toBeGreaterThanOrEqual(N / 100);
    expect(pages).toBeLessThanOrEqual(N / 100 + 1);
    // The heap does not grow with the file (100,000 rows are ~10 MB of CSV and far more as objects).
    expect(heapMax - heap0).toBeLessThan(64 * 1024 * 1024);
  }, 180_000);
});
