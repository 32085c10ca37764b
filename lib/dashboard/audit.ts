// The dashboard's audit log (issue 29): the page's and the CSV export's filters (action, actor id,
// days in the merchant's time zone), read from the URL, and the CSV's rows. Every mode's lines of
// the merchant, newest first (lib/domain/audit.ts listAuditForDashboard).
import type { Db } from '../db/client';
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent, type AuditFilters, listAuditForDashboard } from '../domain/audit';
import { addDays, isCalendarDate, zonedDayStart, zonedIso } from '../time-zone';
import { csvRow } from './csv';

export interface AuditForm {
  action: string;
  actor: string;
  from: string;
  to: string;
}

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).slice(0, 100);

/** The URL's filters: unknown or malformed ones are dropped (the form shows what was kept). */
export function parseAuditFilters(
  sp: Record<string, string | string[] | undefined>,
  timeZone: string,
): { form: AuditForm; filters: AuditFilters; before?: number } {
  const form: AuditForm = { action: one(sp.action), actor: one(sp.actor).trim(), from: one(sp.from), to: one(sp.to) };
  const filters: AuditFilters = {};
  if ((AUDIT_ACTIONS as readonly string[]).includes(form.action)) filters.action = form.action as AuditAction;
  else form.action = '';
  if (/^(system|[a-z]+_[0-9A-Za-z]{1,64})$/.test(form.actor)) filters.actor = form.actor;
  else form.actor = '';
  if (isCalendarDate(form.from)) filters.from = zonedDayStart(form.from, timeZone);
  else form.from = '';
  // `to` is a day included: its lines end at the next day's start.
  if (isCalendarDate(form.to)) filters.to = zonedDayStart(addDays(form.to, 1), timeZone);
  else form.to = '';
  const before = /^\d{1,15}$/.test(one(sp.before)) ? Number(one(sp.before)) : undefined;
  return { form, filters, ...(before !== undefined ? { before } : {}) };
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'createdAt',
  'action',
  'actorType',
  'actorId',
  'actorLabel',
  'targetObject',
  'targetId',
  'ip',
  'livemode',
  'changes',
] as const;

export function auditCsvRow(e: AuditEvent, timeZone: string): string {
  return csvRow([
    e.id,
    zonedIso(e.createdAt, timeZone),
    e.action,
    e.actor.type,
    e.actor.id,
    e.actor.label,
    e.target?.object,
    e.target?.id,
    e.ip,
    String(e.livemode),
    e.changes ? JSON.stringify(e.changes) : '',
  ]);
}

/** Every line of the filters, 500 at a time (keyset by seq), for the CSV stream. */
export async function* allAuditEvents(db: Db, merchantId: string, filters: AuditFilters): AsyncGenerator<AuditEvent[]> {
  let before: number | undefined;
  for (;;) {
    const page = await listAuditForDashboard(db, merchantId, { ...filters, limit: 500, ...(before !== undefined ? { before } : {}) });
    if (page.data.length) yield page.data;
    if (page.next === null) return;
    before = page.next;
  }
}
