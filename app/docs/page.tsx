// /docs: a readable API reference, rendered on the server from the same OpenAPI document.
import { openApiDocument } from '@/lib/api/openapi';
import { config } from '@/lib/config';
import styles from './docs.module.css';

export const metadata = { title: 'Caisse API reference' };
export const dynamic = 'force-dynamic';

type Schema = { type?: string | string[]; enum?: unknown[]; description?: string; default?: unknown; maxLength?: number; minimum?: number; maximum?: number; exclusiveMinimum?: number; properties?: Record<string, Schema>; required?: string[]; $ref?: string; anyOf?: Schema[]; oneOf?: Schema[] };
type Param = { name: string; in: string; required: boolean; schema: Schema; description?: string };
type Op = { summary: string; description?: string; parameters: Param[]; requestBody?: { content: { 'application/json': { schema: Schema } } } };

function typeOf(s: Schema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  if (s.oneOf) return s.oneOf.map(typeOf).join(' | ');
  if (s.$ref) return s.$ref.split('/').pop()!;
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  return t === 'object' && !s.properties ? 'object (string values)' : t;
}

function constraints(s: Schema): string {
  const out: string[] = [];
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  if (s.maxLength !== undefined) out.push(`max ${s.maxLength} chars`);
  if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`);
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined && s.maximum < 1e15) out.push(`≤ ${s.maximum}`);
  if (s.description) out.push(s.description);
  return out.join('; ');
}

function ParamTable({ rows }: { rows: { name: string; required: boolean; schema: Schema }[] }) {
  if (!rows.length) return null;
  return (
    <table className={styles.table}>
      <thead>
        <tr><th scope="col">Param</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Notes</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name}>
            <td><code>{r.name}</code></td><td>{typeOf(r.schema)}</td><td>{r.required ? 'yes' : 'no'}</td><td>{constraints(r.schema)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function DocsPage() {
  const doc = openApiDocument(config().BASE_URL) as { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, Schema> } };
  return (
    <main className={styles.main} lang="en">
      <h1>Caisse API reference</h1>
      <p>
        Base URL <code>{config().BASE_URL}</code>. Authenticate every request with <code>Authorization: Bearer sk_test_...</code>.
        Bodies are JSON (<code>Content-Type: application/json</code>, at most 64 KiB); amounts are integers in minor units
        (XOF, XAF, GNF: 0 decimals; BTC: satoshis; USDT: 6 decimals); timestamps are Unix seconds. Machine-readable:{' '}
        <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).
      </p>
      <h2>Conventions</h2>
      <ul>
        <li>Errors: <code>{'{ "error": { "type", "code", "message", "param", "requestId" } }'}</code>; every response has a <code>Request-Id</code> header.</li>
        <li>Lists: <code>{'{ "object": "list", "data": [...], "hasMore", "url" }'}</code>, newest first; <code>limit</code> (1–100, default 10), <code>startingAfter</code> / <code>endingBefore</code>, <code>createdAt[gte]</code>, <code>createdAt[lt]</code>.</li>
        <li>Idempotency: send <code>Idempotency-Key</code> on any POST; the first response is replayed for 24 h with <code>Idempotent-Replayed: true</code>.</li>
        <li>Unknown parameters are rejected (<code>parameter_unknown</code>).</li>
      </ul>
      {Object.entries(doc.paths).map(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => {
          const body = op.requestBody?.content['application/json'].schema;
          const bodyRows = body?.properties ? Object.entries(body.properties).map(([name, schema]) => ({ name, schema, required: body.required?.includes(name) ?? false })) : [];
          const query = op.parameters.filter((p) => p.in === 'query');
          const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
          return (
            <section key={id} id={id} className={styles.op}>
              <h2><span className={styles.method}>{method.toUpperCase()}</span> <code>{path}</code></h2>
              <p>{op.summary}.{op.description ? ` ${op.description}` : ''}</p>
              {bodyRows.length > 0 && <><h3>Body</h3><ParamTable rows={bodyRows} /></>}
              {query.length > 0 && <><h3>Query</h3><ParamTable rows={query} /></>}
            </section>
          );
        }),
      )}
      <h2>Objects</h2>
      {Object.entries(doc.components.schemas).map(([name, s]) => (
        <section key={name} id={`object-${name}`} className={styles.op}>
          <h3>{name}</h3>
          {s.oneOf && <p>One of {typeOf(s)}, told apart by <code>type</code>.</p>}
          <ParamTable rows={Object.entries(s.properties ?? {}).map(([n, schema]) => ({ name: n, schema, required: s.required?.includes(n) ?? false }))} />
        </section>
      ))}
    </main>
  );
}
