// The money invariant for the e2e specs (issue 9), checked through the public API only, after a
// payment made through the hosted page with the real in-process worker running (e2e/serve.sh):
//   1. the intent succeeded and its amountReceived is what the simulator was told to pay;
//   2. /v1/events?type=payment_intent.succeeded holds exactly one event for this intent, carrying
//      that amount; the checkout session is complete, with exactly one checkout_session.completed;
//   3. after the worker has run again (a sentinel payment that only the worker can decide, see
//      workerRanAgain), nothing changed: no second succeeded event, no extra money, same statuses.
// Events are looked up by the id of the object they carry, paging through the whole list from the
// intent's creation second, so another spec's events can neither break nor fake the count.
import { type APIRequestContext, expect } from '@playwright/test';
import { api } from './fixtures';

interface ApiEvent {
  id: string;
  type: string;
  createdAt: number;
  data: { object: { id: string; status?: string; amountReceived?: number; paymentIntentId?: string | null } };
}

/** Every event (optionally of one type) created at or after `since` whose object is `objectId`. */
export async function eventsAbout(request: APIRequestContext, objectId: string, since: number, type?: string): Promise<ApiEvent[]> {
  const out: ApiEvent[] = [];
  let after: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const q = new URLSearchParams({ limit: '100', 'createdAt[gte]': String(since) });
    if (type) q.set('type', type);
    if (after) q.set('startingAfter', after);
    const list = await api<{ data: ApiEvent[]; hasMore: boolean }>(request, 'GET', `/v1/events?${q}`);
    if (type) for (const e of list.data) expect(e.type, 'the type filter is applied').toBe(type);
    out.push(...list.data.filter((e) => e.data.object.id === objectId));
    if (!list.hasMore) return out;
    after = list.data.at(-1)!.id;
  }
  throw new Error('the event list never ended');
}

/** The types of the events about `objectId`, sorted (events of one second have no order). */
export async function eventTypesAbout(request: APIRequestContext, objectId: string, since: number): Promise<string[]> {
  return (await eventsAbout(request, objectId, since)).map((e) => e.type).sort();
}

/**
 * Returns once the in-process worker has polled attempts again, later than now: a new mobile-money
 * payment (test number ending 0000, approved about 3 s after its push) is created through the API,
 * with no page open on it; only the worker's poll-attempts task can move it to succeeded. By then
 * the worker has run several passes over every due attempt. No fixed sleep: it waits for that state.
 */
export async function workerRanAgain(request: APIRequestContext): Promise<void> {
  await (await startSentinel(request))();
}

/** Pushes the sentinel payment now; the function returned waits until the worker decided it. */
async function startSentinel(request: APIRequestContext): Promise<() => Promise<void>> {
  const pi = await api(request, 'POST', '/v1/payment_intents', { amount: 1000, currency: 'XOF', rail: 'mobile_money_a', description: 'e2e worker sentinel' });
  const pending = await api(request, 'POST', `/v1/payment_intents/${pi.id}/confirm`, { phone: '0554120000' });
  expect(pending.status, 'the sentinel push went out').toBe('pending');
  return async () => {
    await expect
      .poll(async () => (await api(request, 'GET', `/v1/payment_intents/${pi.id}`)).status, {
        message: 'the worker decides the sentinel payment',
        timeout: 20_000,
        intervals: [250],
      })
      .toBe('succeeded');
  };
}

interface Paid {
  intentId: string;
  sessionId: string;
  /** What the simulator was told to pay, in minor units (the sum of every simulated payment). */
  paid: number;
}

async function state(request: APIRequestContext, { intentId, sessionId }: Paid) {
  const intent = await api(request, 'GET', `/v1/payment_intents/${intentId}`);
  const session = await api(request, 'GET', `/v1/checkout_sessions/${sessionId}`);
  const succeeded = await eventsAbout(request, intentId, intent.createdAt, 'payment_intent.succeeded');
  const completed = await eventsAbout(request, sessionId, session.createdAt, 'checkout_session.completed');
  return { intent, session, succeeded, completed };
}

/**
 * The money invariant after a payment through the page. Returns the sorted types of every event
 * about the intent, for the caller to assert the exact list.
 */
export async function expectPaidOnce(request: APIRequestContext, p: Paid): Promise<string[]> {
  // The page already showed the success: the sentinel pushed now is decided by a later worker pass.
  const workerAgain = await startSentinel(request);
  const first = await state(request, p);
  expect(first.intent.status, 'the intent succeeded').toBe('succeeded');
  expect(first.intent.amountReceived, 'amountReceived == what the simulator was told to pay').toBe(p.paid);
  expect(first.succeeded.length, 'exactly one payment_intent.succeeded for this intent').toBe(1);
  expect(first.succeeded[0]!.data.object.amountReceived, 'the succeeded event carries the amount paid').toBe(p.paid);
  expect(first.succeeded[0]!.data.object.status).toBe('succeeded');
  expect(first.session.status, 'the checkout session is complete').toBe('complete');
  expect(first.session.paymentIntentId, 'the session is the one of this intent').toBe(p.intentId);
  expect(first.completed.length, 'exactly one checkout_session.completed for this session').toBe(1);

  await workerAgain();

  const again = await state(request, p);
  expect(
    again.succeeded.map((e) => e.id),
    'no second payment_intent.succeeded after the worker ran again',
  ).toEqual(first.succeeded.map((e) => e.id));
  expect(
    again.completed.map((e) => e.id),
    'no second checkout_session.completed after the worker ran again',
  ).toEqual(first.completed.map((e) => e.id));
  expect(again.intent.amountReceived, 'no money counted twice after the worker ran again').toBe(p.paid);
  expect(again.intent.status).toBe('succeeded');
  expect(again.session.status).toBe('complete');
  return eventTypesAbout(request, p.intentId, first.intent.createdAt);
}
