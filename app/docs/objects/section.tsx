// One schema of the OpenAPI document as /docs/objects (and its sub-pages) show it: its description,
// the variants of a union told apart by `type`, and its fields.
import type { OpenApiDocument } from '@/lib/docs/reference';
import { fields, objectHref, unionVariants } from '@/lib/docs/reference';
import styles from '../docs.module.css';
import { Fields, Paragraphs } from '../ui';

export function ObjectSection({ doc, name }: { doc: OpenApiDocument; name: string }) {
  const s = doc.components.schemas[name]!;
  const variants = unionVariants(doc, name);
  return (
    <section id={name} aria-labelledby={`${name}-h`} className={styles.op}>
      <h2 id={`${name}-h`}>{name}</h2>
      <Paragraphs text={s.description} />
      {variants.length && name === 'Event' ? (
        <p>
          One of the event objects, told apart by <code>type</code> (its <code>data.object</code> is the object the type names): see{' '}
          <a href="/docs/objects#event-types">the event types</a>.
        </p>
      ) : variants.length ? (
        <>
          <p>
            One of these objects, told apart by <code>type</code>:
          </p>
          <ul>
            {variants.map((v) => (
              <li key={v.schema}>
                {/* One <code> for all the types: the page's element budget (e2e/docs.spec.ts) counts each element. */}
                <a href={objectHref(v.schema)}>{v.schema}</a>: <code>{v.types.join(', ')}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Fields fields={fields(s)} label={`${name} fields`} />
    </section>
  );
}
