// The main jobs with the keyboard only (issue 21): no click, no pointer; Tab, Shift+Tab, Enter,
// Escape and the arrow keys, with a visible focus indicator at every stop. Now: sign in, sign
// up, reset the password, sign out, move between areas, and a dialog that keeps focus inside
// and gives it back; build an estimate (customer, catalogue and free-form lines, reorder) and
// send it. The customer page's keyboard journey is in customer-estimate.spec.ts.
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, openEmptyWorkspace, orgIdOf, signUpStaff, storeSession } from './support';

const APP = 'Customer Engagement Portal';
const FOCUS_COLOUR = 'rgb(37, 99, 235)'; // brand-600, the outline and ring of every focus state

/**
 * The focused element shows the focus outline or ring (not only the browser's default), once
 * its colour transition has run.
 */
async function expectVisibleFocus(page: Page) {
  const look = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return 'nothing focused';
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? style.outlineColor : '';
      return `${outline} | ${style.boxShadow} | ${el.outerHTML.slice(0, 100)}`;
    });
  await expect.poll(look, { message: 'visible focus', timeout: 2000 }).toContain(FOCUS_COLOUR);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the indicator at each stop. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 30 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reached with ${max} presses of Tab: ${target}`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** After a navigation focus is on the new page's main content, and its title was announced. */
async function expectArrivedAt(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} · ${APP}`);
  await expect(page.getByTestId('route-announcement')).toHaveText(`${title} · ${APP}`);
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('#main')))).toBe(true);
}

let counter = 0;
const uniqueEmail = (tag: string) => `keys-${tag}-${Date.now()}-${process.pid}-${++counter}@example.com`;

test('sign in, with errors on the way, and sign out with the keyboard only', async ({ page, request, baseURL }) => {
  const { email, password } = await signUpStaff(request, baseURL!, 'Kay', 'Board');
  await page.goto('/auth');
  const identifier = page.getByLabel('Email or phone number');
  const secret = page.getByLabel('Password', { exact: true });
  await expect(identifier).toBeVisible();

  // Submitting empty: the message sits at the field, which is marked invalid and gets focus.
  await tabTo(page, page.getByRole('button', { name: 'Sign in', exact: true }));
  await page.keyboard.press('Enter');
  await expect(identifier).toBeFocused();
  await expect(identifier).toHaveAttribute('aria-invalid', 'true');
  await expect(identifier).toHaveAccessibleDescription('You must provide either an email or phone number and a password');
  await expectAccessible(page, 'sign-in with a field error');

  await typeInto(page, identifier, email);
  await page.keyboard.press('Tab');
  await typeInto(page, secret, 'Wrong-password-1');
  await page.keyboard.press('Enter');
  // The refusal is announced (its words are auth-journeys' business).
  await expect(page.getByRole('alert').and(page.getByTestId('sign-in-error'))).toBeVisible();

  // Focus is back on the password, ready to be typed again.
  await typeInto(page, secret, password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectArrivedAt(page, 'Home');

  // The account menu: open with Enter, the last item with End, choose with Enter.
  // The header comes before the page content that now has focus.
  await tabTo(page, page.getByRole('button', { name: 'Account menu for Kay Board' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Account security' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
  await expectArrivedAt(page, 'Sign In');
});

test('create an account with the keyboard only', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Create account' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  await tabTo(page, page.getByLabel('First name'));
  await page.keyboard.type('Ada');
  await page.keyboard.press('Tab');
  await typeInto(page, page.getByLabel('Last name'), 'Keys');
  await page.keyboard.press('Tab');
  await typeInto(page, page.getByLabel('Email or phone number'), uniqueEmail('sign-up'));
  await page.keyboard.press('Tab');
  const password = page.getByLabel('Password', { exact: true });
  await typeInto(page, password, 'short');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/Password must be at least 8 characters long/);
  await typeInto(page, password, 'Correct-Horse-9!');
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'strong');
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');

  await tabTo(page, page.getByRole('button', { name: 'Create account' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Account menu for Ada Keys' })).toBeVisible();
  await expectArrivedAt(page, 'Home');
});

test('reset the password with the keyboard only', async ({ page, request, baseURL }) => {
  const { email } = await signUpStaff(request, baseURL!, 'Rey', 'Set');
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Forgot password?' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reset-sent')).toBeVisible();

  const mailbox = await request.get(`${baseURL}/_mail/api?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: { subject: string; links: string[] }[] };
  const link = messages.find((m) => m.subject === 'Reset your password')!.links[0]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await tabTo(page, page.getByLabel('New password', { exact: true }));
  await page.keyboard.type('Brand-New-Pass-7');
  await tabTo(page, page.getByLabel('Confirm new password'));
  await page.keyboard.type('Brand-New-Pass-7');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Account menu for Rey Set' })).toBeVisible();
});

test('move between areas, and a dialog keeps focus inside and gives it back', async ({ page, request, baseURL }) => {
  const { session } = await signUpStaff(request, baseURL!, 'Dee', 'Alog');
  await storeSession(page, baseURL!, session);
  await page.goto('/');
  await expect(page.locator('main').getByRole('heading').first()).toBeVisible();

  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await expectArrivedAt(page, 'Products');

  const opener = page.getByRole('button', { name: 'New product' }).first();
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name', { exact: true })).toBeVisible();
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), 'focus stays in the dialog').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('build an estimate with catalogue and free-form lines, reorder them and send it, with the keyboard only', async ({ page, request, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL!;
  const { session } = await signUpStaff(request, base, 'Kit', 'Keys');
  const orgId = await orgIdOf(request, base, session);
  await api(request, base, session, 'POST', '/rest/v1/products', [
    { org_id: orgId, sku: 'KB-1', name: 'Oak bench', category: 'Garden', unit: 'each', unit_price_cents: 40_000, unit_cost_cents: 25_000 },
    { org_id: orgId, sku: 'KB-2', name: 'Gravel path', category: 'Garden', unit: 'm2', unit_price_cents: 3_000, unit_cost_cents: 1_800 },
  ]);
  await api(request, base, session, 'POST', '/rest/v1/accounts', { org_id: orgId, name: 'Keyboard Gardens', email: 'orders@keyboard-gardens.example' });
  await openEmptyWorkspace(page, base, session);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'idle');

  await tabTo(page, page.getByRole('button', { name: 'New estimate' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/estimates\/[0-9a-f-]+\/edit$/);
  // Focus moves to the new page's content once it has rendered; Tab from there, not before.
  await expectArrivedAt(page, 'Edit Estimate');

  await tabTo(page, page.getByLabel('Title'));
  await page.keyboard.type('Garden path and bench');
  const customer = page.getByRole('combobox');
  await tabTo(page, customer);
  await page.keyboard.type('Keyboard');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(customer).toHaveValue('Keyboard Gardens');

  // Two catalogue lines (in the catalogue's order), then a free-form one, which sits above it.
  for (const name of ['Gravel path', 'Oak bench']) {
    await tabTo(page, page.getByRole('button', { name: `Add ${name}` }));
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('line-item')).toHaveCount(2);
  await tabTo(page, page.getByRole('button', { name: 'Add custom line' }), { backwards: true, max: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('line-item')).toHaveCount(3);
  // The new line's name has the focus, selected: typing replaces it.
  const custom = page.getByTestId('line-item').nth(2);
  await expect(custom.getByLabel('Item', { exact: true })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('Site visit');
  await tabTo(page, custom.getByLabel('Unit price ($)'));
  await page.keyboard.type('90');
  await expect(page.getByTestId('total')).toHaveText('$520.00');
  // Screen readers hear the new total once typing pauses.
  await expect(page.getByTestId('total-announcement')).toHaveText('Total $520.00');
  await expectAccessible(page, 'estimate built with the keyboard');

  // Reorder: the free-form line moves up one place.
  await tabTo(page, page.getByRole('button', { name: 'Move Site visit up' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('line-item').nth(1).getByLabel('Item', { exact: true })).toHaveValue('Site visit');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-pending', 'false');

  // To the estimate, and send it.
  await tabTo(page, page.getByRole('link', { name: 'Done' }), { backwards: true, max: 80 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Garden path and bench' })).toBeVisible();
  // Tab only once focus has moved to the new page: a Tab pressed before that goes from the top
  // of the document, and the move then takes focus to <main> (seen under load in CI).
  await expectArrivedAt(page, 'Estimate');
  await expect(page.getByTestId('estimate-number')).toHaveText(/^EST-\d{6}$/, { timeout: 60_000 });
  const send = page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Send' });
  await tabTo(page, send, { max: 60 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Recipient e-mail')).toHaveValue('orders@keyboard-gardens.example');
  await expectAccessible(page, 'send dialog opened with the keyboard');
  await tabTo(page, dialog.getByRole('button', { name: 'Send' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-status="sent"]').first()).toBeVisible();
  // Focus went back to the page (the button that opened the dialog, or the page's content).
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
});
