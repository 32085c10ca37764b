// The dashboard's e2e specs share these: the dashboard user e2e/serve.sh made, signing in with it,
// an English browser context at 360 px, inviting a user by link and joining, and axe with and
// without JavaScript.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';

const run = Math.random().toString(36).slice(2, 8);

/**
 * The dashboard user: the one e2e/serve.sh made (.data-e2e/user.json), else made here with the CLI
 * (`users create`), which works on PostgreSQL; the embedded database is held by the server, so there
 * serve.sh must make it.
 */
export function user(): { email: string; password: string } {
  const file = path.join(process.cwd(), '.data-e2e', 'user.json');
  if (!fs.existsSync(file)) {
    const merchant = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.data-e2e', 'keys.json'), 'utf8')).merchant.id as string;
    try {
      const out = execFileSync('npx', ['tsx', 'scripts/caisse.ts', 'users', 'create', '--merchant', merchant, '--email', `owner-${run}@boutique-awa.test`], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...process.env, DATA_DIR: path.join(process.cwd(), '.data-e2e', 'db') },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      fs.writeFileSync(file, out);
    } catch (err) {
      throw new Error(`No dashboard user: e2e/serve.sh should write .data-e2e/user.json with "users create" (${(err as { stderr?: string }).stderr ?? err})`);
    }
  }
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { email: j.user.email, password: j.password };
}

export async function signIn(page: Page): Promise<void> {
  const u = user();
  await page.goto('/dashboard/sign-in');
  await page.getByLabel(/Email|e-mail/).fill(u.email);
  await page.getByLabel(/Password|Mot de passe/).fill(u.password);
  await page.getByRole('button', { name: /Sign in|Se connecter/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function englishContext(browser: Browser, opts: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 360, height: 740 }, locale: 'en-US', ...opts });
  await ctx.addCookies([{ name: 'caisse_locale', value: 'en', url: test.info().project.use.baseURL! }]);
  return ctx;
}

/**
 * On the Users page (signed in as an owner): invite `email` with `role` (its select value); the
 * one-time link the page shows once is returned.
 */
export async function inviteByLink(page: Page, email: string, role: string, roleName: string): Promise<string> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('status')).toHaveText(`Invitation for ${email} (${roleName}) created.`);
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/);
  return link;
}

/** The invitee opens `link` on its own browser (`page`), chooses `password` and lands signed in. */
export async function acceptInvitation(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** axe (WCAG 2.1 A/AA and best practices) on the page as it is: no violation. */
export async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * axe on the DOM a browser without JavaScript builds for the page's URL, from the page's cookies
 * (the same session). axe needs JavaScript: the no-JS DOM, scripts removed, is served to a second
 * browser that runs it (e2e/checkout-helpers.ts expectAccessibleWithoutJs checks the current DOM instead).
 */
export async function axeWithoutJs(page: Page, browser: Browser, opts: { locale?: string } = {}): Promise<void> {
  const url = page.url();
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, ...(opts.locale ? { locale: opts.locale } : {}) });
  try {
    await ctx.addCookies(await page.context().cookies());
    const nojs = await ctx.newPage();
    await nojs.goto(url);
    const html = (await nojs.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<\/?noscript>/gi, '');
    const copyCtx = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const copy = await copyCtx.newPage();
      await copy.route(url, (r) => r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
      await copy.goto(url);
      await axe(copy);
    } finally {
      await copyCtx.close();
    }
  } finally {
    await ctx.close();
  }
}
