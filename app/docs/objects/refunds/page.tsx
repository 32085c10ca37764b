// /docs/objects/refunds: the refund (Refund), what its nextAction can be, and its event, one schema
// of the OpenAPI document each (at #Name). A page of their own, so /docs/objects stays light on a phone.
import type { Metadata } from 'next';
import Link from 'next/link';
import { docsDocument } from '@/lib/docs/load';
import { pageObjectNames, REFUND_OBJECTS_PATH } from '@/lib/docs/reference';
import styles from '../../docs.module.css';
import { ObjectSection } from '../section';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Refund objects: Caisse API reference' };

export default function RefundObjectsPage() {
  const doc = docsDocument();
  const names = pageObjectNames(doc, REFUND_OBJECTS_PATH);
  return (
    <>
      <h1>Refund objects</h1>
      <p>
        A refund as the API answers it (<a href="#Refund">Refund</a>), what must happen for one that <code>requires_action</code> (its <code>nextAction</code>),
        and its event. See <Link href="/docs/api/refunds">the refund operations</Link>, the <Link href="/docs/guides/refunds">refunds guide</Link> and the other{' '}
        <Link href="/docs/objects">objects and events</Link>.
      </p>
      <nav aria-label="Refund objects">
        <ul className={styles.toc}>
          {names.map((n) => (
            <li key={n}>
              <a href={`#${n}`}>{n}</a>
            </li>
          ))}
        </ul>
      </nav>
      {names.map((name) => (
        <ObjectSection key={name} doc={doc} name={name} />
      ))}
    </>
  );
}
