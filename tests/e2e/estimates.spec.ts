// The estimates workspace in Chromium against the real backend: a rep builds an estimate offline
// (routes blocked and the browser offline), reloads offline and finds everything, then goes online
// and sees the server's number arrive; printing leaves cost and margin out; a viewer cannot edit.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, fillField, goOffline, goOnline, inviteStaff, openEmptyWorkspace, orgIdOf, signUpStaff, startPrivateServer, storeSession, type PrivateServer } from './support';

const PRODUCTS = [
  { name: 'Cedar decking', unit_price_cents: 10_000, unit_cost_cents: 5_000 },
  { name: 'Composite railing', unit_price_cents: 20_000, unit_cost_cents: 15_000 },
  { name: 'Deck stain', unit_price_cents: 8_000, unit_cost_cents: 7_200 },
  { name: 'Design consultation', unit_price_cents: 4_000, unit_cost_cents: null },
  { name: 'Galvanized screws', unit_price_cents: 1_000, unit_cost_cents: 550 },
];

/** A new organization with its owner, the catalogue above, and a viewer invited into it. */
async function organization(request: APIRequestContext, baseURL: string) {
  const owner = (await signUpStaff(request, baseURL, 'Rita', 'Rep')).session;
  const orgId = await orgIdOf(request, baseURL, owner);
  await api(request, baseURL, owner, 'POST', '/rest/v1/products', PRODUCTS.map((p) => ({ ...p, org_id: orgId, category: 'Decks' })));
  const viewer = (await inviteStaff(request, baseURL, owner, orgId, 'viewer', 'Vic', 'Viewer')).session;
  return { owner, viewer, orgId };
}

let server: PrivateServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function line(page: Page, index: number) {
  return page.getByTestId('line-item').nth(index);
}

async function saved(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-pending', 'false');
}

test('a rep builds an estimate offline, finds it after an offline reload, and the final number arrives online', async ({ page, context }) => {
  test.setTimeout(240_000);
  // A backend and a copy of the built app of this test's own: a rebuild of dist/ elsewhere
  // cannot break the service worker's precache mid-journey.
  server = await startPrivateServer();
  const base = server.url;
  const { owner } = await organization(page.request, base);
  await openEmptyWorkspace(page, base, owner);

  await goOffline(context);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'offline');
  await expectAccessible(page, 'empty estimates list offline');
  await page.getByRole('button', { name: 'New estimate' }).first().click();
  await expect(page).toHaveURL(/\/estimates\/[0-9a-f-]+\/edit$/);
  const estimatePath = new URL(page.url()).pathname.replace(/\/edit$/, '');
  await expect(page.getByTestId('estimate-number')).toHaveText(/^DRAFT-[0-9A-F]{8}$/);
  await expect(page.getByText('Provisional until synced')).toBeVisible();
  await expect(page.getByLabel('Valid until')).not.toHaveValue('');
  await expectAccessible(page, 'new estimate in the editor');

  await fillField(page, 'Title', 'Backyard deck');
  await page.getByRole('button', { name: 'New customer' }).click();
  await expectAccessible(page, 'new customer dialog');
  await page.getByRole('dialog').getByLabel('Company name').fill('Harbor Cafe');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveValue('Harbor Cafe');

  for (const product of PRODUCTS) {
    await page.getByRole('button', { name: `Add ${product.name}` }).click();
    await expect(page.getByTestId('line-item').filter({ has: page.getByRole('textbox', { name: 'Item' }) })).toHaveCount(PRODUCTS.indexOf(product) + 1);
  }
  await page.getByRole('button', { name: 'Add custom line' }).click();
  await expect(page.getByTestId('line-item')).toHaveCount(6);
  const custom = line(page, 5);
  await fillField(custom, 'Item', 'Site visit');
  await fillField(custom, 'Quantity', '2');
  await fillField(custom, 'Unit price ($)', '75');
  await fillField(custom, 'Unit cost ($)', '60');

  // Margin per line and its colour (SPEC §9: ≥ 40 % green, ≥ 20 % yellow, below red, N/A without cost).
  const expectations = [
    ['$50.00 (50.0%)', 'green'],
    ['$50.00 (25.0%)', 'yellow'],
    ['$8.00 (10.0%)', 'red'],
    ['N/A', 'none'],
    ['$4.50 (45.0%)', 'green'],
    ['$30.00 (20.0%)', 'yellow'],
  ] as const;
  for (const [i, [text, tone]] of expectations.entries()) {
    const margin = line(page, i).locator('[data-margin-tone]');
    await expect(margin).toHaveText(text);
    await expect(margin).toHaveAttribute('data-margin-tone', tone);
  }
  await expect(line(page, 5).getByTestId('line-total')).toHaveText('$150.00');
  await expect(page.getByTestId('total')).toHaveText('$580.00');
  await expect(page.getByTestId('estimate-margin').locator('[data-margin-tone]')).toHaveText('$182.50 (31.5%)');
  await expect(page.getByTestId('estimate-margin').locator('[data-margin-tone]')).toHaveAttribute('data-margin-tone', 'yellow');

  // Bad input is refused at the field and the typed text stays.
  await line(page, 0).getByLabel('Quantity').fill('-3');
  await expect(line(page, 0).getByRole('alert')).toHaveText('Quantity cannot be negative');
  await expect(line(page, 0).getByLabel('Quantity')).toHaveValue('-3');
  await line(page, 0).getByLabel('Discount %').fill('150');
  await expect(line(page, 0).getByText('The discount must be between 0 and 100 %')).toBeVisible();
  await expectAccessible(page, 'editor with line errors');
  await fillField(line(page, 0), 'Quantity', '1');
  await fillField(line(page, 0), 'Discount %', '0');
  await expect(page.getByTestId('total')).toHaveText('$580.00');

  // Keyboard reorder: the custom line moves up one place.
  await page.getByRole('button', { name: 'Move Site visit up' }).click();
  await expect(line(page, 4).getByLabel('Item', { exact: true })).toHaveValue('Site visit');

  await page.getByRole('button', { name: 'Add milestone' }).click();
  await page.getByRole('button', { name: 'Add milestone' }).click();
  const milestones = page.getByTestId('milestone');
  await expect(milestones).toHaveCount(2);
  await fillField(milestones.nth(0), 'Milestone', 'Demolition');
  await fillField(milestones.nth(0), 'Start', '2026-04-01');
  await fillField(milestones.nth(0), 'End', '2026-04-05');
  await fillField(milestones.nth(1), 'Milestone', 'Build the deck');
  await fillField(milestones.nth(1), 'Start', '2026-04-06');
  await milestones.nth(1).getByLabel('End').fill('2026-04-02');
  await expect(milestones.nth(1).getByText('The end date cannot be before the start date')).toBeVisible();
  await expectAccessible(page, 'editor with a milestone error');
  await fillField(milestones.nth(1), 'End', '2026-04-20');
  await saved(page);
  await page.screenshot({ path: 'test-results/screens/estimate-editor-1024x768.png', fullPage: true });

  await page.reload();
  await expect(page.getByTestId('line-item')).toHaveCount(6);
  await expect(page.getByLabel('Title')).toHaveValue('Backyard deck');
  await expect(line(page, 4).getByLabel('Item', { exact: true })).toHaveValue('Site visit');
  await expect(page.getByTestId('milestone')).toHaveCount(2);
  await expect(page.getByTestId('milestone').nth(1).getByLabel('End')).toHaveValue('2026-04-20');
  await expect(page.getByTestId('total')).toHaveText('$580.00');

  await page.goto(`${base}${estimatePath}`);
  await expect(page.getByRole('heading', { name: 'Backyard deck' })).toBeVisible();
  await expect(page.getByText('Harbor Cafe')).toBeVisible();
  await expect(page.getByTestId('gantt-bar')).toHaveCount(2);
  await expect(page.getByTestId('estimate-margin').locator('[data-margin-tone]')).toHaveText('$182.50 (31.5%)');
  await expectAccessible(page, 'estimate detail offline');

  await goOnline(context);
  await expect(page.getByTestId('estimate-number')).toHaveText(/^EST-\d{6}$/, { timeout: 45_000 });
  await expect(page.getByText('Provisional until synced')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/estimate-detail-1024x768.png', fullPage: true });
  await expectAccessible(page, 'estimate detail synced');

  // Printed: customer-ready, no cost or margin.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('total').first()).toBeVisible();
  await expect(page.getByTestId('estimate-margin')).toBeHidden();
  await expect(page.getByTestId('cost')).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Margin' })).toBeHidden();
  await expect(page.getByRole('group', { name: 'Actions' })).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/estimate-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  await page.goto(`${base}/estimates`);
  await expect(page.getByTestId('estimate-row')).toHaveCount(1);
  await page.getByLabel('Search').fill('harb');
  await expect(page.getByTestId('estimate-row')).toHaveCount(1);
  await page.getByLabel('Search').fill('zzz');
  await expect(page.getByText('No estimate matches these filters.')).toBeVisible();
  await expectAccessible(page, 'estimates list, nothing matches');
  await page.getByLabel('Search').fill('');
  await expect(page.getByTestId('estimate-row')).toContainText('$580.00');
  await page.screenshot({ path: 'test-results/screens/estimates-list-1024x768.png', fullPage: true });
  await expectAccessible(page, 'estimates list');

  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: 'test-results/screens/estimates-list-768x1024.png', fullPage: true });
  await expectAccessible(page, 'estimates list at 768×1024');
  await page.getByTestId('estimate-row').first().click();
  await expect(page.getByRole('heading', { name: 'Backyard deck' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/estimate-detail-768x1024.png', fullPage: true });
  await expectAccessible(page, 'estimate detail at 768×1024');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByTestId('line-item')).toHaveCount(6);
  await page.screenshot({ path: 'test-results/screens/estimate-editor-768x1024.png', fullPage: true });
  await expectAccessible(page, 'estimate editor at 768×1024');
});

test('a viewer sees estimates without any edit control', async ({ page, playwright, baseURL }) => {
  const request = await playwright.request.newContext();
  const { owner, viewer, orgId } = await organization(request, baseURL!);
  const [estimate] = (await api(request, baseURL!, owner, 'POST', '/rest/v1/estimates', { org_id: orgId, title: 'Fence repair', number: 'DRAFT-AAAA0001' })) as { id: string }[];
  await request.dispose();
  await storeSession(page, baseURL!, viewer);
  await page.goto('/estimates');
  await expect(page.getByText('Fence repair')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New estimate' })).toHaveCount(0);
  await expectAccessible(page, 'estimates list of a viewer');
  await page.goto(`/estimates/${estimate!.id}`);
  await expect(page.getByRole('heading', { name: 'Fence repair' })).toBeVisible();
  for (const name of ['Edit', 'Send', 'Duplicate', 'Archive', 'Tablet mode']) await expect(page.getByRole('link', { name }).or(page.getByRole('button', { name }))).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Post comment' })).toHaveCount(0);
  await expectAccessible(page, 'estimate detail of a viewer');
  await page.goto(`/estimates/${estimate!.id}/edit`);
  await expect(page.getByRole('heading', { name: 'You can view estimates but not edit them' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(page, 'estimate editor of a viewer');
});
