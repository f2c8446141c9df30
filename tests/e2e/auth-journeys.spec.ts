// Staff auth journeys against the real backend: sign up, sign out, sign in; a session the
// server refuses; the client rate limit; a password reset through the dev mailbox.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { authStorageKey, runtimeConfig, signUpStaff, storeSession } from './support';

const PASSWORD = 'Correct-Horse-9!';
let counter = 0;

function uniqueEmail(tag: string): string {
  return `auth-${tag}-${Date.now()}-${process.pid}-${++counter}@example.com`;
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('sign up, sign out and sign in again', async ({ page }) => {
  const email = uniqueEmail('journey');
  await page.goto('/auth?mode=sign-up');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email or phone number').fill(email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('abc');
  await expect(page.getByText('Password must be at least 8 characters long, Password must contain at least one uppercase letter')).toBeVisible();
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'weak');
  await expectAccessible(page, 'sign-up with password errors');
  await password.fill('Abcdef1!');
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'fair');
  await password.fill(PASSWORD);
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'strong');
  await page.getByRole('button', { name: 'Create account' }).last().click();

  await expect(page).toHaveURL(/\/$/);
  const menu = page.getByRole('button', { name: 'Account menu for Grace Hopper' });
  await expect(menu).toBeVisible();
  await expectAccessible(page, 'home after sign-up');

  await menu.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeVisible();
});

test('sign-in needs an identifier and a password, and keeps what was typed on failure', async ({ page, request, baseURL }) => {
  const { email } = await signUpStaff(request, baseURL!);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('You must provide either an email or phone number and a password')).toBeVisible();

  await signInThroughForm(page, email, 'Wrong-password-1');
  await expect(page.getByTestId('sign-in-error')).toHaveText('The e-mail or phone number, or the password, is wrong. Check both and try again.');
  await expectAccessible(page, 'sign-in refused');
  await expect(page.getByLabel('Email or phone number')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Wrong-password-1');
});

test('the sign-in screen shows before the app has started, and what is typed meanwhile is kept', async ({ page, request, baseURL }) => {
  const { email, password } = await signUpStaff(request, baseURL!);
  // The app's code is held back: /auth answers with the screen written into its HTML.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/start-app-*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/auth', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page).toHaveTitle('Sign In · Customer Engagement Portal');
  // Not sendable until the app runs: the browser would put the password in the address.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);

  release();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await expect(page.getByLabel('Email or phone number')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});

test('signing in returns to the page that asked for it', async ({ page, request, baseURL }) => {
  const { email, password } = await signUpStaff(request, baseURL!);
  await page.goto('/products');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fproducts$/);
  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/products$/);
});

test('a session the server refuses sends the user to sign in with a notice, then back', async ({ page, request, baseURL }) => {
  const { email, password, session } = await signUpStaff(request, baseURL!);
  const { supabaseAnonKey } = await runtimeConfig(request, baseURL!);
  // End the session on the server, then hand the page its expired copy: the refresh is refused.
  const logout = await request.post(`${baseURL}/auth/v1/logout?scope=global`, {
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${session.access_token}` },
  });
  expect(logout.status()).toBe(204);
  await storeSession(page, baseURL!, { ...session, expires_at: Math.floor(Date.now() / 1000) - 60 });

  await page.goto('/estimates');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Festimates$/);
  await expect(page.getByTestId('auth-notice')).toHaveText('Please sign in again to continue.');
  await expectAccessible(page, 'sign-in with a notice');
  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/estimates$/);
});

test('a password changed on another device signs this one out, to /auth with a notice', async ({ page, request, baseURL }) => {
  const { email, password, session } = await signUpStaff(request, baseURL!);
  const { supabaseAnonKey } = await runtimeConfig(request, baseURL!);
  await page.clock.install();
  await page.goto('/auth');
  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/$/);

  // The sign-up's session stands for another device, where the password is changed.
  const changed = await request.put(`${baseURL}/auth/v1/user`, {
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    data: { password: 'Changed-Horse-10!' },
  });
  expect(changed.status()).toBe(200);

  // This device's access token is still unexpired; its next check with the server ends it.
  await page.clock.fastForward('05:01');
  await expect(page).toHaveURL(/\/auth\?redirect=%2F$/);
  await expect(page.getByTestId('auth-notice')).toHaveText('Please sign in again to continue.');
  await expectAccessible(page, 'sign-in after the password changed elsewhere');
  await signInThroughForm(page, email, 'Changed-Horse-10!');
  await expect(page).toHaveURL(/\/$/);
});

test('five wrong passwords with the client limit on show the rate-limit message', async ({ page, request, baseURL }) => {
  const { email, password } = await signUpStaff(request, baseURL!);
  await page.addInitScript(() => localStorage.setItem('cep.loginRateLimit', 'on'));
  await page.goto('/auth');
  for (let attempt = 1; attempt <= 4; attempt++) {
    await signInThroughForm(page, email, `Wrong-password-${attempt}`);
    await expect(page.getByTestId('sign-in-error')).toHaveText('The e-mail or phone number, or the password, is wrong. Check both and try again.');
  }
  await signInThroughForm(page, email, 'Wrong-password-5');
  await expect(page.getByTestId('sign-in-error')).toHaveText('Too many login attempts. Please try again in 15 minutes.');
  await expectAccessible(page, 'sign-in rate limited');

  // The right password is refused too until the window passes, even after a reload.
  await page.reload();
  await signInThroughForm(page, email, password);
  await expect(page.getByTestId('sign-in-error')).toHaveText(/^Too many login attempts\. Please try again in (14|15) minutes\.$/);
  await expect(page).toHaveURL(/\/auth$/);
});

test('on localhost the client limit is off unless turned on', async ({ page, request, baseURL }) => {
  const { email, password } = await signUpStaff(request, baseURL!);
  await page.goto('/auth');
  for (let attempt = 1; attempt <= 6; attempt++) {
    await signInThroughForm(page, email, `Wrong-password-${attempt}`);
    await expect(page.getByTestId('sign-in-error')).toHaveText('The e-mail or phone number, or the password, is wrong. Check both and try again.');
  }
  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/$/);
});

test('password reset through the link in the dev mailbox', async ({ page, request, baseURL }) => {
  const { email } = await signUpStaff(request, baseURL!);
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\?reset=true$/);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expectAccessible(page, 'reset request with an error');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();
  await expectAccessible(page, 'reset link sent');

  const mailbox = await request.get(`${baseURL}/_mail/api?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: { subject: string; links: string[] }[] };
  const mail = messages.find((m) => m.subject === 'Reset your password');
  expect(mail?.links[0]).toBeTruthy();
  expect(new URL(mail!.links[0]!).searchParams.get('redirect_to')).toBe(`${new URL(baseURL!).origin}/auth?reset=true`);

  await page.goto(mail!.links[0]!);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await expect(page.getByText(/^Password must be at least 8 characters long/)).toBeVisible();
  await expectAccessible(page, 'new password with an error');
  const newPassword = 'Brand-New-Pass-7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signInThroughForm(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
});

test('with the auth server unreachable, an expired access token keeps the user signed in', async ({ page, request, baseURL }) => {
  const { session } = await signUpStaff(request, baseURL!, 'Dorothy', 'Vaughan');
  // Cut before the session is stored: the page that stores it runs the client's auto-refresh.
  // On the context, so a service worker's own requests are cut off too.
  await page.context().route('**/auth/v1/**', (route) => route.abort('internetdisconnected'));
  await storeSession(page, baseURL!, { ...session, expires_at: Math.floor(Date.now() / 1000) - 600 });

  await page.goto('/estimates');
  await expect(page.getByRole('button', { name: 'Account menu for Dorothy Vaughan' })).toBeVisible();
  // Past the 4 s loading limit and several refresh attempts, still on the page.
  await page.waitForTimeout(6000);
  await expect(page).toHaveURL(/\/estimates$/);
  await expect(page.getByRole('button', { name: 'Account menu for Dorothy Vaughan' })).toBeVisible();
  // The refresh really could not happen: the stored session is still the expired one.
  const { supabaseUrl } = await runtimeConfig(request, baseURL!);
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { access_token: string } | null, authStorageKey(supabaseUrl));
  expect(stored?.access_token).toBe(session.access_token);
});
