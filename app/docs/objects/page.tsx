// /docs/objects: every schema of the OpenAPI document (each at #Name), the unions told apart by
// `type` (nextAction, events), and the webhook payloads (the document's `webhooks` section).
import type { Metadata } from 'next';
import Link from 'next/link';
import { docsDocument } from '@/lib/docs/load';
import {
  AUDIT_OBJECTS_PATH,
  BALANCE_OBJECTS_PATH,
  examplesOf,
  objectHref,
  objectNames,
  operations,
  pretty,
  RECONCILIATION_OBJECTS_PATH,
  REFUND_OBJECTS_PATH,
  REPORT_OBJECTS_PATH,
  SETTINGS_OBJECTS_PATH,
  WEBHOOK_OBJECTS_PATH,
  webhookEvents,
} from '@/lib/docs/reference';
import styles from '../docs.module.css';
import { Code, Paragraphs, Text } from '../ui';
import { ObjectSection } from './section';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Objects and events: Caisse API reference' };

export default function ObjectsPage() {
  const doc = docsDocument();
  const events = webhookEvents(doc);
  const headers = Object.values(doc.webhooks ?? {})[0]?.post?.parameters ?? [];
  // The example of the operation that answers one Event (retrieveEvent): the body of a delivery.
  const retrieve = operations(doc).find((o) => o.method === 'get' && o.op.responses['200']?.content?.['application/json']?.schema?.$ref?.endsWith('/Event'));
  const example = examplesOf(retrieve?.op.responses['200']?.content?.['application/json'])[0]?.value;
  return (
    <>
      <h1>Objects and events</h1>
      <p>
        What the API answers. Every object has an <code>id</code> (a prefix and random characters), <code>object</code> (its kind), <code>livemode</code> and{' '}
        <code>createdAt</code> (Unix seconds). Objects may gain fields over time: do not reject unknown ones. Rail accounts, their event and their settings by
        kind are on a page of their own: <Link href={SETTINGS_OBJECTS_PATH}>rail account objects</Link>; refunds and theirs too:{' '}
        <Link href={REFUND_OBJECTS_PATH}>refund objects</Link>; the ledger&apos;s: <Link href={BALANCE_OBJECTS_PATH}>balance objects</Link>,{' '}
        <Link href={REPORT_OBJECTS_PATH}>report objects</Link> and <Link href={RECONCILIATION_OBJECTS_PATH}>reconciliation objects</Link>; the event, webhook
        endpoints and deliveries: <Link href={WEBHOOK_OBJECTS_PATH}>webhook objects</Link>; the audit log&apos;s:{' '}
        <Link href={AUDIT_OBJECTS_PATH}>audit events</Link>.
      </p>
      <nav aria-label="Objects">
        <ul className={styles.toc}>
          {objectNames(doc).map((n) => (
            <li key={n}>
              <a href={`#${n}`}>{n}</a>
            </li>
          ))}
          <li>
            <a href="#event-types">Event types and webhook payloads</a>
          </li>
        </ul>
      </nav>
      {objectNames(doc).map((name) => (
        <ObjectSection key={name} doc={doc} name={name} />
      ))}
      <section id="event-types" aria-labelledby="event-types-h" className={styles.op}>
        <h2 id="event-types-h">Event types and webhook payloads</h2>
        <p>
          Each event is written in the same transaction as the change it describes, and sent to every enabled webhook endpoint that subscribes to its type, as a{' '}
          <code>POST</code> whose body is the event (see the <Link href="/docs/guides/webhooks">webhooks guide</Link>).
        </p>
        <Paragraphs text={Object.values(doc.webhooks ?? {})[0]?.post?.description} />
        <p>Headers of every delivery:</p>
        <ul>
          {headers.map((h) => (
            <li key={h.name}>
              <code>{h.name}</code>
              {h.description ? (
                <>
                  : <Text>{h.description}</Text>
                </>
              ) : null}
            </li>
          ))}
        </ul>
        <p>
          The event types, by the object their <code>data.object</code> is:
        </p>
        <ul>
          {[...new Set(events.map((e) => e.schema))].map((schema) => (
            <li key={schema ?? 'other'}>
              {schema ? <a href={objectHref(schema)}>{schema}</a> : 'Other'}:{' '}
              <code>
                {events
                  .filter((e) => e.schema === schema)
                  .map((e) => e.type)
                  .join(', ')}
              </code>
            </li>
          ))}
        </ul>
        {example !== undefined ? (
          <>
            <p>
              A delivery&apos;s body (the event, as <code>GET /v1/events/:id</code> returns it):
            </p>
            <Code label="Event example">{pretty(example)}</Code>
          </>
        ) : null}
      </section>
    </>
  );
}
