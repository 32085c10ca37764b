// The audit log (issue 29; owners and admins: audit.read): who did what, when, from where, with
// filters (action, actor, days in the merchant's time zone: a GET form, works without JavaScript),
// older lines by a keyset cursor, and the filtered lines as CSV. Secrets never appear.
import type { Metadata } from 'next';
import { Badge, Cell, Empty, PageTitle, Row, Table } from '@/components/dashboard/ui';
import { parseAuditFilters } from '@/lib/dashboard/audit';
import { dashboardContext, dashboardLocale } from '@/lib/dashboard/context';
import { AUDIT_ACTIONS, listAuditForDashboard } from '@/lib/domain/audit';
import { ta } from '@/lib/i18n/access';
import { formatDateTime, t } from '@/lib/i18n/dashboard';
import '../catalog.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${ta(await dashboardLocale())('auditTitle')} · Caisse` };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE = 50;

export default async function AuditPage({ searchParams }: Props) {
  const ctx = await dashboardContext('audit.read');
  const a = ta(ctx.locale);
  const s = t(ctx.locale);
  const { form, filters, before } = parseAuditFilters(await searchParams, ctx.timeZone);
  const page = await listAuditForDashboard(ctx.db, ctx.merchantId, { ...filters, limit: PAGE, ...(before !== undefined ? { before } : {}) });
  const params = new URLSearchParams(Object.entries(form).filter(([, v]) => v));
  const filtered = params.size > 0;
  const older = new URLSearchParams(params);
  if (page.next !== null) older.set('before', String(page.next));

  return (
    <>
      <PageTitle
        actions={
          <a className="db-button db-button-secondary" href={`/dashboard/audit/export${params.size ? `?${params.toString()}` : ''}`} download>
            {a('auditExport')}
          </a>
        }
      >
        {a('auditTitle')}
      </PageTitle>
      <p>{a('auditIntro')}</p>

      <form method="get" action="/dashboard/audit" className="db-filters" aria-label={s.filters}>
        <div className="db-filtergrid">
          <div className="db-field">
            <label htmlFor="action">{a('auditAction')}</label>
            <select id="action" name="action" defaultValue={form.action}>
              <option value="">{a('auditAnyAction')}</option>
              {AUDIT_ACTIONS.map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </select>
          </div>
          <div className="db-field">
            <label htmlFor="actor">{a('auditActor')}</label>
            <input id="actor" name="actor" defaultValue={form.actor} maxLength={100} autoComplete="off" />
          </div>
          <div className="db-field">
            <label htmlFor="from">{s.from}</label>
            <input id="from" name="from" type="date" defaultValue={form.from} />
          </div>
          <div className="db-field">
            <label htmlFor="to">{s.to}</label>
            <input id="to" name="to" type="date" defaultValue={form.to} />
          </div>
        </div>
        <div className="db-formactions">
          <button type="submit" className="db-button">
            {s.apply}
          </button>
          {filtered ? (
            <a href="/dashboard/audit" className="db-button db-button-secondary">
              {s.reset}
            </a>
          ) : null}
        </div>
      </form>

      {page.data.length === 0 ? (
        <Empty title={a('auditNone')} />
      ) : (
        <Table caption={a('auditTitle')} captionHidden stacked head={[a('auditWhat'), a('auditWho'), a('auditTarget'), a('auditWhen'), a('auditChanges')]}>
          {page.data.map((e) => (
            <Row key={e.id}>
              <Cell className="db-cell-main">
                <code>{e.action}</code> {e.livemode ? null : <Badge tone="warn">{s.modeTest}</Badge>}
              </Cell>
              <Cell label={a('auditWho')}>
                <span className="dc-break">{e.actor.type === 'system' ? a('auditSystem') : (e.actor.label ?? e.actor.id)}</span>
                {e.ip ? (
                  <div className="db-muted">
                    {a('auditIp')}: {e.ip}
                  </div>
                ) : null}
              </Cell>
              <Cell label={a('auditTarget')}>
                {e.target ? (
                  <span className="db-mono">
                    {e.target.object} {e.target.id}
                  </span>
                ) : (
                  s.none
                )}
              </Cell>
              <Cell label={a('auditWhen')} className="db-nowrap">
                {formatDateTime(e.createdAt, ctx.locale, ctx.timeZone)}
              </Cell>
              <Cell label={a('auditChanges')}>{e.changes ? <code className="dc-break">{JSON.stringify(e.changes)}</code> : s.none}</Cell>
            </Row>
          ))}
        </Table>
      )}
      {page.next !== null ? (
        <p>
          <a href={`/dashboard/audit?${older.toString()}`}>{a('auditOlder')}</a>
        </p>
      ) : null}
    </>
  );
}
