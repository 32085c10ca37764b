// What every catalog page and server action does around the domain call: the page's context, its
// strings and its one-time flash; after an action, the flash for the next render and the redirect
// back (303 without JavaScript, a client navigation with it). Errors the merchant can fix become a
// flash in their language; a missing object (another merchant's, the other mode's) is a 404.

import type { Metadata } from 'next';
import { refresh } from 'next/cache';
import { notFound, redirect } from 'next/navigation';
import { type Flash, isMissing, putFlash, takeFlash } from '@/lib/dashboard/catalog';
import { type Access, type DashboardContext, dashboardContext, dashboardLocale } from '@/lib/dashboard/context';
import { DomainError } from '@/lib/errors';
import { type CatalogKey, type TC, tc } from '@/lib/i18n/catalog';

/** A page's start: the signed-in context whose role holds `access` (else sign-in, or the 403 page), the catalog strings, and the flash left for it. */
export async function catalogPage(access: Access): Promise<{ ctx: DashboardContext; t: TC; flash: Flash | null }> {
  const ctx = await dashboardContext(access);
  return { ctx, t: tc(ctx.locale), flash: await takeFlash(ctx.db, ctx.token) };
}

/** After an action: leave `flash` for the page at `path`, and go there. */
export async function finish(ctx: DashboardContext, path: string, flash?: Flash): Promise<never> {
  if (flash) await putFlash(ctx.db, ctx.token, flash);
  // With JavaScript, a redirect to the page the form is on (a #section apart) is not fetched again
  // by the router: refreshed, so the page shows the change and its flash.
  refresh();
  redirect(path);
}

/**
 * An action's domain call refused: a missing object is a 404 (never "not yours"); a refusal the
 * merchant can fix goes back to the page as an error flash (`message` maps a code to their
 * language; the domain's English message otherwise). Anything else is a bug: rethrown.
 */
export async function refused(ctx: DashboardContext, path: string, err: unknown, message?: (e: DomainError) => string | undefined): Promise<never> {
  if (isMissing(err)) notFound();
  if (err instanceof DomainError) return finish(ctx, path, { kind: 'error', message: message?.(err) ?? err.message });
  throw err;
}

/** Query-string value (first of repeated ones), or undefined. */
export const qs = (sp: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = sp[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The list query of a page: 20 a page, `after` / `before` cursors as the shell's Pagination writes them. */
export function listParams(sp: Record<string, string | string[] | undefined>, extra: Record<string, string | undefined> = {}) {
  const q: Record<string, string> = { limit: '20' };
  const after = qs(sp, 'after');
  const before = qs(sp, 'before');
  if (after && /^[a-z]+_[0-9A-Za-z]{1,64}$/.test(after)) q.startingAfter = after;
  else if (before && /^[a-z]+_[0-9A-Za-z]{1,64}$/.test(before)) q.endingBefore = before;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) q[k] = v;
  return q;
}

/** A page's title in the dashboard's language: `export const generateMetadata = titled('productsTitle')`. */
export const titled = (key: CatalogKey) => async (): Promise<Metadata> => ({ title: `${tc(await dashboardLocale())(key)} · Caisse` });
