'use server';
import { notFound } from 'next/navigation';
import { field, idField, isMissing } from '@/lib/dashboard/catalog';
// The Payment methods page's actions: connect a rail (createRailAccount: checked at the backend
// before it is saved), change an account (updateRailAccount: a secret left empty is kept), test the
// connection (testRailAccount: nothing saved), disable (disableRailAccount, once the merchant ticked
// that open payments are still followed). Each parses the form, calls one domain function with the
// session's scope, and goes back to the rail's section with a one-time flash; a refused form comes
// back with what was typed, never a secret.
import { dashboardAction } from '@/lib/dashboard/context';
import { backToRail, invalidForm, railName, readCreateForm, readUpdateForm, refusedForm } from '@/lib/dashboard/payment-methods';
import {
  createRailAccount,
  createRailAccountInput,
  disableRailAccount,
  testRailAccount,
  updateRailAccount,
  updateRailAccountInput,
} from '@/lib/domain/rail-accounts';
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
  let made;
  try {
    made = await createRailAccount(ctx.db, ctx.scope, createRailAccountInput.parse(read.input));
  } catch (err) {
    return backToRail(ctx, refusedForm(err, ctx, t, rail, form, null));
  }
  return backToRail(ctx, { rail, tone: 'ok', message: made.receiveAddresses.length ? t('connectedAddresses') : t('connected') });
}

export async function updateRailAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('rail_accounts.write');
  const t = tp(ctx.locale);
  const id = idField(form, 'accountId', 'ra');
  const rail = railOf(form);
  const read = readUpdateForm(rail, form);
  if (!read.ok) return backToRail(ctx, invalidForm(ctx, t, rail, read, form, id));
  let updated;
  try {
    updated = await updateRailAccount(ctx.db, ctx.scope, id, updateRailAccountInput.parse(read.input));
  } catch (err) {
    if (isMissing(err)) notFound();
    return backToRail(ctx, refusedForm(err, ctx, t, rail, form, id));
  }
  return backToRail(ctx, { rail: updated.rail, tone: 'ok', message: t('saved', { version: updated.version }) });
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
  let disabled;
  try {
    disabled = await disableRailAccount(ctx.db, ctx.scope, id);
  } catch (err) {
    if (isMissing(err)) notFound();
    throw err;
  }
  return backToRail(ctx, { rail: disabled.rail, tone: 'ok', message: t('disabledDone') });
}
