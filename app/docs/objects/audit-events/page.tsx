// /docs/objects/audit-events: the audit log's object (AuditEvent), a page of its own, so
// /docs/objects stays light on a phone.
import type { Metadata } from 'next';
import Link from 'next/link';
import { AUDIT_OBJECTS_PATH } from '@/lib/docs/reference';
import { ObjectGroupPage } from '../group';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Audit event object: Caisse API reference' };

export default function AuditObjectsPage() {
  return (
    <ObjectGroupPage
      path={AUDIT_OBJECTS_PATH}
      title="Audit event object"
      intro={
        <>
          One line of the audit log (<a href="#AuditEvent">AuditEvent</a>): who did what, on what, when and from where, before and after, never a secret. See{' '}
          <Link href="/docs/api/audit-log">the audit log operation</Link>, the guide <Link href="/docs/guides/team">Team and permissions</Link> and the other{' '}
          <Link href="/docs/objects">objects and events</Link>.
        </>
      }
    />
  );
}
