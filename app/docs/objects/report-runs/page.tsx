// /docs/objects/report-runs: a report run and its events (ReportRun, ReportRunEvent), one schema of the
// OpenAPI document each (at #Name). A page of their own, so /docs/objects stays light on a phone.
import type { Metadata } from 'next';
import Link from 'next/link';
import { REPORT_OBJECTS_PATH } from '@/lib/docs/reference';
import { ObjectGroupPage } from '../group';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Report objects: Caisse API reference' };

export default function ReportObjectsPage() {
  return (
    <ObjectGroupPage
      path={REPORT_OBJECTS_PATH}
      title="Report objects"
      intro={
        <>
          A report of your ledger over days in your time zone (<a href="#ReportRun">ReportRun</a>), and the event that says its file is ready (
          <a href="#ReportRunEvent">ReportRunEvent</a>). See <Link href="/docs/api/reports">the report operations</Link>, the{' '}
          <Link href="/docs/guides/reports">reports guide</Link> and the other <Link href="/docs/objects">objects and events</Link>.
        </>
      }
    />
  );
}
