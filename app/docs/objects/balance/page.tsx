// /docs/objects/balance: the ledger's objects (BalanceTransaction, Balance), one schema
// of the OpenAPI document each (at #Name). A page of their own, so /docs/objects stays light on a phone.
import type { Metadata } from 'next';
import Link from 'next/link';
import { BALANCE_OBJECTS_PATH } from '@/lib/docs/reference';
import { ObjectGroupPage } from '../group';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Balance objects: Caisse API reference' };

export default function BalanceObjectsPage() {
  return (
    <ObjectGroupPage
      path={BALANCE_OBJECTS_PATH}
      title="Balance objects"
      intro={
        <>
          The ledger as the API answers it: a line per money movement (<a href="#BalanceTransaction">BalanceTransaction</a>) and the balance per account and
          currency (<a href="#Balance">Balance</a>). See <Link href="/docs/api/balance">the balance operations</Link> and the other{' '}
          <Link href="/docs/objects">objects and events</Link>.
        </>
      }
    />
  );
}
