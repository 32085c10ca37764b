// A whole integration with @caisse/sdk, in test mode: a webhook receiver, a payment intent and its
// checkout session, confirmed over mobile money, paid with the test helper, the
// payment_intent.succeeded webhook received and verified, then the intents listed with
// auto-pagination. Exits 1 on any failure.
//
//   CAISSE_KEY=sk_test_... CAISSE_BASE_URL=http://localhost:3000 npx tsx sdk/examples/quickstart.ts
//
// The receiver listens on 127.0.0.1 (test-mode endpoints may use http and loopback addresses).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Caisse, CaisseError, type Event, type EventOf, type PaymentIntent } from '@caisse/sdk';

const key = process.env.CAISSE_KEY;
if (!key) throw new Error('Set CAISSE_KEY to a test key (sk_test_...).');
const caisse = new Caisse(key, { baseUrl: process.env.CAISSE_BASE_URL ?? 'http://localhost:3000' });

type Succeeded = EventOf<'payment_intent.succeeded'>;

/** A webhook receiver: verifies each delivery against the raw body, and hands over the succeeded events. */
function startReceiver(getSecret: () => string | undefined) {
  const waiters = new Map<string, (event: Succeeded) => void>();
  const early = new Map<string, Succeeded>();
  let rejected = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const secret = getSecret();
    let event: Event;
    try {
      if (!secret) throw new Error('no secret yet');
      event = caisse.webhooks.verify(Buffer.concat(chunks), req.headers, secret); // the raw bytes, not re-serialised JSON
    } catch {
      rejected++;
      res.writeHead(400).end();
      return;
    }
    res.writeHead(200).end(); // answer first; slow work after
    if (event.type === 'payment_intent.succeeded') {
      // Narrowed: event.data.object is a PaymentIntent.
      const intentId = event.data.object.id;
      const waiter = waiters.get(intentId);
      if (waiter) waiter(event);
      else early.set(intentId, event);
    }
  });
  const listening = new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  return {
    listening,
    rejected: () => rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** The verified payment_intent.succeeded event of this intent, within timeoutMs. */
    succeeded(intentId: string, timeoutMs = 30_000): Promise<Succeeded> {
      const got = early.get(intentId);
      if (got) return Promise.resolve(got);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no verified payment_intent.succeeded webhook for ${intentId} within ${timeoutMs} ms`)), timeoutMs);
        waiters.set(intentId, (event) => {
          clearTimeout(timer);
          resolve(event);
        });
      });
    },
  };
}

function describeNextAction(pi: PaymentIntent): string {
  const action = pi.nextAction;
  if (!action) return 'none';
  switch (action.type) {
    case 'mobile_money_prompt':
      return `approve the prompt on ${action.phone} (${action.operator}), or dial ${action.ussdCode}`;
    case 'redirect_to_url':
      return `go to ${action.url}`;
    case 'lightning_invoice':
      return `pay ${action.invoice.slice(0, 24)}...`;
    case 'bitcoin_address':
    case 'tron_address':
      return `send ${action.amount} to ${action.address}`;
  }
}

async function main(): Promise<void> {
  const startedAt = Math.floor(Date.now() / 1000);
  const run = `${Date.now().toString(36)}`;

  // 1. A webhook endpoint pointing at our receiver; its secret comes in the create answer only.
  let secret: string | undefined;
  const receiver = startReceiver(() => secret);
  const port = await receiver.listening;
  const endpoint = await caisse.webhookEndpoints.create({
    url: `http://127.0.0.1:${port}/webhooks`,
    enabledEvents: ['payment_intent.succeeded'],
    description: `SDK quickstart ${run}`,
  });
  secret = endpoint.secret;
  if (!secret) throw new Error('the create answer has no secret');

  try {
    // 2. A payment intent (an Idempotency-Key is added automatically) and its hosted page.
    const intent = await caisse.paymentIntents.create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: `order-${run}` });
    const session = await caisse.checkoutSessions.create({
      paymentIntentId: intent.id,
      successUrl: 'https://shop.example/thanks?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example/cart',
    });
    console.log(`intent ${intent.id} (${intent.status}), checkout page ${session.url}`);

    // 3. Confirm over mobile money without the page. A test number ending in 2222 never answers
    //    by itself, so the test helper below decides the outcome.
    const confirmed = await caisse.paymentIntents.confirm(intent.id, { phone: '+2250700002222' });
    console.log(`confirmed: ${confirmed.status}; next action: ${describeNextAction(confirmed)}`);
    if (confirmed.nextAction?.type !== 'mobile_money_prompt') throw new Error(`expected a mobile_money_prompt, got ${confirmed.nextAction?.type ?? 'none'}`);

    // 4. Test mode: the payer pays.
    const paid = await caisse.testHelpers.paymentIntents.pay(intent.id);
    if (paid.status !== 'succeeded') throw new Error(`expected succeeded after the test payment, got ${paid.status}`);

    // 5. The webhook: delivered by Caisse's worker, verified by the receiver.
    const event = await receiver.succeeded(intent.id);
    console.log(`webhook ${event.id}: ${event.type}, ${event.data.object.amountReceived} ${event.data.object.currency} received`);

    // 6. Four more intents, then every intent made since the start, two per page.
    const more: string[] = [];
    for (let i = 0; i < 4; i++)
      more.push((await caisse.paymentIntents.create({ amount: 1000 + i, currency: 'XOF', rail: 'mobile_money_a', reference: `order-${run}-${i}` })).id);
    const listed: string[] = [];
    let pages = 0;
    for await (const page of caisse.paymentIntents.list({ limit: 2, 'createdAt[gte]': startedAt }).pages()) {
      pages++;
      listed.push(...page.data.map((pi) => pi.id));
    }
    const iterated: string[] = [];
    for await (const pi of caisse.paymentIntents.list({ limit: 2, 'createdAt[gte]': startedAt })) iterated.push(pi.id);
    const missing = [intent.id, ...more].filter((id) => !iterated.includes(id));
    if (missing.length) throw new Error(`auto-pagination missed ${missing.join(', ')}`);
    if (pages < 3) throw new Error(`expected at least 3 pages of 2, got ${pages}`);
    if (iterated.join() !== listed.join() || new Set(iterated).size !== iterated.length) throw new Error('pages and items disagree, or an intent came twice');
    const succeeded: string[] = [];
    for await (const pi of caisse.paymentIntents.list({ status: 'succeeded', 'createdAt[gte]': startedAt })) succeeded.push(pi.id);

    console.log(
      'SUMMARY ' +
        JSON.stringify({
          intent: intent.id,
          session: session.id,
          status: paid.status,
          event: event.id,
          eventType: event.type,
          listed: iterated.length,
          pages,
          succeeded: succeeded.length,
          rejectedDeliveries: receiver.rejected(),
        }),
    );
  } finally {
    await caisse.webhookEndpoints.delete(endpoint.id);
    await receiver.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof CaisseError) console.error(`Caisse error ${err.status} ${err.code ?? ''}: ${err.message} (request ${err.requestId ?? '?'})`);
    else console.error(err);
    process.exit(1);
  },
);
