// The product catalogue in Chromium against the real backend: an admin creates and edits
// products and sees margin colours, imports a CSV with a bad row (a report first, an import only
// when chosen), exports the current filter; a sales rep gets a read-only catalogue (and the
// server refuses the write the UI hides); offline the catalogue still lists and searches.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { runtimeConfig, signUpStaff, storeSession, waitForServiceWorker, type StoredSession } from './support';

// The journeys build on each other (the admin's products are what the rep sees), and sync
// round trips on a busy 2-core machine need more than the default time.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let admin: StoredSession;
let sales: StoredSession;
let orgId: string;

async function api(request: APIRequestContext, baseURL: string, session: StoredSession, method: 'GET' | 'POST', path: string, data?: unknown) {
  const { supabaseAnonKey } = await runtimeConfig(request, baseURL);
  return request.fetch(`${baseURL}${path}`, {
    method,
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json', prefer: 'return=representation' },
    data,
  });
}

async function join(request: APIRequestContext, baseURL: string, owner: StoredSession, role: 'admin' | 'sales', firstName: string) {
  const response = await api(request, baseURL, owner, 'POST', '/rest/v1/rpc/create_invite', { email: `${role}-${Date.now()}-${process.pid}@example.com`, role, org_id: orgId });
  if (!response.ok()) throw new Error(`create_invite: ${response.status()} ${await response.text()}`);
  const invite = (await response.json()) as { token: string; email: string };
  const { supabaseAnonKey } = await runtimeConfig(request, baseURL);
  const signUp = await request.post(`${baseURL}/auth/v1/signup`, {
    headers: { apikey: supabaseAnonKey, 'content-type': 'application/json' },
    data: { email: invite.email, password: 'Correct-Horse-9', data: { first_name: firstName, last_name: role, invite_token: invite.token } },
  });
  if (!signUp.ok()) throw new Error(`sign-up: ${signUp.status()} ${await signUp.text()}`);
  return (await signUp.json()) as StoredSession;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext();
  const owner = (await signUpStaff(request, baseURL!, 'Olive', 'Owner')).session;
  const profiles = (await (await api(request, baseURL!, owner, 'GET', `/rest/v1/profiles?select=org_id&user_id=eq.${owner.user.id}`)).json()) as { org_id: string }[];
  orgId = profiles[0]!.org_id;
  admin = await join(request, baseURL!, owner, 'admin', 'Ada');
  sales = await join(request, baseURL!, owner, 'sales', 'Sam');
  await request.dispose();
});

async function goOffline(context: BrowserContext) {
  await context.route(/\/(rest|auth|realtime)\/v1\//, (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

async function openActions(page: Page, name: string, action: 'Edit' | 'Deactivate' | 'Reactivate') {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function serverProduct(request: APIRequestContext, baseURL: string, sku: string) {
  const response = await api(request, baseURL, admin, 'GET', `/rest/v1/products?select=name,unit_price_cents,unit_cost_cents,active&sku=eq.${sku}`);
  return ((await response.json()) as { name: string; unit_price_cents: number; unit_cost_cents: number | null; active: boolean }[])[0] ?? null;
}

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) };
}

test('an admin creates and edits a product, sees the margin colour, and the change reaches the server', async ({ page, baseURL, request }) => {
  await storeSession(page, baseURL!, admin);
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/products-empty-1024x768.png', fullPage: true });
  await expectAccessible(page, 'empty catalogue');

  await page.getByRole('button', { name: 'New product' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog.getByText('Enter a name')).toBeVisible();
  await expect(dialog.getByText('Enter a unit price (0 is allowed)')).toBeVisible();
  await expectAccessible(page, 'new product dialog with errors');

  await dialog.getByLabel('Name', { exact: true }).fill('Cedar fence panel');
  await dialog.getByLabel('SKU', { exact: true }).fill('CF-100');
  await dialog.getByLabel('Category', { exact: true }).fill('Fencing');
  await dialog.getByLabel('Unit', { exact: true }).fill('panel');
  await dialog.getByLabel('Unit price ($)').fill('-5');
  await dialog.getByLabel('Unit cost ($, optional)').fill('50');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog.getByText("Unit price can't be negative")).toBeVisible();
  await expect(dialog.getByLabel('Unit price ($)')).toHaveValue('-5');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: 'test-results/screens/products-dialog-errors-768x1024.png' });
  await page.setViewportSize({ width: 1024, height: 768 });

  await dialog.getByLabel('Unit price ($)').fill('100');
  await expect(dialog.getByTestId('margin-preview')).toContainText('$50.00 (50.0%)');
  await page.screenshot({ path: 'test-results/screens/products-dialog-1024x768.png' });
  await expectAccessible(page, 'new product dialog with a margin preview');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog).toBeHidden();

  const cedar = row(page, 'Cedar fence panel');
  await expect(cedar).toContainText('$100.00');
  await expect(cedar.locator('[data-margin-tone]')).toHaveAttribute('data-margin-tone', 'green');
  await expect(cedar.locator('[data-margin-tone]')).toContainText('$50.00 (50.0%)');

  await page.getByRole('button', { name: 'Actions for Cedar fence panel' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expectAccessible(page, 'catalogue with a product actions menu open');
  await page.keyboard.press('Escape');
  await openActions(page, 'Cedar fence panel', 'Edit');
  await expect(dialog.getByLabel('Unit cost ($, optional)')).toHaveValue('50.00');
  await expectAccessible(page, 'edit product dialog');
  await dialog.getByLabel('Unit cost ($, optional)').fill('85');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(cedar.locator('[data-margin-tone]')).toHaveAttribute('data-margin-tone', 'red');
  await expect(cedar.locator('[data-margin-tone]')).toContainText('$15.00 (15.0%)');

  await page.getByRole('button', { name: 'New product' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('Another panel');
  await dialog.getByLabel('SKU', { exact: true }).fill('cf-100');
  await dialog.getByLabel('Unit price ($)').fill('10');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog.getByText('Another product already uses this SKU')).toBeVisible();
  await expectAccessible(page, 'new product dialog with a duplicate SKU');
  await dialog.getByLabel('SKU', { exact: true }).fill('AP-1');
  await dialog.getByLabel('Unit cost ($, optional)').fill('7');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(row(page, 'Another panel').locator('[data-margin-tone]')).toHaveAttribute('data-margin-tone', 'yellow');

  await openActions(page, 'Another panel', 'Deactivate');
  await expect(row(page, 'Another panel')).toContainText('Inactive');

  await expect.poll(() => serverProduct(request, baseURL!, 'CF-100'), { timeout: 60_000 }).toMatchObject({ unit_price_cents: 10_000, unit_cost_cents: 8_500 });
  await expect.poll(() => serverProduct(request, baseURL!, 'AP-1'), { timeout: 60_000 }).toMatchObject({ active: false });

  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await page.screenshot({ path: 'test-results/screens/products-1024x768.png', fullPage: true });
  await expectAccessible(page, 'catalogue with products');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: 'test-results/screens/products-768x1024.png', fullPage: true });
  await expectAccessible(page, 'catalogue at 768×1024');
});

test('a CSV with a bad row shows a per-row report and imports only the valid rows when chosen; export follows the filter', async ({ page, baseURL, request }) => {
  await storeSession(page, baseURL!, admin);
  await page.goto('/products');
  await expect(row(page, 'Cedar fence panel')).toBeVisible();
  const before = await page.getByRole('row').count();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('CSV file').setInputFiles(
    csvFile('catalogue.csv', [
      'sku,name,category,unit,unit_price,unit_cost',
      'CF-100,Cedar fence panel 6ft,Fencing,panel,120.00,60.00',
      'GL-1,Gate latch,Hardware,each,-12,5',
      'PC-2,Post cap,Hardware,each,4.50,1.00',
    ]),
  );
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('3 rows checked: 2 valid rows (1 new, 1 update), 1 row with problems');
  const problem = report.getByRole('row').filter({ hasText: "Unit price can't be negative" });
  await expect(problem).toContainText('3');
  await expect(problem).toContainText('unit_price');
  // The existing SKU is listed as an update, with what it changes, before anything is written.
  await expect(report.getByTestId('import-update')).toContainText('CF-100');
  await expect(report.getByTestId('import-update')).toContainText(/name: Cedar fence panel → Cedar fence panel 6ft/);
  await expect(report.getByTestId('import-new')).toContainText('PC-2');
  await expectAccessible(page, 'import dialog with a problem report');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: 'test-results/screens/products-import-768x1024.png' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(dialog.getByRole('button', { name: /^Import \d+ products?$/ })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row')).toHaveCount(before);
  await expect(page.getByText('Post cap', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('CSV file').setInputFiles(
    csvFile('catalogue.csv', ['sku,name,category,unit,unit_price,unit_cost', 'CF-100,Cedar fence panel 6ft,Fencing,panel,120.00,60.00', 'GL-1,Gate latch,Hardware,each,-12,5', 'PC-2,Post cap,Hardware,each,4.50,1.00']),
  );
  await dialog.getByRole('button', { name: 'Import only the 2 valid rows' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Cedar fence panel 6ft')).toContainText('$60.00 (50.0%)');
  await expect(row(page, 'Post cap')).toContainText('$4.50');
  await expect(page.getByText('Gate latch', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('CSV file').setInputFiles(csvFile('clean.csv', ['sku,name,category,unit_price,unit_cost', 'GL-1,Gate latch,Hardware,12,5']));
  await dialog.getByRole('button', { name: 'Import 1 product' }).click();
  await expect(row(page, 'Gate latch')).toBeVisible();

  await page.getByLabel('Category', { exact: true }).selectOption('Hardware');
  await expect(page.getByTestId('product-count')).toContainText('2 of 4 products');
  await expectAccessible(page, 'catalogue filtered by category');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('sku,name,category,unit,unit_price,unit_cost,taxable,active,description');
  expect(lines.slice(1).sort()).toEqual(['GL-1,Gate latch,Hardware,each,12.00,5.00,yes,yes,', 'PC-2,Post cap,Hardware,each,4.50,1.00,yes,yes,']);

  await expect.poll(() => serverProduct(request, baseURL!, 'GL-1'), { timeout: 60_000 }).toMatchObject({ unit_price_cents: 1200 });
  await expect.poll(() => serverProduct(request, baseURL!, 'CF-100'), { timeout: 60_000 }).toMatchObject({ name: 'Cedar fence panel 6ft' });
});

test('a sales rep sees a read-only catalogue, and the server refuses the write the UI hides', async ({ page, baseURL, request }) => {
  await storeSession(page, baseURL!, sales);
  await page.goto('/products');
  await expect(row(page, 'Cedar fence panel 6ft')).toBeVisible({ timeout: 60_000 });
  await expect(row(page, 'Cedar fence panel 6ft').locator('[data-margin-tone]')).toHaveAttribute('data-margin-tone', 'green');
  await expect(page.getByRole('button', { name: 'New product' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expect(page.getByText('Another panel', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/products-sales-1024x768.png', fullPage: true });
  await expectAccessible(page, 'read-only catalogue');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: 'test-results/screens/products-sales-768x1024.png', fullPage: true });

  const refused = await api(request, baseURL!, sales, 'POST', '/rest/v1/products', { org_id: orgId, name: 'Sneaky', sku: 'SN-1', unit_price_cents: 1 });
  expect(refused.status()).toBe(403);
});

test('offline, the catalogue still lists and searches after a reload', async ({ page, context, baseURL }) => {
  await storeSession(page, baseURL!, sales);
  await page.goto('/products');
  await expect(row(page, 'Post cap')).toBeVisible({ timeout: 60_000 });
  await waitForServiceWorker(page);
  await goOffline(context);
  await page.reload();
  await expect(row(page, 'Cedar fence panel 6ft')).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill('CED');
  await expect(page.getByTestId('product-count')).toContainText('1 of 4 products');
  await expect(row(page, 'Cedar fence panel 6ft')).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill('hard cap');
  await expect(row(page, 'Post cap')).toBeVisible();
  await expect(page.getByTestId('product-count')).toContainText('1 of 4 products');
  await expectAccessible(page, 'catalogue searched offline');
});
