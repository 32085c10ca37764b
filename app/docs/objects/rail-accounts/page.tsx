// /docs/objects/rail-accounts: the rail account (RailAccount), its event, and the settings each kind
// of rail account takes (POST /v1/rail_accounts's `settings`), one schema of the OpenAPI document
// each (at #Name). A page of their own, so /docs/objects stays light on a phone.
import type { Metadata } from 'next';
import Link from 'next/link';
import { SETTINGS_OBJECTS_PATH } from '@/lib/docs/reference';
import { ObjectGroupPage } from '../group';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Rail account objects: Caisse API reference' };

export default function RailAccountObjectsPage() {
  return (
    <ObjectGroupPage
      path={SETTINGS_OBJECTS_PATH}
      title="Rail account objects"
      intro={
        <>
          A rail account as the API answers it (<a href="#RailAccount">RailAccount</a>), its event, and what <code>settings</code> takes in{' '}
          <Link href="/docs/api/rail-accounts">POST /v1/rail_accounts</Link>, by kind of account: for mobile money, the protocol the rail speaks on this
          deployment; for the other rails, the rail&apos;s. Secrets are write-only: answers show them as <code>last4</code> and <code>fingerprint</code> only.
          See also the <Link href="/docs/guides/rail-accounts">rail accounts guide</Link> and the other <Link href="/docs/objects">objects and events</Link>.
        </>
      }
    />
  );
}
