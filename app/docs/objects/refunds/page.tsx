// /docs/objects/refunds: the refund (Refund), what its nextAction can be, and its event, one schema
// of the OpenAPI document each (at #Name). A page of their own, so /docs/objects stays light on a phone.
import type { Metadata } from 'next';
import Link from 'next/link';
import { REFUND_OBJECTS_PATH } from '@/lib/docs/reference';
import { ObjectGroupPage } from '../group';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Refund objects: Caisse API reference' };

export default function RefundObjectsPage() {
  return (
    <ObjectGroupPage
      path={REFUND_OBJECTS_PATH}
      title="Refund objects"
      intro={
        <>
          A refund as the API answers it (<a href="#Refund">Refund</a>), what must happen for one that <code>requires_action</code> (its <code>nextAction</code>
          ), and its event. See <Link href="/docs/api/refunds">the refund operations</Link>, the <Link href="/docs/guides/refunds">refunds guide</Link> and the
          other <Link href="/docs/objects">objects and events</Link>.
        </>
      }
    />
  );
}
