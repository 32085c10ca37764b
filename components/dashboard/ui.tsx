// Small server-rendered pieces every dashboard page uses (no client JavaScript): a page title, a
// table that scrolls on its own at 360 px, an empty state, a status badge, keyset pagination links,
// a flash message, a definition list. Styles in app/dashboard/dashboard.css (classes `db-*`).
import type { ReactNode } from 'react';

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="db-titlebar">
      <h1 className="db-h1">{children}</h1>
      {actions ? <div className="db-titleactions">{actions}</div> : null}
    </div>
  );
}

/**
 * A table with a caption (visible or for screen readers), columns as given. On a narrow screen it
 * scrolls horizontally inside its own focusable, labelled region, never the page; with `stacked`,
 * each row becomes a card under 40rem (cells labelled by their column: use Row and Cell, which keep
 * the table's roles when CSS changes how it is displayed).
 */
export function Table({
  caption,
  captionHidden,
  head,
  stacked,
  children,
}: {
  caption: string;
  captionHidden?: boolean;
  head: ReactNode[];
  stacked?: boolean;
  children: ReactNode;
}) {
  return (
    // A stacked table wraps instead of scrolling: no scroll region to name (and none to repeat the
    // name of the section it is in).
    <div className="db-tablewrap" role={stacked ? undefined : 'region'} aria-label={stacked ? undefined : caption} tabIndex={stacked ? undefined : 0}>
      <table className={`db-table${stacked ? ' db-table-stack' : ''}`} role={stacked ? 'table' : undefined}>
        <caption className={captionHidden ? 'db-sr' : 'db-caption'}>{caption}</caption>
        <thead role={stacked ? 'rowgroup' : undefined}>
          <tr role={stacked ? 'row' : undefined}>
            {head.map((h, i) => (
              <th scope="col" key={i} role={stacked ? 'columnheader' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={stacked ? 'rowgroup' : undefined}>{children}</tbody>
      </table>
    </div>
  );
}

/** A row of a stacked Table. */
export function Row({ children }: { children: ReactNode }) {
  return <tr role="row">{children}</tr>;
}

/** A cell of a stacked Table: `label` (its column's name) is shown before it when rows are cards. */
export function Cell({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <td role="cell" data-label={label} className={className}>
      {children}
    </td>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="db-empty">
      <p className="db-empty-title">{title}</p>
      {children ? <div className="db-muted">{children}</div> : null}
    </div>
  );
}

export type BadgeTone = 'ok' | 'bad' | 'warn' | 'info' | 'neutral';

/** The tone of a status (payment intent, attempt, delivery, endpoint, link...). */
export function toneOf(status: string): BadgeTone {
  if (['succeeded', 'active', 'enabled', 'complete', 'paid'].includes(status)) return 'ok';
  if (['failed', 'disabled', 'expired', 'revoked'].includes(status)) return 'bad';
  if (['pending', 'requires_payment_method', 'awaiting_payment', 'creating', 'open'].includes(status)) return 'warn';
  if (status === 'canceled') return 'neutral';
  return 'info';
}

/** A status in words, coloured by tone (the words carry the meaning; colour only repeats it). */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`db-badge db-badge-${tone}`}>{children}</span>;
}

/**
 * Keyset pagination links like the API: "Previous" asks for the page before the first row shown
 * (`before=<first id>`), "Next" for the page after the last one (`after=<last id>`). `params` are the
 * current filters, kept in both links.
 */
export function Pagination({
  path,
  params,
  firstId,
  lastId,
  hasPrevious,
  hasNext,
  labels,
}: {
  path: string;
  params: Record<string, string>;
  firstId: string | null;
  lastId: string | null;
  hasPrevious: boolean;
  hasNext: boolean;
  labels: { pagination: string; previous: string; next: string };
}) {
  if (!hasPrevious && !hasNext) return null;
  const href = (extra: Record<string, string>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v && k !== 'after' && k !== 'before') q.set(k, v);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return `${path}?${q.toString()}`;
  };
  return (
    <nav className="db-pagination" aria-label={labels.pagination}>
      {hasPrevious && firstId ? (
        <a className="db-button db-button-secondary" href={href({ before: firstId })} rel="prev">
          ← {labels.previous}
        </a>
      ) : (
        <span />
      )}
      {hasNext && lastId ? (
        <a className="db-button db-button-secondary" href={href({ after: lastId })} rel="next">
          {labels.next} →
        </a>
      ) : null}
    </nav>
  );
}

/** A message after an action: `status` (polite) for success, `alert` for errors. */
export function Flash({ tone = 'ok', children }: { tone?: 'ok' | 'bad'; children: ReactNode }) {
  return (
    <div className={`db-flash db-flash-${tone}`} role={tone === 'bad' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** Label/value pairs (a payment's summary...), stacked on a phone, two columns wider. */
export function Details({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className="db-dl">
      {items.map(([k, v], i) => (
        <div className="db-dl-row" key={i}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section with its heading (h2). */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const hid = id ? `${id}-h` : undefined;
  return (
    <section className="db-section" aria-labelledby={hid}>
      <h2 className="db-h2" id={hid}>
        {title}
      </h2>
      {children}
    </section>
  );
}
