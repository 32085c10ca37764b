// /docs: the overview, a quickstart, and the index of the guides and of the API reference.
//
// Why hand-written server pages and not Scalar or Redoc: both are client-side React/JS bundles of
// several hundred KB that render nothing without JavaScript, and are heavy on the low-end phones
// our merchants use. These pages are rendered on the server from the same OpenAPI document the API
// publishes (lib/api/openapi.ts `openApiDocument(baseUrl)`, read through lib/docs/), so the
// reference cannot drift from it: a new operation, parameter, example or error code shows up here
// with no edit. Each page is light (no client JavaScript of its own, CSS modules) and readable at
// 360 px; e2e/docs.spec.ts measures both.
import type { Metadata } from 'next';
import Link from 'next/link';
import { GUIDES } from '@/lib/docs/guides';
import { docsBaseUrl, docsDocument } from '@/lib/docs/load';
import { firstSentence, tagGroups } from '@/lib/docs/reference';
import styles from './docs.module.css';
import { Code, Paragraphs, Text } from './ui';

export const metadata: Metadata = {
  title: 'Caisse API reference',
  description: 'Guides and API reference of Caisse: payments by mobile money, Bitcoin and USDT in West and Central Africa.',
};
// BASE_URL is read at run time (it is in every curl and in the document's servers).
export const dynamic = 'force-dynamic';

export default function DocsHome() {
  const doc = docsDocument();
  const base = docsBaseUrl();
  return (
    <>
      <h1>Caisse API reference</h1>
      <Paragraphs text={doc.info.description} />
      <p>
        Base URL <code>{base}</code>. Every request carries a secret key; bodies are JSON. The machine-readable document is{' '}
        <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1): generate a client from it, or use the <Link href="/docs/guides/sdk">TypeScript SDK</Link>
        .
      </p>

      <h2 id="quickstart">Quickstart</h2>
      <p>
        Put your test key in a variable (<code>npm start</code> prints one on its first start; <code>sk_test_...</code>), then create a payment intent and a
        checkout session, and send the buyer to the session&apos;s <code>url</code>:
      </p>
      <Code label="Set the key">{`export CAISSE_KEY=sk_test_...`}</Code>
      <Code label="Create a payment intent" id="qs-intent">{`curl ${base}/v1/payment_intents \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Idempotency-Key: order-1042' \\
  -H 'Content-Type: application/json' \\
  -d '{"amount": 5000, "currency": "XOF", "rail": "mobile_money_a", "reference": "order-1042"}'
# -> {"id": "pi_...", "status": "requires_payment_method", "nextAction": null, ...}`}</Code>
      <Code label="Create a checkout session" id="qs-session">{`curl ${base}/v1/checkout_sessions \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{"paymentIntentId": "pi_...",
       "successUrl": "https://shop.example/merci?session={CHECKOUT_SESSION_ID}",
       "cancelUrl": "https://shop.example/panier"}'
# -> {"id": "cs_...", "url": "${base}/checkout/cs_...", "status": "open", ...}`}</Code>
      <p>
        Open the <code>url</code>: in test mode the page pays with the <Link href="/docs/guides/test-mode">test numbers</Link> or its test buttons. Then the
        intent is <code>succeeded</code>, and a <code>payment_intent.succeeded</code> event is sent to your{' '}
        <Link href="/docs/guides/webhooks">webhook endpoint</Link>. To collect without the hosted page, confirm the intent with the payer&apos;s number and show
        them <code>nextAction</code>:
      </p>
      <Code label="Confirm a payment intent" id="qs-confirm">{`curl ${base}/v1/payment_intents/pi_.../confirm \\
  -H "Authorization: Bearer $CAISSE_KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{"phone": "+2250554120000"}'
# -> {"status": "pending", "nextAction": {"type": "mobile_money_prompt", ...}}`}</Code>
      <p>
        Conventions: amounts are integers in minor units (XOF, XAF, GNF have no decimals; BTC in satoshis; USDT in millionths), timestamps are Unix seconds,
        names are camelCase, unknown parameters are refused.
      </p>

      <h2 id="guides">Guides</h2>
      <ul className={styles.cards}>
        {GUIDES.map((g) => (
          <li key={g.slug}>
            <Link href={`/docs/guides/${g.slug}`}>{g.title}</Link>: {g.summary}
          </li>
        ))}
      </ul>

      <h2 id="reference">API reference</h2>
      <ul className={styles.cards}>
        {tagGroups(doc).map((g) => (
          <li key={g.slug}>
            <Link href={`/docs/api/${g.slug}`}>{g.name}</Link>: <Text>{firstSentence(g.description)}</Text>
          </li>
        ))}
        <li>
          <Link href="/docs/objects">Objects and events</Link>: every object, the <code>nextAction</code> and event types.
        </li>
      </ul>
    </>
  );
}
