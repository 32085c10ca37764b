'use server';
import { notFound } from 'next/navigation';
import { field, idField, isMissing } from '@/lib/dashboard/catalog';
// The Payment methods page's actions: connect a rail (submitRailAccountCreate: checked at the backend
// before it is saved), change an account (updateRailAccount: a secret left empty is kept), test the
// connection (testRailAccount: nothing saved), disable (disableRailAccount, once the merchant ticked
// that open payments are still followed). Each parses the form, calls one domain function with the
// session's scope, and goes back to the rail's section with a one-time flash; a refused form comes
// back with what was typed, never a secret. Issue 29: with the merchant's railAccountApproval on, a
// connection, a change or a disable waits for another owner (the flash says so); the approvals section's actions
// turn the setting on or off and approve, reject or withdraw a change waiting (owners only, never
// one's own: lib/domain/rail-account-changes.ts).
import { can, dashboardAction } from '@/lib/dashboard/context';
import { backToRail, changeIdIn, invalidForm, railName, readCreateForm, readUpdateForm, refusedForm } from '@/lib/dashboard/payment-methods';
import { submitAccountUpdate } from '@/lib/domain/account';
import { approveRailAccountChange, rejectRailAccountChange, withdrawRailAccountChange } from '@/lib/domain/rail-account-changes';
import {
  createRailAccountInput,
  submitRailAccountCreate,
  submitRailAccountDisable,
  submitRailAccountUpdate,
  testRailAccount,
  updateRailAccountInput,
} from '@/lib/domain/rail-accounts';
import { DomainError } from '@/lib/errors';
import { tp } from '@/lib/i18n/payment-methods';
import { RAILS, type Rail } from '@/lib/money';

const railOf = (form: FormData): Rail => {
  const rail = field(form, 'rail');
  if (!(RAILS as readonly string[]).includes(rail)) notFound();
  return rail as Rail;
};

export async function connectRailAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('rail_accounts.write');
  const t = tp(ctx.locale);
  const rail = railOf(form);
  const read = readCreateForm(rail, form);
  if (!read.ok) return backToRail(ctx, invalidForm(ctx, t, rail, read, form, null));
  let out;
  try {
    out = await submitRailAccountCreate(ctx.db, ctx.scope, createRailAccountInput.parse(read.input));
  } catch (err) {
    return backToRail(ctx, refusedForm(err, ctx, t, rail, form, null));
  }
  if (out.pending) return backToRail(ctx, { rail, tone: 'ok', message: t('waitingConnect') });
  return backToRail(ctx, { rail, tone: 'ok', message: out.account.receiveAddresses.length ? t('connectedAddresses') : t('connected') });
}

export async function updateRailAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('rail_accounts.write');
  const t = tp(ctx.locale);
  const id = idField(form, 'accountId', 'ra');
  const rail = railOf(form);
  const read = readUpdateForm(rail, form);
  if (!read.ok) return backToRail(ctx, invalidForm(ctx, t, rail, read, form, id));
  let out;
  try {
    out = await submitRailAccountUpdate(ctx.db, ctx.scope, id, updateRailAccountInput.parse(read.input));
  } catch (err) {
    if (isMissing(err)) notFound();
    return backToRail(ctx, refusedForm(err, ctx, t, rail, form, id));
  }
  const { account } = out;
  if (out.pending) return backToRail(ctx, { rail: account.rail, tone: 'ok', message: t('waitingUpdate', { version: account.version }) });
  return backToRail(ctx, { rail: account.rail, tone: 'ok', message: t('saved', { version: account.version }) });
}

export async function testRailAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('rail_accounts.write');
  const t = tp(ctx.locale);
  const id = idField(form, 'accountId', 'ra');
  let check;
  try {
    check = await testRailAccount(ctx.db, ctx.scope, id);
  } catch (err) {
    if (isMissing(err)) notFound();
    throw err;
  }
  const name = railName(check.rail, ctx.locale);
  if (check.ok) return backToRail(ctx, { rail: check.rail, tone: 'ok', message: t('testOk', { rail: name }) });
  return backToRail(ctx, {
    rail: check.rail,
    tone: 'bad',
    title: t('testFailedTitle'),
    message: t('testFailed', { rail: name, reason: check.reason }),
  });
}

export async function disableRailAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('rail_accounts.write');
  const t = tp(ctx.locale);
  const id = idField(form, 'accountId', 'ra');
  const rail = railOf(form);
  if (field(form, 'understood') !== 'yes')
    return backToRail(ctx, { rail, tone: 'bad', title: t('errorTitle'), message: t('disableConfirmMissing') }, `?disable=${id}`);
  let out;
  try {
    out = await submitRailAccountDisable(ctx.db, ctx.scope, id);
  } catch (err) {
    if (isMissing(err)) notFound();
    if (err instanceof DomainError && err.code === 'rail_account_change_pending')
      return backToRail(ctx, { rail, tone: 'bad', title: t('errorTitle'), message: t('changePending', { id: changeIdIn(err.message) }) });
    throw err;
  }
  return backToRail(ctx, { rail: out.account.rail, tone: 'ok', message: out.pending ? t('waitingDisable') : t('disabledDone') });
}

/** A refusal of the approvals section in the owner's words (anything but a DomainError is rethrown). */
function approvalRefusal(err: unknown, t: ReturnType<typeof tp>): string {
  if (!(err instanceof DomainError)) throw err;
  if (err.code === 'two_owners_required') return t('twoOwnersRequired');
  if (err.code === 'self_approval') return t('selfApproval');
  if (err.code === 'not_your_change') return t('notYourChange');
  if (err.code === 'rail_account_change_pending') return t('changePending', { id: changeIdIn(err.message) });
  return err.message;
}

/** Turn the merchant's railAccountApproval on (two active owners needed) or off (itself waits for another owner). */
export async function setRailApprovalAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('rail_accounts.write');
  const t = tp(ctx.locale);
  const on = field(form, 'approval') === 'on';
  let out;
  try {
    out = await submitAccountUpdate(ctx.db, ctx.scope, { railAccountApproval: on }, { loosenApprovals: can(ctx, 'approvals.loosen') });
  } catch (err) {
    return backToRail(ctx, { rail: null, tone: 'bad', title: t('errorTitle'), message: approvalRefusal(err, t) });
  }
  const message = out.pending ? t('approvalOffWaiting') : out.account.railAccountApproval ? t('approvalOnDone') : t('approvalOffDone');
  return backToRail(ctx, { rail: null, tone: 'ok', message });
}

/** Approve a change waiting (an owner other than its author): applied at once. */
export async function approveRailChangeAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('rail_accounts.write');
  const t = tp(ctx.locale);
  const id = idField(form, 'change', 'rachg');
  try {
    await approveRailAccountChange(ctx.db, ctx.scope, id, ctx.user.id);
  } catch (err) {
    if (isMissing(err)) notFound();
    return backToRail(ctx, { rail: null, tone: 'bad', title: t('errorTitle'), message: approvalRefusal(err, t) });
  }
  return backToRail(ctx, { rail: null, tone: 'ok', message: t('approvedDone') });
}

/** Reject a change waiting (an owner other than its author), with an optional reason: nothing changes. */
export async function rejectRailChangeAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('rail_accounts.write');
  const t = tp(ctx.locale);
  const id = idField(form, 'change', 'rachg');
  try {
    await rejectRailAccountChange(ctx.db, ctx.scope, id, ctx.user.id, field(form, 'reason').slice(0, 500));
  } catch (err) {
    if (isMissing(err)) notFound();
    return backToRail(ctx, { rail: null, tone: 'bad', title: t('errorTitle'), message: approvalRefusal(err, t) });
  }
  return backToRail(ctx, { rail: null, tone: 'ok', message: t('rejectedDone') });
}

/** Withdraw one's own change waiting: nothing changes. */
export async function withdrawRailChangeAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('rail_accounts.write');
  const t = tp(ctx.locale);
  const id = idField(form, 'change', 'rachg');
  try {
    await withdrawRailAccountChange(ctx.db, ctx.scope, id, ctx.user.id);
  } catch (err) {
    if (isMissing(err)) notFound();
    return backToRail(ctx, { rail: null, tone: 'bad', title: t('errorTitle'), message: approvalRefusal(err, t) });
  }
  return backToRail(ctx, { rail: null, tone: 'ok', message: t('withdrawnDone') });
}
