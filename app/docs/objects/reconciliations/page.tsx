// /docs/objects/reconciliations: the reconciliation's objects (Reconciliation, ReconciliationItem)
// and their events, one schema of the OpenAPI document each (at #Name). A page of their own, so
// /docs/objects stays light on a phone.
import type { Metadata } from 'next';
import Link from 'next/link';
import { RECONCILIATION_OBJECTS_PATH } from '@/lib/docs/reference';
import { ObjectGroupPage } from '../group';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Reconciliation objects: Caisse API reference' };

export default function ReconciliationObjectsPage() {
  return (
    <ObjectGroupPage
      path={RECONCILIATION_OBJECTS_PATH}
      title="Reconciliation objects"
      intro={
        <>
          A check of your ledger against the backends (<a href="#Reconciliation">Reconciliation</a>) and each difference it found (
          <a href="#ReconciliationItem">ReconciliationItem</a>), with their events. See <Link href="/docs/guides/reconciliation">the reconciliation guide</Link>
          , <Link href="/docs/api/balance">the operations</Link> and the other <Link href="/docs/objects">objects and events</Link>.
        </>
      }
    />
  );
}
