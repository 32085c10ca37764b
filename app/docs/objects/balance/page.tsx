// /docs/objects/balance: the ledger's objects (BalanceTransaction, Balance), one schema
// of the OpenAPI document each (at #Name). A page of their own, so /docs/objects stays light on a phone.
import type { Metadata } from 'next';
import Link from 'next/link';
import { docsDocument } from '@/lib/docs/load';
import { BALANCE_OBJECTS_PATH, pageObjectNames } from '@/lib/docs/reference';
import styles from '../../docs.module.css';
import { ObjectSection } from '../section';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Balance objects: Caisse API reference' };

export default function BalanceObjectsPage() {
  const doc = docsDocument();
  const names = pageObjectNames(doc, BALANCE_OBJECTS_PATH);
  return (
    <>
      <h1>Balance objects</h1>
      <p>
        The ledger as the API answers it: a line per money movement (<a href="#BalanceTransaction">BalanceTransaction</a>) and the balance per account and
        currency (<a href="#Balance">Balance</a>). See <Link href="/docs/api/balance">the balance operations</Link> and the other{' '}
        <Link href="/docs/objects">objects and events</Link>.
      </p>
      <nav aria-label="Balance objects">
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
