// The guides' bodies. Tables that the code holds as data come from it (lib/docs/guides.ts: the test
// numbers from the simulator, the example numbers from the operators, the error codes checked
// against the OpenAPI document); the rest is prose from the README's sections, for a newcomer.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { errorCodeRows, exampleNumbers, PAYMENT_ERROR_DOCS, railAccountSettingsRows, refundTestRows, testNumberRows } from '@/lib/docs/guides';
import { objectHref } from '@/lib/docs/reference';
import { AUDIT_ACTIONS } from '@/lib/domain/audit';
import { KEY_PERMISSIONS, PERMISSION_DOCS, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '@/lib/domain/permissions';
import { CONVERTING_RAILS, RAILS } from '@/lib/money';
import { Code, Table, Text } from '../ui';

/** The rails that take the francs at a quote, from the rail catalog. */
const CONVERTING = RAILS.filter((r) => CONVERTING_RAILS[r]);

type Ctx = { base: string };

const C = ({ children }: { children: string }) => <code>{children}</code>;

export const GUIDE_BODIES: Record<string, (ctx: Ctx) => ReactNode> = {
  authentication: ({ base }) => (
    <>
      <p>
        Every request carries a secret key. Test keys start with <C>sk_test_</C>, live keys with <C>sk_live_</C>. A key decides the mode: test and live data
        never mix (a live object asked for with a test key is a 404), and each merchant sees only its own objects. Keys are shown once, when they are made (
        <C>npm run -s caisse -- merchants create --name &quot;Shop&quot;</C>, or in the dashboard under API keys); Caisse stores only their hash. Keep them on
        your server, never in a page or an app.
      </p>
      <h2 id="bearer">Bearer or Basic</h2>
      <p>Send the key as a Bearer token:</p>
      <Code label="Bearer">{`curl ${base}/v1/payment_intents -H "Authorization: Bearer $CAISSE_KEY"`}</Code>
      <p>or, as with Stripe, as the user name of HTTP Basic authentication with no password (note the colon):</p>
      <Code label="Basic">{`curl ${base}/v1/payment_intents -u "$CAISSE_KEY:"`}</Code>
      <p>
        No key, or a malformed, unknown or revoked one, is a 401 <C>invalid_api_key</C> with a <C>WWW-Authenticate</C> header. Rolling the keys (
        <C>npm run -s caisse -- keys roll --merchant acct_...</C>, or the dashboard) revokes the old ones at once.
      </p>
      <h2 id="modes">Test mode and live mode</h2>
      <p>
        With a test key every rail is simulated, with the same objects, states and events as live mode: see <Link href="/docs/guides/test-mode">Test mode</Link>
        . Objects carry <C>livemode</C>. Webhook endpoints receive only the events of their own mode. A live payment intent on a rail this deployment has no
        configuration for is refused with 400 <C>rail_not_configured</C>.
      </p>
      <h2 id="limits">Rate limit and request limits</h2>
      <p>
        Each key has a bucket of 100 requests refilled at 25 per second (per server instance); over it, 429 <C>rate_limited</C> with <C>Retry-After</C>{' '}
        (seconds). Bodies are JSON, at most 64 KiB (413), nested at most 64 deep, fully received within 10 s (408). Every response carries a <C>Request-Id</C>{' '}
        header: quote it when you ask for help.
      </p>
    </>
  ),

  errors: () => (
    <>
      <p>Every refusal has the same body, with the HTTP status of its kind:</p>
      <Code label="Error body">{`{
  "error": {
    "type": "invalid_request_error",
    "code": "parameter_missing",
    "message": "Missing required param: amount.",
    "param": "amount",
    "requestId": "req_5Vn2Kq8LxT3mRc7BzW9pJd"
  }
}`}</Code>
      <p>
        Branch on <C>code</C> (stable); show or log <C>message</C> (written for developers, may change). <C>param</C> names the parameter at fault when there is
        one. A 500 is a bug on our side: its body holds only the message and <C>requestId</C>. Each operation of the reference lists the statuses and codes it
        can answer.
      </p>
      <h2 id="codes">Error codes</h2>
      <Table
        caption="Error codes"
        head={['Code', 'HTTP, type', 'Meaning']}
        rows={errorCodeRows().map((r) => [
          <code key="c" id={r.code}>
            {r.code}
          </code>,
          `${r.status} ${r.type}`,
          <Text key="m">{r.meaning}</Text>,
        ])}
      />
      <h2 id="retry">What to retry</h2>
      <ul>
        <li>
          409 <C>idempotency_key_in_use</C>, 429 and 503: retry later with the same <C>Idempotency-Key</C>, waiting the <C>Retry-After</C> seconds when given,
          with backoff. The SDK does this for you.
        </li>
        <li>
          A network error or a 5xx on a POST: retry with the same <C>Idempotency-Key</C>; the first answer is replayed if it ran.
        </li>
        <li>Other 4xx: fix the request; sending it again gives the same answer.</li>
      </ul>
      <h2 id="payment-errors">Failed payments</h2>
      <p>
        A failed payment is not an HTTP error: the intent goes back to <C>requires_payment_method</C> (the payer may try again) with <C>lastPaymentError</C>{' '}
        <C>{'{code, message, rail}'}</C>, and a <C>payment_intent.payment_failed</C> event. After 10 payer failures, or when its session expires unpaid, the
        intent is <C>failed</C>.
      </p>
      <Table
        caption="lastPaymentError codes"
        head={['lastPaymentError.code', 'Meaning']}
        rows={Object.entries(PAYMENT_ERROR_DOCS).map(([code, meaning]) => [
          <code key="c" id={`payment-${code}`}>
            {code}
          </code>,
          <Text key="m">{meaning}</Text>,
        ])}
      />
    </>
  ),

  pagination: ({ base }) => (
    <>
      <p>
        Every list answers <C>{'{"object": "list", "data": [...], "hasMore": true, "url": "/v1/payment_intents"}'}</C>, newest first. Pages are keyset pages:
        they stay right while objects are created, and cost the same deep in a long list.
      </p>
      <ul>
        <li>
          <C>limit</C>: 1 to 100 objects, default 10.
        </li>
        <li>
          <C>startingAfter=&lt;id&gt;</C>: the page of older objects after that one (the last <C>id</C> of the page you have). While <C>hasMore</C> is true,
          there is another page.
        </li>
        <li>
          <C>endingBefore=&lt;id&gt;</C>: the page of newer objects before that one (to go back). Not with <C>startingAfter</C> (400 <C>parameters_exclusive</C>
          ).
        </li>
        <li>
          <C>createdAt[gte]</C> and <C>createdAt[lt]</C>: Unix seconds, created at or after, created before.
        </li>
        <li>
          Per-list filters (an intent&apos;s <C>status</C>, <C>rail</C>, <C>currency</C>, <C>reference</C>; an event&apos;s <C>type</C>; ...): see each list in
          the reference.
        </li>
      </ul>
      <p>
        With curl, pass <C>-g</C> when the URL has brackets: without it curl reads <C>[gte]</C> as a range and, with <C>-s</C>, fails silently.
      </p>
      <Code
        label="What was paid in the last hour"
        id="last-hour"
      >{`curl -g "${base}/v1/payment_intents?status=succeeded&createdAt[gte]=$(( $(date +%s) - 3600 ))" \\
  -H "Authorization: Bearer $CAISSE_KEY"`}</Code>
      <Code label="The next page">{`curl "${base}/v1/payment_intents?limit=100&startingAfter=pi_3kTq8ZbV2nLw9XyC4rHd7M" \\
  -H "Authorization: Bearer $CAISSE_KEY"`}</Code>
      <p>
        An unknown or foreign cursor is a 400 <C>resource_missing</C> (<C>param</C> says which). The SDK&apos;s lists are async iterators that fetch the pages
        for you (<Link href="/docs/guides/sdk">Use the TypeScript SDK</Link>).
      </p>
    </>
  ),

  idempotency: ({ base }) => (
    <>
      <p>
        A network can fail after the server acted and before you read its answer. To retry a POST without doing it twice, send an <C>Idempotency-Key</C> header
        (any string up to 255 characters; your order id, or a UUID made once per operation):
      </p>
      <Code label="A POST with an Idempotency-Key">{`curl ${base}/v1/payment_intents \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Idempotency-Key: order-1042' \\
  -H 'Content-Type: application/json' \\
  -d '{"amount": 5000, "currency": "XOF", "rail": "mobile_money_a", "reference": "order-1042"}'`}</Code>
      <ul>
        <li>
          The same key with the same body and path within 24 hours replays the first answer (status and body), with the header <C>Idempotent-Replayed: true</C>.
          Nothing runs again.
        </li>
        <li>
          The same key with another body or path: 422 <C>idempotency_key_reused</C>. Use a new key for a new operation.
        </li>
        <li>
          While the first request is still running: 409 <C>idempotency_key_in_use</C>; retry after a moment.
        </li>
        <li>Keys belong to one key&apos;s merchant and mode; they are claimed by a database constraint, so they hold across server instances.</li>
      </ul>
      <p>Any POST takes the header. GETs and DELETE need none: they can be repeated as they are. The SDK adds a key to every POST.</p>
    </>
  ),

  'test-mode': ({ base }) => {
    const numbers = exampleNumbers();
    return (
      <>
        <p>
          With a test key (<C>sk_test_...</C>) every rail is a simulator behind the same adapters as live mode: the same objects, states, <C>nextAction</C>{' '}
          shapes and events, and no money. Every outcome can be provoked.
        </p>
        <h2 id="numbers">Mobile money test numbers</h2>
        <p>The last four digits of any well-formed mobile number of the operator&apos;s country choose the outcome (E.164 or national format):</p>
        <Table
          caption="Test numbers"
          head={['Last four digits', 'Outcome']}
          rows={testNumberRows().map((r) => [<code key="n">{r.last4}</code>, <Text key="o">{r.outcome}</Text>])}
        />
        <p>
          A number that succeeds, per operator and currency (change its last four digits for another outcome). Push operators (MTN MoMo protocol) require the
          number; on a redirect operator (Orange Money, Wave) it is optional, and the payer goes to Caisse&apos;s test operator page, with{' '}
          <strong>Approve</strong>, <strong>Decline</strong> and <strong>Insufficient funds</strong> buttons (without a button pressed, the number decides;{' '}
          <C>4444</C> never answers there).
        </p>
        <Table
          caption="Example numbers"
          head={['Rail', 'Currency', 'Number']}
          rows={numbers.map((n) => [
            <span key="r">
              <code>{n.rail}</code> {n.operator} ({n.flow})
            </span>,
            `${n.currency} (${n.country})`,
            <code key="n">{n.number}</code>,
          ])}
        />
        <h2 id="helpers">Test helpers</h2>
        <p>Settle or fail any test intent without a payer (404 with a live key):</p>
        <Code label="Pay a test intent">{`curl -X POST ${base}/v1/test_helpers/payment_intents/pi_.../pay \\
  -H "Authorization: Bearer $CAISSE_KEY"
# an under- or overpayment: -H 'Content-Type: application/json' -d '{"amount": 2000}'
curl -X POST ${base}/v1/test_helpers/payment_intents/pi_.../fail \\
  -H "Authorization: Bearer $CAISSE_KEY"`}</Code>
        <p>
          <C>amount</C> is in the attempt&apos;s currency: satoshis or micro-USDT when the attempt converts (see <Link href="/docs/guides/quotes">Quotes</Link>
          ); without it, the rest due. The hosted page shows a test banner and buttons to pay (exact, under, over) or fail.
        </p>
        <h2 id="other-rails">Bitcoin and USDT</h2>
        <ul>
          <li>
            Lightning: real signed <C>lntb</C> BOLT11 invoices (any decoder reads them; no network can pay them).
          </li>
          <li>
            On-chain: real BIP84 testnet addresses (<C>tb1q...</C>); a simulated payment enters the mempool, then gets one confirmation every 5 s.
          </li>
          <li>USDT on TRON: real TRON addresses; a simulated transfer solidifies after 3 s.</li>
          <li>Test rates: 1 BTC = 60,000,000 XOF, 1 USDT = 600 XOF.</li>
        </ul>
        <h2 id="refunds">Refunds</h2>
        <p>
          A test refund goes to the simulator of the payment&apos;s rail (see <Link href="/docs/guides/refunds">Refunds</Link>). Its amount (in the
          intent&apos;s currency) and the payment&apos;s number decide its outcome:
        </p>
        <Table
          caption="Refund outcomes by amount"
          head={['Amount ending in', 'Outcome']}
          rows={refundTestRows().amounts.map((r) => [<code key="a">{r.endsWith}</code>, <Text key="o">{r.outcome}</Text>])}
        />
        <Table
          caption="Refund outcomes by the payment's number (mobile money)"
          head={['Last four digits', 'Outcome']}
          rows={refundTestRows().numbers.map((r) => [<code key="n">{r.last4}</code>, <Text key="o">{r.outcome}</Text>])}
        />
        <Code label="Claim, succeed or fail a test refund">{`curl -X POST ${base}/v1/test_helpers/refunds/re_.../claim \\
  -H "Authorization: Bearer $CAISSE_KEY"
# your own destination: -H 'Content-Type: application/json' -d '{"destination": "tb1q..."}'
curl -X POST ${base}/v1/test_helpers/refunds/re_.../succeed -H "Authorization: Bearer $CAISSE_KEY"
curl -X POST ${base}/v1/test_helpers/refunds/re_.../fail -H "Authorization: Bearer $CAISSE_KEY"`}</Code>
      </>
    );
  },

  refunds: ({ base }) => (
    <>
      <p>
        A refund gives a payer back part or all of what a payment intent received (over- and late payments included), out of the account the payment came into:
        your rail account, or this deployment&apos;s. Caisse records it exactly once and keeps asking the operator until it has the final word.
      </p>
      <Code label="Refund 2,000 XOF of a payment">{`curl ${base}/v1/refunds \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H "Idempotency-Key: refund-order-1042" \\
  -H 'Content-Type: application/json' \\
  -d '{"paymentIntentId": "pi_...", "amount": 2000, "reason": "requested_by_customer"}'`}</Code>
      <ul>
        <li>
          <C>amount</C> is in the intent&apos;s currency; without it, all that is refundable (from one payment, when the intent was paid in several). More than
          what was received minus refunds not failed or canceled is 400 <C>amount_too_large</C>; nothing received yet, 409 <C>unexpected_state</C>. Always send
          an <C>Idempotency-Key</C>: a retry without one is a second refund.
        </li>
        <li>
          The intent shows <C>amountRefunded</C>: what succeeded refunds gave back.
        </li>
        <li>
          A franc payment made in BTC or USDT is given back at its quote&apos;s rate by default (the buyer gets back what they sent for that part), or at
          today&apos;s with <C>{'"rate": "current"'}</C>. <C>settlementAmount</C> and <C>settlementCurrency</C> say what leaves on the rail.
        </li>
      </ul>
      <h2 id="rails">How each rail refunds</h2>
      <Table
        caption="Refunds by rail"
        head={['Rail', 'How', 'Statuses']}
        rows={[
          [
            'MTN MoMo',
            <Text key="h">
              The Disbursement API of your account (add `disbursementSubscriptionKey`, `disbursementApiUser`, `disbursementApiKey` to the rail account), partial
              amounts too. Without them: a manual refund.
            </Text>,
            <Text key="s">`pending`, then `succeeded` or `failed`</Text>,
          ],
          [
            'Wave',
            <Text key="h">
              A whole payment: Wave refunds the checkout session. A part: a payout to the payer&apos;s number when your account has `payoutApiKey` and the
              number is known; else a manual refund.
            </Text>,
            <Text key="s">`pending`, then `succeeded` or `failed`; or `requires_action`</Text>,
          ],
          [
            'Orange Money',
            <Text key="h">No refund API: refund in your Orange Money portal, then record it (`manual_refund`).</Text>,
            <Text key="s">`requires_action`, then `succeeded`</Text>,
          ],
          [
            'Lightning, on-chain, USDT',
            <Text key="h">
              The payer claims: send them `nextAction.claimUrl` (`refund_claim`); they paste an invoice for exactly the amount, or an address. Your LND node
              pays it when the account has a `refundMacaroon` allowed to pay; otherwise you send it (`send_payment`) and record the txid or the preimage, which
              Caisse checks on the chain or against the invoice.
            </Text>,
            <Text key="s">`requires_action`, `pending`, then `succeeded`</Text>,
          ],
        ]}
      />
      <h2 id="states">States</h2>
      <p>
        <C>pending</C> (being sent, or sent and not final) to <C>succeeded</C> or <C>failed</C>; <C>pending</C> to <C>requires_action</C> (the operator cannot
        do it by API) and back to <C>pending</C> or on to <C>succeeded</C>; <C>canceled</C> only while nothing went out (<C>POST /v1/refunds/:id/cancel</C>, or
        a claim link that expired unanswered: <C>failureReason</C> <C>claim_expired</C>). A refund whose answer was lost (a timeout, a 5xx) stays <C>pending</C>{' '}
        and is asked about, by the reference Caisse stored before sending, until the operator&apos;s final word: it is never sent twice. Events:{' '}
        <C>refund.created</C>, <C>refund.updated</C>, <C>refund.succeeded</C>, <C>refund.failed</C>, <C>refund.canceled</C>. A refund that takes its
        payment&apos;s refunds above your approval threshold (<C>refundApprovalThresholds</C> on <C>POST /v1/account</C>), or asked for by a <C>support</C>{' '}
        user, starts in <C>pending_approval</C>: its money is held, nothing is sent until an owner or admin other than its author approves it (
        <C>refund.pending_approval</C>, <C>refund.approved</C>, or <C>refund.rejected</C> and <C>refund.canceled</C>): see{' '}
        <Link href="/docs/guides/team#approvals">Team and permissions</Link>.
      </p>
      <h2 id="record">Recording a refund you made</h2>
      <Code label="Mark a manual refund as succeeded">{`curl ${base}/v1/refunds/re_.../mark_succeeded \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{"operatorReference": "MP240601.1532.C00231"}'`}</Code>
      <p>
        For a <C>send_payment</C> refund, <C>operatorReference</C> is the transaction id (on-chain, TRON) or the Lightning payment&apos;s preimage: it must pay
        the payer&apos;s destination the amount (400 <C>operator_reference_invalid</C> otherwise), and one transfer proves one refund.
      </p>
      <p>
        Reference: <Link href="/docs/api/refunds">Refunds</Link>, <Link href="/docs/objects/refunds">refund objects</Link>; test amounts:{' '}
        <Link href="/docs/guides/test-mode#refunds">Test mode</Link>.
      </p>
    </>
  ),

  webhooks: ({ base }) => (
    <>
      <p>
        Caisse tells your server about every change by sending it an event (<C>payment_intent.succeeded</C>, <C>checkout_session.completed</C>, ...). Each event
        is written in the same transaction as the change, so none is lost. Deliveries follow <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>:
        the <C>standardwebhooks</C> libraries (JavaScript, Python, Go, Ruby, PHP, Java, Rust, ...) verify them as they are.
      </p>
      <h2 id="endpoint">1. Create an endpoint</h2>
      <Code label="Create a webhook endpoint" id="create-endpoint">{`curl ${base}/v1/webhook_endpoints \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{"url": "https://shop.example/caisse/webhooks",
       "enabledEvents": ["payment_intent.succeeded", "payment_intent.failed"]}'
# -> {"id": "we_...", ..., "secret": "whsec_..."}`}</Code>
      <p>
        <strong>
          Store <C>secret</C> now: it is shown in this answer only
        </strong>{' '}
        (lost: roll it). <C>enabledEvents</C> takes event types (<Link href="/docs/objects#event-types">the list</Link>) or <C>[&quot;*&quot;]</C>. An endpoint
        receives the events of its own mode, from its creation on. Live endpoints need https and a public address; test endpoints may be{' '}
        <C>http://localhost:4242/webhooks</C>.
      </p>
      <h2 id="verify">2. Verify each delivery</h2>
      <p>
        Each delivery is a POST whose body is the event, exactly as <C>GET /v1/events/:id</C> returns it, with three headers:
      </p>
      <ul>
        <li>
          <C>webhook-id</C>: the event&apos;s id (<C>evt_...</C>), the same on every retry and resend.
        </li>
        <li>
          <C>webhook-timestamp</C>: when this attempt was signed, Unix seconds.
        </li>
        <li>
          <C>webhook-signature</C>: <C>v1,&lt;base64 HMAC-SHA256&gt;</C> of <C>&lt;id&gt;.&lt;timestamp&gt;.&lt;body&gt;</C>, keyed with the base64-decoded part
          of the secret after <C>whsec_</C>; two, space-separated, while a rolled secret overlaps.
        </li>
      </ul>
      <p>
        Verify against the <strong>raw</strong> body: parsing and re-serialising JSON changes the bytes. With Node.js and <C>npm install standardwebhooks</C>,
        save as <C>receiver.mjs</C> and run <C>CAISSE_WEBHOOK_SECRET=whsec_... node receiver.mjs</C>:
      </p>
      <Code label="receiver.mjs" id="receiver-mjs">{`import http from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.CAISSE_WEBHOOK_SECRET); // whsec_...
const seen = new Set(); // keep this in your database: a delivery may come twice

http.createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  let event;
  try {
    // throws on a bad signature or a timestamp over 5 minutes away
    event = webhook.verify(Buffer.concat(chunks).toString('utf8'), req.headers);
  } catch {
    return res.writeHead(400).end();
  }
  if (!seen.has(event.id)) {
    seen.add(event.id);
    console.log(event.type, event.data.object.id);
  }
  res.writeHead(200).end(); // any 2xx within 15 s; slow work after answering
}).listen(process.env.PORT ?? 4242);`}</Code>
      <p>With the SDK, the same check returns a typed event:</p>
      <Code label="Verify with the SDK">{`const event = caisse.webhooks.verify(rawBody, req.headers, process.env.CAISSE_WEBHOOK_SECRET!);
if (event.type === 'payment_intent.succeeded') fulfil(event.data.object.reference);`}</Code>
      <h2 id="rules">3. What your handler should know</h2>
      <ul>
        <li>
          <strong>At least once.</strong> A delivery may come again: use the event&apos;s <C>id</C> to recognise one you handled.
        </li>
        <li>
          <strong>Unordered.</strong> Use <C>createdAt</C> or the object&apos;s <C>status</C>, or fetch the object, when order matters.
        </li>
        <li>
          <strong>Answer fast.</strong> Any 2xx within 15 s is a success; redirects are not followed.
        </li>
        <li>
          <strong>Keep your clock right</strong> (NTP): <C>verify</C> refuses timestamps more than 5 minutes away, which stops replays.
        </li>
      </ul>
      <h2 id="retries">4. Retries, disabled endpoints, secrets</h2>
      <p>
        A failed attempt (not a 2xx, no answer in 15 s, a connection error) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h: 10
        attempts over about 3 days. An endpoint that answers <C>410 Gone</C>, or fails for 3 days while accepting nothing, is disabled (<C>disabledReason</C>);
        re-enable it with <C>{'{"disabled": false}'}</C>. Deliveries are listed under <C>GET /v1/webhook_endpoints/:id/deliveries</C> and can be sent again with{' '}
        <C>POST .../deliveries/:deliveryId/retry</C>. <C>POST /v1/webhook_endpoints/:id/roll_secret</C> gives a new secret; the old one keeps signing for{' '}
        <C>expiresInSeconds</C> (default 24 h; 0 stops it at once). Missed events can be read from <C>GET /v1/events</C>. See{' '}
        <Link href="/docs/api/webhook-endpoints">Webhook endpoints</Link> and <Link href="/docs/api/events">Events</Link>.
      </p>
    </>
  ),

  quotes: ({ base }) => (
    <>
      <p>
        An intent or session in XOF, XAF or GNF can be paid over every rail: mobile money in its own currency, and{' '}
        {CONVERTING.map((r, i) => (
          <span key={r}>
            {i === 0 ? '' : i === CONVERTING.length - 1 ? ' and ' : ', '}
            <C>{r}</C>
          </span>
        ))}{' '}
        at a <strong>quote</strong> locked for the buyer. The intent keeps its amount and currency; BTC or USDT is only what the buyer pays.
      </p>
      <h2 id="rate">The rate</h2>
      <p>
        Units of the intent&apos;s currency for one BTC or USDT, a decimal string (<C>&quot;60000000&quot;</C>: 1 BTC = 60,000,000 F CFA). Live: the median of
        the EUR prices of two exchanges (at most 2 minutes old), then the peg (1 EUR = 655.957 XOF or XAF) or the configured GNF rate, lowered by the
        deployment&apos;s spread. Without a fresh rate the converting rails answer 503 <C>rail_unavailable</C> and the page hides them. Test mode: 1 BTC =
        60,000,000 XOF, 1 USDT = 600 XOF.
      </p>
      <Code label="The rates a quote would use now">{`curl "${base}/v1/exchange_rates?from=XOF&to=USDT" -H "Authorization: Bearer $CAISSE_KEY"`}</Code>
      <h2 id="quote">The quote</h2>
      <p>
        Confirming on a converting rail (or choosing it on the page) locks <C>nextAction.quote</C> = <C>{'{amount, currency, rate, expiresAt}'}</C>: the amount
        due divided by the rate, rounded up to the satoshi or the micro-USDT (5,000 XOF = 8,334 sats = 8.333334 USDT). It lasts 15 minutes by default, never
        past the session. When it runs out unpaid, confirming again makes a new attempt at a new rate. For on-chain and TRC20, <C>nextAction.amount</C> is a
        decimal string in BTC or USDT, as a wallet takes it, and it is what is still due.
      </p>
      <Code label="Confirm on USDT">{`curl ${base}/v1/payment_intents/pi_.../confirm \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' -d '{"rail": "usdt_trc20"}'
# -> "nextAction": {"type": "tron_address", "amount": "8.333334",
#      "quote": {"amount": 8333334, "currency": "USDT", "rate": "600", "expiresAt": ...}}`}</Code>
      <h2 id="counts">What counts</h2>
      <ul>
        <li>
          <C>amountReceived</C> stays in the intent&apos;s currency: the full quote counts as the full amount; more or less is converted at the quote&apos;s
          rate, rounded down (<C>payment_intent.overpaid</C>, or the intent asks for the rest).
        </li>
        <li>
          Money seen before the quote ends counts at the quote even if it confirms later; money first seen after it is recorded at the quote&apos;s rate with{' '}
          <C>payment_intent.late_payment</C>, never ignored.
        </li>
        <li>
          Afterwards, <C>latestQuote</C> = <C>{'{amount, currency, rate, expiresAt, received}'}</C> on the intent says what was locked and received.
        </li>
        <li>
          Impossible pairs stay 400 <C>rail_currency_mismatch</C> (BTC over mobile money, USDT over Lightning, ...); a converted amount below a rail&apos;s
          floor (1,000 sats on-chain) is 400 <C>amount_too_small</C> at confirm.
        </li>
      </ul>
    </>
  ),

  'payment-links': ({ base }) => (
    <>
      <p>
        A payment link is a URL a shop shares anywhere (a WhatsApp message, a profile, a QR code at the counter) and takes payments with no code on its side.
        Create one from a price:
      </p>
      <Code label="Create a payment link">{`curl ${base}/v1/payment_links \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{"priceId": "price_...", "successUrl": "https://shop.example/merci", "locale": "fr"}'
# -> {"id": "plink_...", "url": "${base}/checkout/link/plink_...", "active": true, ...}`}</Code>
      <ul>
        <li>
          Each visit of <C>url</C> makes a new checkout session for the price (with the link&apos;s <C>successUrl</C>, <C>cancelUrl</C> and <C>locale</C>; the
          session&apos;s <C>paymentLinkId</C> names the link) and answers 303 to it, so several buyers can pay one link at once. Follow the payments as usual:
          the sessions&apos; and intents&apos; events.
        </li>
        <li>
          Deactivate it with <C>POST /v1/payment_links/:id</C> <C>{'{"active": false}'}</C>: its URL then shows &quot;no longer available&quot; (HTTP 410), as
          when its price or product is inactive.
        </li>
        <li>Each client address may open 30 links a minute (429). Sessions opened from a link and never paid are deleted 24 hours after they expire.</li>
        <li>
          Events: <C>payment_link.created</C>, <C>payment_link.updated</C>. The dashboard shows each link with a QR code to print.
        </li>
      </ul>
      <p>
        Reference: <Link href="/docs/api/payment-links">Payment links</Link>.
      </p>
    </>
  ),

  'rail-accounts': ({ base }) => (
    <>
      <p>
        A rail account is your own account on a rail: your MTN MoMo, Orange Money or Wave merchant account, your Lightning node, your wallet&apos;s account keys
        for Bitcoin on-chain and USDT on TRON. With one, your buyers pay into it: the money never passes through anyone else&apos;s account, and Caisse only
        orchestrates (asks for the payment, watches it, tells you). One account per rail and mode; a rail you connect no account for is offered only if this
        deployment lends its own.
      </p>
      <h2 id="models">Processing only, or the platform&apos;s accounts</h2>
      <ul>
        <li>
          <strong>Processing only</strong> (your accounts): each merchant is paid into its own accounts. This is the model for a deployment that is not a
          licensed payment institution.
        </li>
        <li>
          <strong>The platform&apos;s accounts</strong>: the deployment&apos;s own rails, configured by its operator in environment variables, are used for
          merchants with no account of their own on a rail, in live mode only when the operator sets <C>PLATFORM_RAILS=on</C> (the default on the embedded
          single-merchant quickstart, off on PostgreSQL). The operator then collects other businesses&apos; money and owes it to them: an aggregator, which
          needs a payment-services licence (in the UEMOA, under BCEAO Instruction 001-01-2024). Without it, a live rail you have no account for is not offered
          on the page, and <C>POST /v1/payment_intents</C> on it is a 400 <C>rail_not_configured</C>.
        </li>
      </ul>
      <p>
        Each payment records whose account took it. Accounts are made with the API (below), the SDK (<C>caisse.railAccounts.create(...)</C>) or the
        dashboard&apos;s Payment methods page.
      </p>
      <h2 id="settings">Settings</h2>
      <p>
        <C>settings</C> takes the settings of the rail&apos;s kind: for mobile money, those of the protocol the rail speaks on this deployment (the
        account&apos;s <C>protocol</C>); for the other rails, the rail&apos;s. Unknown, missing or malformed settings are a 400 whose <C>param</C> names them (
        <C>settings.apiKey</C>). Settings marked secret are <strong>write-only</strong>: encrypted at rest, never in an answer, an event, a webhook or a page.
        Answers show each under <C>secrets</C> as <C>{'{"last4": "41b7", "fingerprint": "3f7a2b91c0de"}'}</C> (a fingerprint keyed by this deployment, so it
        gives nothing of the secret away; the last four characters only for a secret of 16 characters or more), enough to tell which key you gave.
      </p>
      <Table
        caption="Settings per kind of account"
        head={['Kind', 'Required', 'Optional']}
        rows={railAccountSettingsRows().map((r) => [
          <span key="k">
            <Link href={objectHref(r.schema)}>{r.kind}</Link>
          </span>,
          <span key="r">{r.required.join(', ')}</span>,
          <span key="o">{r.optional.join(', ') || 'none'}</span>,
        ])}
      />
      <h2 id="create">Create one</h2>
      <p>
        Before saving anything, Caisse calls the backend the way payments will: MTN MoMo and Orange Money, a token; Wave, an authenticated read; LND, a read the
        invoice macaroon allows; Esplora and TronGrid, a read. When the backend refuses (or cannot be reached) the answer is 400 <C>rail_account_invalid</C>{' '}
        with its reason in <C>message</C>, and nothing is saved:
      </p>
      <Code label="A refused key">{`{"error": {"type": "invalid_request_error", "code": "rail_account_invalid", "param": "settings",
  "message": "The mobile_money_a backend did not accept these settings: token: the backend answered HTTP 401 (error login_failed). Nothing was saved.", ...}}`}</Code>
      <p>
        MTN MoMo (a live key makes a live account; <C>mobile_money_a</C> speaks <C>mtn_momo</C> unless this deployment says otherwise):
      </p>
      <Code label="MTN MoMo" id="create-mtn">{`curl ${base}/v1/rail_accounts \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{"rail": "mobile_money_a",
       "settings": {"baseUrl": "https://proxy.momoapi.mtn.com",
                    "subscriptionKey": "<Collection primary key>",
                    "apiUser": "<API user UUID>", "apiKey": "<API key>",
                    "targetEnvironment": "mtnivorycoast"},
       "currencies": ["XOF"], "maxAmount": 1500000}'
# -> {"id": "ra_...", "protocol": "mtn_momo", "status": "active", "version": 1, "currencies": ["XOF"],
#     "secrets": {"subscriptionKey": {"last4": "...", "fingerprint": "..."}, "apiKey": {...}},
#     "notifyUrl": "${base}/callbacks/ra_...", ...}`}</Code>
      <p>
        <C>currencies</C>, <C>minAmount</C>, <C>maxAmount</C> and <C>amountStep</C> (mobile money only) say what your contract with the operator takes; they
        narrow what the rail offers your buyers. To have MTN notify Caisse at once, set the <C>callbackUrl</C> setting to the account&apos;s <C>notifyUrl</C>{' '}
        (an update, once the account exists). MTN only calls hosts registered for your API user (its callback host): leave it out otherwise; Caisse then asks
        MTN for each payment&apos;s status, and payments complete all the same. In live mode every URL must be https.
      </p>
      <p>
        Wave (<C>mobile_money_d</C> by default):
      </p>
      <Code label="Wave" id="create-wave">{`curl ${base}/v1/rail_accounts \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{"rail": "mobile_money_d",
       "settings": {"apiKey": "<Checkout API key>"}}'`}</Code>
      <p>
        Wave signs its notifications with the secret of the webhook you register in the Wave Business portal, and that webhook must point at the account&apos;s{' '}
        <C>notifyUrl</C>, which exists once the account does. So: create the account with your API key alone; add a webhook at <C>notifyUrl</C> in Wave; then
        put the secret Wave shows for it in the account with <C>{'POST /v1/rail_accounts/:id {"settings": {"webhookSecret": "..."}}'}</C>. Until then (and
        whenever a notification does not verify, which changes nothing), payments are found by asking Wave, seconds later: none is lost.
      </p>
      <p>
        Lightning: your LND node&apos;s REST address, its <C>invoice.macaroon</C> in hex (it can create and read invoices, never spend) and, for a self-signed
        node, its <C>tls.cert</C>. With <C>jq</C> to put the files in the JSON:
      </p>
      <Code label="LND" id="create-lnd">{`jq -n --arg macaroon "$(xxd -ps -u -c 1000 invoice.macaroon)" --arg cert "$(cat tls.cert)" \\
  '{rail: "btc_lightning", settings: {restUrl: "https://node.shop.example:8080", macaroon: $macaroon, tlsCert: $cert}}' |
curl ${base}/v1/rail_accounts \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' -d @-`}</Code>
      <p>
        Bitcoin on-chain: your wallet&apos;s BIP84 account key (a <C>zpub</C>, the account <C>m/84&apos;/0&apos;/0&apos;</C>; Caisse derives receive addresses
        from it and cannot spend) and an Esplora server to watch the chain (<C>https://blockstream.info/api</C>, or your own):
      </p>
      <Code label="Bitcoin on-chain" id="create-onchain">{`curl ${base}/v1/rail_accounts \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{"rail": "btc_onchain",
       "settings": {"accountKey": "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs",
                    "esploraUrl": "https://blockstream.info/api"}}'
# -> {"id": "ra_...", "secrets": {"accountKey": {"last4": "tZYs", "fingerprint": "..."}},
#     "receiveAddresses": ["bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", ...], ...}`}</Code>
      <p>
        <strong>
          Compare <C>receiveAddresses</C> with your wallet
        </strong>{' '}
        before a buyer pays: they are the first receive addresses (indexes 0 to 2) your key gives. If your wallet shows others, the key is not the one you
        meant, and the money would go elsewhere. USDT on TRON works the same way, with your wallet&apos;s TRON account key (<C>m/44&apos;/195&apos;/0&apos;</C>)
        and a TronGrid API key.
      </p>
      <h2 id="update">Update: a new version</h2>
      <Code label="Change the API key">{`curl ${base}/v1/rail_accounts/ra_... \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{"settings": {"apiKey": "<new API key>"}}'
# -> {"version": 2, ...}`}</Code>
      <ul>
        <li>
          Only the settings you send change; the others are kept, secrets included. <C>null</C> removes an optional setting.
        </li>
        <li>The result is checked at the backend as on create; refused, nothing changes.</li>
        <li>
          Each update is a new <C>version</C>. New payments use it; a payment already started keeps the version that started it (its credentials) until it ends.
          Rotate a key at the operator only once the payments of the old one are over.
        </li>
      </ul>
      <h2 id="disable">Disable</h2>
      <p>
        <C>POST /v1/rail_accounts/:id/disable</C>: no new payment goes to the account (the rail goes back to this deployment&apos;s own account if it lends one,
        else it is not offered; in test mode, to the simulator). Payments it started are still watched to their end with it, and credited: money is never left
        behind. Disabling twice is harmless. A disabled account stays listed and cannot be enabled again: create a new one.
      </p>
      <h2 id="test-mode">Test mode</h2>
      <p>
        A test key makes test-mode accounts, used by test-mode payments instead of the simulator: give them sandbox settings (MTN&apos;s sandbox with{' '}
        <C>targetEnvironment</C> <C>sandbox</C>, Orange Money&apos;s <C>dev</C> country, a test node). Without one, test mode uses the simulators, as always:
        most integrations need no test-mode account. A test-mode account is on the test network: a testnet <C>vpub</C> and a testnet Esplora for Bitcoin
        on-chain, TronGrid&apos;s test network for USDT, a testnet node for Lightning. The test helpers (<C>/v1/test_helpers/...</C>) and the checkout
        page&apos;s test buttons drive Caisse&apos;s simulators only: pay a sandbox account in its sandbox.
      </p>
      <p>
        A wallet&apos;s account key serves one merchant in one mode (its receive addresses are one pool): another account, or the other mode, is refused with
        400 on <C>settings.accountKey</C>. On a public deployment every URL setting must be a public address, and an update that changes where an account
        connects must give its secrets again: stored secrets are never sent to a new address.
      </p>
      <h2 id="events">Events and errors</h2>
      <ul>
        <li>
          Events <C>rail_account.created</C>, <C>rail_account.updated</C>, <C>rail_account.disabled</C>, with the account as it was, secrets only as{' '}
          <C>last4</C> and <C>fingerprint</C>.
        </li>
        <li>
          409 <C>rail_account_exists</C>: a second active account on a rail in the same mode (update the first, or disable it). 409 <C>unexpected_state</C>: an
          update of a disabled one.
        </li>
        <li>
          202 with <C>pendingChange</C>: the creation, change or disabling waits for another owner&apos;s approval (your <C>railAccountApproval</C> is on: see{' '}
          <Link href="/docs/guides/team#rail-account-approvals">Team and permissions</Link>); a creation answers the account it would make, with <C>status</C>{' '}
          <C>pending_approval</C>. 409 <C>rail_account_change_pending</C> while one waits.
        </li>
        <li>
          503 <C>encryption_key_missing</C>: this deployment has no <C>CAISSE_ENCRYPTION_KEY</C> to encrypt secrets with; its operator must set one.
        </li>
        <li>
          A 400 <C>rail_account_invalid</C> is kept under its <C>Idempotency-Key</C> like any refusal: send the corrected settings with a new key.
        </li>
      </ul>
      <p>
        Reference: <Link href="/docs/api/rail-accounts">Rail accounts</Link>.
      </p>
    </>
  ),

  reconciliation: ({ base }) => (
    <>
      <p>
        A reconciliation checks a period of your ledger against what each backend says: the operator, your node, the chain. Every payment attempt of the period
        (made in it, or with a ledger line in it) is asked about at its backend, and compared, per backend reference, with the ledger&apos;s lines for it. Where
        a backend lists what it moved, money that no payment or refund of Caisse explains is found too. The worker reconciles your previous day every day (live
        mode, when the day had activity); you can ask for any period of up to 31 days.
      </p>
      <Code label="Reconcile yesterday">{`curl ${base}/v1/reconciliations \
  -H "Authorization: Bearer $CAISSE_KEY" \
  -H 'Content-Type: application/json' \
  -d '{"from": "2026-11-27", "to": "2026-11-27"}'`}</Code>
      <p>
        The answer is <C>pending</C> at once; the worker completes it and sends <C>reconciliation.succeeded</C> (or <C>reconciliation.failed</C>) and one{' '}
        <C>reconciliation_item.created</C> per difference. Dates are days in your account&apos;s time zone (<C>GET /v1/account</C>).{' '}
        <C>{'GET /v1/reconciliations/{id}'}</C> shows the first 100 differences; <C>{'GET /v1/reconciliations/{id}/items'}</C> lists them all.
      </p>
      <h2 id="differences">The differences</h2>
      <Table
        caption="What a difference says"
        head={['kind', 'resolution', 'What happened']}
        rows={[
          [
            <C key="k">missing_in_caisse</C>,
            <C key="r">credited</C>,
            <Text key="w">
              The backend received money for a payment of Caisse that Caisse had not recorded (a notification lost, a payment after Caisse stopped watching): it
              was credited through the normal settle path, as if the backend had told us, and the ledger now matches.
            </Text>,
          ],
          [
            <C key="k">missing_in_caisse</C>,
            <C key="r">outside_caisse</C>,
            <Text key="w">
              Money moved at the backend that Caisse did not make: a payment to your account that no payment intent asked for (`caisse` is null), or money that
              went out with no Caisse refund behind it (a refund or payout made in the operator&apos;s portal, a payment your node sent): its `amount` is
              negative. Nothing changes in Caisse.
            </Text>,
          ],
          [
            <C key="k">missing_at_backend</C>,
            <C key="r">needs_review</C>,
            <Text key="w">Caisse recorded money (a payment, a refund) that the backend has no record of. Nothing is ever debited automatically.</Text>,
          ],
          [
            <C key="k">amount_differs</C>,
            <Text key="r">`needs_review` or `credited`</Text>,
            <Text key="w">
              Both sides have it, not the same amount. More at the backend is credited through the settle path; less is left for you to review.
            </Text>,
          ],
        ]}
      />
      <p>
        Each difference has both sides (<C>caisse</C>, <C>backend</C>: amounts as moved on the rail, francs, sats or USDT millionths), the ids it concerns, a{' '}
        <C>reason</C> code and an English <C>explanation</C>. See the <Link href={objectHref('Reconciliation')}>reconciliation objects</Link>.
      </p>
      <h2 id="backends">What each backend is asked</h2>
      <Table
        caption="Reconciliation by backend"
        head={['Backend', 'Asked']}
        rows={[
          [
            'MTN MoMo, Orange Money',
            <Text key="a">The status of every attempt of the period. They have no listing API: money that no attempt asked for cannot be seen.</Text>,
          ],
          [
            'Wave',
            <Text key="a">
              The checkout session of every attempt; and, on your own Wave account, the Balance API&apos;s transaction list of each day (payments in, refunds
              and payouts out): your key needs the Balance API, or the run says the listing was unavailable and checks the attempts only.
            </Text>,
          ],
          ['Lightning (LND)', <Text key="a">The invoice of every attempt.</Text>],
          ['Bitcoin on-chain (Esplora)', <Text key="a">The history of every derived address an attempt of the period used.</Text>],
          ['USDT on TRON (TronGrid)', <Text key="a">The TRC20 transfers to every deposit address an attempt of the period used.</Text>],
          [
            'Refunds',
            <Text key="a">Every refund that succeeded in the period, asked about by its reference (Orange Money refunds, made by you, are not).</Text>,
          ],
        ]}
      />
      <p>
        A backend that cannot be read (down, a 5xx, an answer that makes no sense) fails the run (<C>status: failed</C>, <C>failure</C> names it): a
        reconciliation never succeeds over a gap. The differences found before the failure are kept; the daily run is tried again every hour, up to six times.
        Reconciling the same period again credits nothing twice.
      </p>
    </>
  ),
  reports: ({ base }) => (
    <>
      <p>
        A report is a CSV file of your ledger (the <Link href={objectHref('BalanceTransaction')}>balance transactions</Link>: one line per money movement,
        written with the movement itself) over days in your account&apos;s time zone (<C>GET /v1/account</C>; <C>Africa/Abidjan</C> by default, change it with{' '}
        <C>{'POST /v1/account {"timeZone": "Africa/Douala"}'}</C>). Ask for one, the worker writes it within seconds, then download it:
      </p>
      <Code label="Yesterday's summary">{`curl ${base}/v1/report_runs -H "Authorization: Bearer $CAISSE_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"type": "daily_summary", "from": "2026-01-31", "to": "2026-01-31"}'
# {"id": "frr_...", "object": "report_run", "status": "pending", "fileUrl": null, ...}

curl ${base}/v1/report_runs/frr_... -H "Authorization: Bearer $CAISSE_KEY"
# {"status": "succeeded", "rowCount": 2, "fileUrl": "${base}/v1/report_runs/frr_.../file", ...}

curl -OJ ${base}/v1/report_runs/frr_.../file -H "Authorization: Bearer $CAISSE_KEY"`}</Code>
      <p>
        <C>from</C> and <C>to</C> are days (<C>YYYY-MM-DD</C>, both included) in your time zone, at most 366 of them, and <C>to</C> not after your today. Rather
        than asking again and again, listen for the <C>report_run.succeeded</C> event (or <C>report_run.failed</C>). The file holds the ledger as it was when
        the run completed: money that arrives later is in your next report, and this file is the same on every download. It is streamed, so a year of a busy
        shop downloads as quickly as it is written.
      </p>
      <h2 id="balance-transactions">balance_transactions</h2>
      <p>
        One line per balance transaction, oldest first: <C>id</C>, <C>createdAt</C> (in the run&apos;s time zone, with its offset) and <C>createdAtUtc</C>,{' '}
        <C>type</C> (<C>payment</C>, <C>overpayment</C>, <C>late_payment</C>, <C>refund</C>, <C>refund_reversal</C>, <C>adjustment</C>), <C>source</C> (the
        intent or refund), <C>paymentIntentId</C>, <C>rail</C>, <C>railAccountId</C>, <C>platformAccount</C>, <C>amount</C> and <C>currency</C> as moved on the
        rail (francs, sats, USDT millionths; negative when money went out), <C>amountInIntentCurrency</C>, <C>intentCurrency</C> and <C>rate</C> (the quote of a
        converted payment).
      </p>
      <h2 id="daily-summary">daily_summary</h2>
      <p>
        One line per day and per rail, rail account, currency and intent currency: <C>opening</C> (what the account held when the day began), <C>payments</C>{' '}
        (payments, overpayments, late payments and adjustments), <C>refunds</C> (what went back), <C>closing</C> (= opening + payments - refunds, and the next
        day&apos;s opening), <C>count</C> (lines of the day), and the same four sums in the intent&apos;s currency (<C>openingInIntentCurrency</C>...): the
        franc value of money received in BTC or USDT, at each payment&apos;s own quote. An account appears from its first line on.
      </p>
      <p>
        Every amount is an integer in minor units, as the API gives them. A text cell that would start a spreadsheet formula (<C>=</C>, <C>+</C>, <C>-</C>,{' '}
        <C>@</C>) is written with a leading <C>&apos;</C>. Reference: <Link href="/docs/api/reports">Reports</Link>.
      </p>
    </>
  ),
  team: ({ base }) => (
    <>
      <p>
        A merchant&apos;s dashboard has several users, each with one role, and its API has secret keys and restricted keys. Every dashboard page, every
        dashboard action and every API operation checks a permission on the server; what a role or a key lacks is refused (a 403 page on the dashboard, 403{' '}
        <C>permission_denied</C> on the API) and nothing is done.
      </p>
      <h2 id="permissions">Permissions</h2>
      <Table head={['Permission', 'What it allows']} rows={PERMISSIONS.map((p) => [<C key={p}>{p}</C>, PERMISSION_DOCS[p]])} />
      <h2 id="roles">Roles</h2>
      <p>
        Fixed roles: <C>owner</C> holds everything and is the only one who manages users and rail accounts (where the money lands) and rolls the secret keys (
        <C>keys.secret</C>: they hold every permission), and raises or removes a refund approval threshold (<C>approvals.loosen</C>); <C>admin</C> everything
        else (it approves refunds, so it may lower or add a threshold, never loosen one); <C>developer</C> restricted API keys, webhooks and reading payments;{' '}
        <C>support</C> reads payments and asks for refunds, which wait for an owner&apos;s or admin&apos;s approval; <C>viewer</C> reads. The dashboard shows
        each user only the pages their role may open.
      </p>
      <Table
        head={['Role', 'Permissions']}
        rows={ROLES.map((r) => [<C key={r}>{r}</C>, ROLE_PERMISSIONS[r].length === PERMISSIONS.length ? 'every permission' : ROLE_PERMISSIONS[r].join(', ')])}
      />
      <h2 id="restricted-keys">Restricted keys</h2>
      <p>
        Secret keys (<C>sk_test_</C>, <C>sk_live_</C>) hold every permission: only an owner rolls them. A restricted key (<C>rk_test_</C>, <C>rk_live_</C>),
        made on the dashboard&apos;s API keys page (<C>keys.manage</C>) with a name and a list of permissions, holds only those, and only permissions its
        maker&apos;s role holds (a developer cannot make a key that changes rail accounts or settings): give a reporting script <C>payments.read</C> and{' '}
        <C>reports.read</C>, a shop&apos;s server <C>payments.write</C> without <C>refunds.write</C>. Its secret is shown once; it can be revoked alone (rolling
        the secret keys leaves it working). It is used exactly like a secret key. It holds only what its maker holds now: when the maker is given a role with
        fewer permissions, or disabled, the keys they made that hold more are revoked (<C>api_key.revoked</C> in the audit log; what they asked for that waits
        is canceled). The permissions a key may hold: {KEY_PERMISSIONS.join(', ')}. Reads need <C>payments.read</C> (the balance <C>reports.read</C>, webhook
        endpoints <C>webhooks.write</C>, the audit log <C>audit.read</C>); a write needs the permission of its resource.
      </p>
      <Code label="A restricted key without refunds.write">{`curl ${base}/v1/refunds -H "Authorization: Bearer rk_test_..." \\
  -H 'Content-Type: application/json' -d '{"paymentIntentId": "pi_..."}'
# -> 403 {"error": {"type": "invalid_request_error", "code": "permission_denied",
#      "message": "This restricted API key does not have the permission 'refunds.write', ..."}}`}</Code>
      <h2 id="approvals">Refund approvals</h2>
      <p>
        A refund asked for by a <C>support</C> user, or one that takes its payment&apos;s refunds (it, with those not failed or canceled) above the
        merchant&apos;s threshold for its currency (the setting <C>refundApprovalThresholds</C>, e.g. <C>{'{"XOF": 50000}'}</C>; none by default: ten refunds of
        one payment just under it wait as one refund of their sum would), starts in <C>pending_approval</C>: its money is held (no other refund can take it) but
        nothing is sent. An owner or an admin other than its author approves it (then it goes on as any refund: <C>pending</C>) or rejects it with a reason (
        <C>canceled</C>), on the payment&apos;s page or the refunds list. Events <C>refund.pending_approval</C>, <C>refund.approved</C>, <C>refund.rejected</C>.
        Anyone with <C>settings.write</C> may lower or add a threshold; raising or removing one takes <C>approvals.loosen</C> (owners, secret keys): else 403{' '}
        <C>permission_denied</C>, nothing changed, so an admin cannot lift the rule that makes its own refunds wait. Refunds made through the API with a secret
        key wait only when their amount is above the threshold. A refund asked for with a key is its maker&apos;s (the owner who rolled the secret keys, the
        user who made the restricted key): they cannot approve it either. When the key is rolled or revoked, or the user who asked is disabled, the refunds they
        asked for that still wait are canceled (<C>refund.canceled</C>, <C>failureReason</C> <C>author_removed</C>
        ), their money released.
      </p>
      <h2 id="rail-account-approvals">Rail account approvals</h2>
      <p>
        With the setting <C>railAccountApproval</C> on (<C>POST /v1/account</C>, with <C>rail_accounts.write</C>; or the Payment methods page), connecting a
        rail account, a change of its settings, limits or name, and its disabling wait until an owner other than their author approves them on the Payment
        methods page: the change is checked at the backend when asked, then kept (its secrets encrypted) and applied only on approval, on the version it was
        computed from. Until then the account, and every new payment, stay as they are; the API answers 202 with the account and its <C>pendingChange</C> (409{' '}
        <C>rail_account_change_pending</C> while another waits). A connection answers the account it would make (<C>status</C> <C>pending_approval</C>, the id
        it will have): until it is approved, the rail&apos;s payments go where they went (this deployment&apos;s own account, the simulator in test mode, or
        nowhere), and an account made active on the rail meanwhile supersedes it. A change of <C>metadata</C> alone applies at once. Turning the setting on
        needs two active owners (409 <C>two_owners_required</C>); turning it off waits for another owner&apos;s approval too, unless one owner is left. A change
        asked for with a key may be approved by any owner.
      </p>
      <h2 id="audit">The audit log</h2>
      <p>
        Every action below leaves one line, written in the action&apos;s own transaction: who (a user and their e-mail, a key and its prefix and last four, or
        Caisse), what, on which object, from which address, and the changes before and after; secrets never appear, only their last four and fingerprint. Owners
        and admins read it on the dashboard (filters, CSV) and with <C>GET /v1/audit_events</C> (<C>audit.read</C>). A rail account connected, changed or
        disabled, and approval of these changes turned off, also show a banner to every owner until they dismiss it, so a swapped receive account cannot go
        unnoticed.
      </p>
      <p>
        Actions:{' '}
        {AUDIT_ACTIONS.map((a, i) => (
          <span key={a}>
            {i ? ', ' : ''}
            <C>{a}</C>
          </span>
        ))}
        .
      </p>
      <p>
        Reference: <Link href="/docs/api/audit-log">Audit log</Link>, the <Link href={objectHref('AuditEvent')}>AuditEvent</Link> object.
      </p>
    </>
  ),

  sdk: ({ base }) => (
    <>
      <p>
        The TypeScript SDK (<C>sdk/</C> in the repository, generated from the OpenAPI document) types every call and object, adds an <C>Idempotency-Key</C> to
        every POST, retries what can be retried, pages lists for you and verifies webhooks. Install it from the repository path:
      </p>
      <Code label="Install">{`npm install /path/to/caisse/sdk`}</Code>
      <Code label="Use" id="sdk-use">{`import { Caisse, CaisseError } from '@caisse/sdk';

const caisse = new Caisse(process.env.CAISSE_KEY!, { baseUrl: '${base}' });

// Idempotency-Key added automatically
const intent = await caisse.paymentIntents.create({
  amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'order-1042',
});
const session = await caisse.checkoutSessions.create({
  paymentIntentId: intent.id,
  successUrl: 'https://shop.example/merci?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://shop.example/panier',
});
console.log(session.url); // send the buyer there

// auto-pagination: every page, newest first
for await (const pi of caisse.paymentIntents.list({ status: 'succeeded' })) console.log(pi.id);

// in your webhook handler: a typed Event; throws on a bad signature
const event = caisse.webhooks.verify(rawBody, req.headers, process.env.CAISSE_WEBHOOK_SECRET!);
if (event.type === 'payment_intent.succeeded') console.log(event.data.object.reference); // a PaymentIntent`}</Code>
      <p>
        Every operation of the <Link href="/docs#reference">reference</Link> has its method: <C>{'paymentIntents.confirm(id, { phone })'}</C>,{' '}
        <C>checkoutSessions.expire(id)</C>, <C>webhookEndpoints.create(...)</C>, <C>{'refunds.create({ paymentIntentId, amount }, { idempotencyKey })'}</C>, and
        in test mode <C>testHelpers.paymentIntents.pay(id)</C>, <C>.fail(id)</C> and <C>testHelpers.refunds.claim(id)</C>. Pass <C>rawBody</C> to{' '}
        <C>webhooks.verify</C> as the bytes or text received, never re-serialised JSON.
      </p>
      <h2 id="errors">Errors and retries</h2>
      <p>
        A refusal throws a <C>CaisseError</C> with <C>.status</C>, <C>.code</C>, <C>.type</C>, <C>.param</C> and <C>.requestId</C> (the{' '}
        <Link href="/docs/guides/errors">error codes</Link>). 409 <C>idempotency_key_in_use</C>, 429 and 5xx are retried with backoff, honouring{' '}
        <C>Retry-After</C>, with the same <C>Idempotency-Key</C>.
      </p>
      <Code label="Handle an error">{`try {
  await caisse.paymentIntents.confirm(intent.id, { phone: '+2250554120000' });
} catch (err) {
  if (err instanceof CaisseError && err.code === 'unexpected_state') {
    // already paid or canceled: read it again
  } else throw err;
}`}</Code>
      <h2 id="example">A whole integration</h2>
      <p>
        <C>sdk/examples/quickstart.ts</C> runs one end to end in test mode: a webhook receiver, an intent and its session, confirmed over mobile money, paid
        with the test helper, the <C>payment_intent.succeeded</C> webhook received and verified, the intents listed with auto-pagination:
      </p>
      <Code label="Run the example">{`CAISSE_KEY=sk_test_... CAISSE_BASE_URL=${base} npx tsx sdk/examples/quickstart.ts`}</Code>
    </>
  ),
};
