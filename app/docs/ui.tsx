// Small server components the /docs pages share: inline text, field lists, code blocks.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { type Field, inline, notes as notesOf, objectHref, paragraphs, type TypePart } from '@/lib/docs/reference';
import { Copy } from './copy';
import styles from './docs.module.css';

/** A description: `code`, **bold** and [links](url) become markup; the rest stays text. */
export function Text({ children }: { children: string | undefined }) {
  if (!children) return null;
  return (
    <>
      {inline(children).map((p, i) =>
        'code' in p ? (
          <code key={i}>{p.code}</code>
        ) : 'strong' in p ? (
          <strong key={i}>{p.strong}</strong>
        ) : 'link' in p ? (
          <a key={i} href={p.href}>
            {p.link}
          </a>
        ) : (
          p.text
        ),
      )}
    </>
  );
}

export function Paragraphs({ text }: { text: string | undefined }) {
  return (
    <>
      {paragraphs(text).map((p, i) => (
        <p key={i}>
          <Text>{p}</Text>
        </p>
      ))}
    </>
  );
}

/** A type's words, with named schemas linked to their section of /docs/objects. */
export function TypeLabel({ parts }: { parts: TypePart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        'ref' in p ? (
          <Link key={i} href={objectHref(p.ref)}>
            {p.ref}
          </Link>
        ) : (
          p.text
        ),
      )}
    </>
  );
}

/**
 * Fields as a definition list (the name, then its type and notes): it wraps on a 360 px phone
 * where a four-column table cannot.
 */
export function Fields({ fields, label }: { fields: Field[]; label?: string }) {
  if (fields.length === 0) return null;
  return (
    <dl className={styles.fields} aria-label={label}>
      {fields.flatMap((f) => {
        const notes = notesOf(f);
        return [
          <dt key={`t-${f.name}`}>
            <code>{f.name}</code>
          </dt>,
          <dd key={`d-${f.name}`}>
            <TypeLabel parts={f.required ? [...f.type, { text: ', required' }] : f.type} />
            {notes ? ' · ' : null}
            {notes ? <Text>{notes}</Text> : null}
          </dd>,
        ];
      })}
    </dl>
  );
}

/**
 * A code block that scrolls inside its own box; `label` names it for screen readers. With an `id`,
 * a Copy button (./copy.tsx) appears once JavaScript runs.
 */
export function Code({ children, label, id }: { children: string; label?: string; id?: string }) {
  const pre = (
    // tabIndex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    <pre className={styles.pre} tabIndex={0} role="group" aria-label={label} id={id}>
      <code>{children}</code>
    </pre>
  );
  if (!id) return pre;
  return (
    <div className={styles.codeWrap}>
      {pre}
      <Copy target={id} what={label ?? 'code'} />
    </div>
  );
}

export function Method({ method }: { method: string }) {
  return <span className={`${styles.method} ${styles[method] ?? ''}`}>{method.toUpperCase()}</span>;
}

export function Table({ head, rows, caption }: { head: string[]; rows: ReactNode[][]; caption?: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
