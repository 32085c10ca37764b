// [TEAM] The sign-in half of issue 29, end to end: the owner invites an administrator (a one-time
// link, shown once); the link is opened in a fresh browser, the invitee chooses a password and is
// signed in with the role; they turn on two-step sign-in from their account page (the code computed
// here from the key the page shows, as an authenticator app would, and their password), sign out,
// and sign in again with the password and a code, in a browser without JavaScript. Each new page at
// 360 px and axe-clean, without JavaScript too. The invitee is a new user of the shared demo
// merchant: the owner the other specs sign in with keeps no two-step sign-in, and the merchant's
// "required" rule stays off. Then the owner resets the admin's two-step sign-in (a lost phone): the
// admin's session ends, the owner sees (and dismisses) the banner, the password alone signs in.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { fitsWidth } from './checkout-helpers';
import { axe, axeWithoutJs, englishContext, inviteByLink, signIn, user } from './dashboard-helpers';

const run = Math.random().toString(36).slice(2, 8);

/** 360 px without horizontal scrolling, axe-clean, with and without JavaScript. */
async function checks(page: Page, browser: Browser, shot: string): Promise<void> {
  await page.waitForLoadState('load');
  expect(await fitsWidth(page), `${page.url()} fits 360 px`).toBe(true);
  await axe(page);
  await axeWithoutJs(page, browser, { locale: 'en-US' });
  await page.screenshot({ path: `test-results/dashboard-team-360/${shot}.png`, fullPage: true });
}

/** What an authenticator app shows for `base32` at `ms`. */
const code = (base32: string, ms: number) => TOTP.generate({ secret: Secret.fromBase32(base32), algorithm: 'SHA1', digits: 6, period: 30, timestamp: ms });

test('[TEAM]: invite an admin by link, set a password in a fresh browser, turn on two-step sign-in, sign out, sign in with password and code (without JavaScript)', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const owner = await englishContext(browser);
  const page = await owner.newPage();
  await signIn(page);
  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await checks(page, browser, 'users');

  // The invitation: an e-mail and a role; the link is shown once.
  const email = `admin-${run}@boutique-awa.test`;
  const link = await inviteByLink(page, email, 'admin', 'Administrator');
  await checks(page, browser, 'invitation-made');
  await page.reload();
  await expect(page.getByLabel('Invitation link')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: email })).toContainText('Administrator');

  // The invitee, in a fresh browser: the link, a password, signed in with the role.
  const invitee = await englishContext(browser);
  const ip = await invitee.newPage();
  await ip.goto(link);
  await expect(ip.getByText('You are invited to join Boutique Awa as Administrator.')).toBeVisible();
  await checks(ip, browser, 'invite');
  const password = `phrase de passe ${run}`;
  await ip.getByLabel('Password', { exact: true }).fill(password);
  await ip.getByLabel('Confirm password').fill(password);
  await ip.getByRole('button', { name: 'Join' }).click();
  await expect(ip).toHaveURL(/\/dashboard$/);
  await ip.getByRole('link', { name: 'My account' }).click();
  await expect(ip.getByText(`Signed in as ${email}, Administrator.`)).toBeVisible();
  await checks(ip, browser, 'account-off');
  // The link worked once: opened again, it says so.
  const again = await englishContext(browser);
  const ap = await again.newPage();
  await ap.goto(link);
  await expect(ap.getByRole('alert').filter({ hasText: /already been used/ })).toBeVisible();
  await checks(ap, browser, 'invite-used');
  await again.close();

  // Two-step sign-in: the QR code and the key; the code computed from the key; recovery codes once.
  await ip.getByRole('button', { name: 'Turn on' }).click();
  await expect(ip.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await ip.locator('#totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await checks(ip, browser, 'account-enrol');
  const enrolledAt = Date.now();
  await ip.getByLabel('2. Type the 6-digit code the app shows.').fill(code(secret, enrolledAt));
  await ip.getByLabel('3. Your password, to confirm it is you.').fill(password);
  await ip.getByRole('button', { name: 'Confirm' }).click();
  await expect(ip.getByRole('status')).toHaveText('Two-step sign-in is on.');
  const recovery = (await ip.getByLabel('Recovery codes').inputValue()).split('\n');
  expect(recovery).toHaveLength(10);
  await ip.reload();
  await expect(ip.getByText('Recovery codes left: 10.')).toBeVisible();
  expect(await ip.content()).not.toContain(secret);
  await checks(ip, browser, 'account-on');
  // The owner sees it on the users page.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('2FA');

  // Sign out, then sign in again without JavaScript: the password, then a code (the next step's:
  // the enrolment's own code is used).
  await ip.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(ip).toHaveURL(/\/dashboard\/sign-in\?signedOut=1$/);
  await invitee.close();
  const nojs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, locale: 'en-US' });
  const np = await nojs.newPage();
  await np.goto('/dashboard/sign-in');
  await np.getByLabel('Email address').fill(email);
  await np.getByLabel('Password').fill(password);
  await np.getByRole('button', { name: 'Sign in' }).click();
  await expect(np).toHaveURL(/\/dashboard\/sign-in\/code$/);
  await expect(np.getByRole('heading', { level: 1, name: 'Sign-in code' })).toBeVisible();
  expect(await fitsWidth(np)).toBe(true);
  // (axe runs in a browser with JavaScript, on the DOM this one built.)
  await axeWithoutJs(np, browser, { locale: 'en-US' });
  // A wrong code is said; the right one signs in.
  await np.getByLabel('Code or recovery code').fill('000000');
  await np.getByRole('button', { name: 'Verify' }).click();
  await expect(np.getByRole('alert').filter({ hasText: /That code is not right/ })).toBeVisible();
  await np.getByLabel('Code or recovery code').fill(code(secret, Math.max(Date.now(), enrolledAt + 30_000)));
  await np.getByRole('button', { name: 'Verify' }).click();
  await expect(np).toHaveURL(/\/dashboard$/);
  await np.goto('/dashboard/account');
  await expect(np.getByText(`Signed in as ${email}, Administrator.`)).toBeVisible();

  // The admin lost the phone and the codes: the owner resets it from the users page. The admin's
  // session ends; every owner is told by a banner until they dismiss it; the password alone signs in.
  await page.reload();
  await checks(page, browser, 'users-two-factor');
  await page.getByRole('link', { name: `Reset the two-step sign-in of ${email}` }).click();
  // The owner confirms it is her (a stolen session alone resets no one).
  const confirm = page.getByRole('region', { name: `Reset the two-step sign-in of ${email}` });
  await expect(confirm).toBeVisible();
  await checks(page, browser, 'users-two-factor-reset-confirm');
  await confirm.getByLabel('Your password').fill('not the password');
  await confirm.getByRole('button', { name: 'Reset two-step sign-in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That password is not right' })).toBeVisible();
  await confirm.getByLabel('Your password').fill(user().password);
  await confirm.getByRole('button', { name: 'Reset two-step sign-in' }).click();
  await expect(page.getByRole('status')).toHaveText(`The two-step sign-in of ${email} is reset: their sessions have ended.`);
  await expect(page.getByRole('row').filter({ hasText: email })).not.toContainText('2FA');
  const banner = page.getByRole('alert').filter({ hasText: `${email}’s two-step sign-in was reset` });
  await expect(banner).toBeVisible();
  await checks(page, browser, 'two-factor-reset');
  await banner.getByRole('button', { name: 'Seen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${email}’s two-step sign-in was reset` })).toHaveCount(0);
  await np.goto('/dashboard/account');
  await expect(np).toHaveURL(/\/dashboard\/sign-in/);
  await np.getByLabel('Email address').fill(email);
  await np.getByLabel('Password').fill(password);
  await np.getByRole('button', { name: 'Sign in' }).click();
  await expect(np).toHaveURL(/\/dashboard$/);
  await nojs.close();

  // An unknown link says so too.
  const stranger = await englishContext(browser);
  const sp = await stranger.newPage();
  await sp.goto(`/dashboard/invite/${'x'.repeat(43)}`);
  await expect(sp.getByRole('alert').filter({ hasText: /not valid/ })).toBeVisible();
  await stranger.close();
  await owner.close();
});
