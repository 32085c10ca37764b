// /docs/api/<tag>: one resource's operations, each at the anchor of its operationId
// (#createPaymentIntent): description, parameters, a curl that runs, the response example, the
// headers and every status and error code it can answer. Read from the OpenAPI document.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { docsBaseUrl, docsDocument } from '@/lib/docs/load';
import {
  curl,
  errorRows,
  exampleIds,
  examplesOf,
  fields,
  type OpenApiDocument,
  type Operation,
  objectHref,
  parameterFields,
  pretty,
  responseHeaders,
  returns,
  tagGroups,
} from '@/lib/docs/reference';
import styles from '../../docs.module.css';
import { Code, Fields, Method, Paragraphs, Text } from '../../ui';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ tag: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tag } = await params;
  const group = tagGroups(docsDocument()).find((g) => g.slug === tag);
  return { title: group ? `${group.name}: Caisse API reference` : 'Not found: Caisse API reference' };
}

export default async function TagPage({ params }: Props) {
  const { tag } = await params;
  const doc = docsDocument();
  const group = tagGroups(doc).find((g) => g.slug === tag);
  if (!group) notFound();
  const ids = exampleIds(doc);
  return (
    <>
      <h1>{group.name}</h1>
      <Paragraphs text={group.description} />
      <nav aria-label="On this page">
        <ul className={styles.toc}>
          {group.operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`}>{op.summary}</a>
            </li>
          ))}
        </ul>
      </nav>
      {group.operations.map((op) => (
        <OperationSection key={op.id} doc={doc} op={op} ids={ids} />
      ))}
    </>
  );
}

function OperationSection({ doc, op, ids }: { doc: OpenApiDocument; op: Operation; ids: Record<string, string> }) {
  const o = op.op;
  const media = o.requestBody?.content['application/json'];
  const body = media?.schema;
  const ok = o.responses['200'];
  const ret = returns(o);
  const pathParams = parameterFields(o, 'path');
  const query = parameterFields(o, 'query');
  const headers = parameterFields(o, 'header');
  const exclusive = body?.oneOf?.flatMap((v) => v.required ?? []);
  return (
    <section id={op.id} aria-labelledby={`${op.id}-h`} className={styles.op}>
      <h2 id={`${op.id}-h`}>{op.summary}</h2>
      <p className={styles.endpoint}>
        <Method method={op.method} /> <code>{op.path}</code>
      </p>
      <Paragraphs text={op.description} />
      {pathParams.length + query.length + headers.length > 0 ? <h3>Parameters</h3> : null}
      <Fields fields={pathParams} label="Path parameters" />
      <Fields fields={query} label="Query parameters" />
      <Fields fields={headers} label="Headers" />
      {body ? (
        <>
          <h3>Body{o.requestBody?.required ? '' : ' (optional)'}</h3>
          {exclusive?.length ? (
            <p>
              Exactly one of <Text>{exclusive.map((n) => `\`${n}\``).join(' and ')}</Text>.
            </p>
          ) : null}
          {fields(body).length === 0 && body.description ? (
            <p>
              <Text>{body.description}</Text>
            </p>
          ) : null}
          <Fields fields={fields(body)} label="Body parameters" />
        </>
      ) : null}
      <h3>Example</h3>
      <Code label={`curl: ${op.summary}`} id={`${op.id}-curl`}>
        {curl(op, { baseUrl: docsBaseUrl(), ids })}
      </Code>
      <h3>Response</h3>
      <p>
        {ret ? (
          <>
            200 with {ret.list ? 'a list of ' : 'the '}
            <Link href={objectHref(ret.ref)}>{ret.ref}</Link>
            {ret.list ? ' objects (see Pagination)' : ' object'}.
          </>
        ) : ok?.content?.['text/csv'] ? (
          <>
            200 with a CSV file (<code>text/csv</code>).
          </>
        ) : (
          '200.'
        )}{' '}
        Headers:{' '}
        {ok
          ? responseHeaders(doc, ok).map((h, i) => (
              <span key={h.name}>
                {i ? ', ' : ''}
                <code>{h.name}</code>
              </span>
            ))
          : null}
        .
      </p>
      {examplesOf(ok?.content?.['application/json'] ?? ok?.content?.['text/csv']).map((e, i) => (
        <div key={i}>
          {e.title ? (
            <p>
              <Text>{e.title}</Text>:
            </p>
          ) : null}
          <Code label={`Response example${e.title ? `: ${e.title}` : ''}`}>{typeof e.value === 'string' ? e.value : pretty(e.value)}</Code>
        </div>
      ))}
      <h3>Errors</h3>
      <ul className={styles.errors}>
        {errorRows(doc, o).map((r) => (
          <li key={r.status}>
            <strong>{r.status}</strong> <Text>{r.description}</Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
