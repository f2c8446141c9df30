// The streamlined tablet flow in Chromium against the real backend: a rep, offline from the start
// (routes blocked and the browser offline), builds an estimate step by step on a 1024×768 tablet,
// the customer reviews it (no cost or margin) and signs on the device; the acceptance survives an
// offline reload as "accepted on this device"; another staff member has the estimate open online;
// when the tablet reconnects the server confirms and both show it accepted. Every step is
// captured at 1024×768 and 768×1024 for a look.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, fillField, goOffline, goOnline, inviteStaff, openEmptyWorkspace, orgIdOf, runtimeConfig, signUpStaff, startPrivateServer, storeSession, waitForServiceWorker, type PrivateServer } from './support';

const PRODUCTS = [
  { name: 'Cedar decking', unit_price_cents: 10_000, unit_cost_cents: 5_000 },
  { name: 'Deck stain', unit_price_cents: 8_000, unit_cost_cents: 7_200 },
  { name: 'Galvanized screws', unit_price_cents: 1_000, unit_cost_cents: 550 },
];

/** An organization with its owner, a small catalogue, one customer account, and a second (sales) member. */
async function organization(request: APIRequestContext, baseURL: string) {
  const owner = (await signUpStaff(request, baseURL, 'Rita', 'Rep')).session;
  const orgId = await orgIdOf(request, baseURL, owner);
  await api(request, baseURL, owner, 'POST', '/rest/v1/products', PRODUCTS.map((p) => ({ ...p, org_id: orgId, category: 'Decks' })));
  const [account] = (await api(request, baseURL, owner, 'POST', '/rest/v1/accounts', { org_id: orgId, name: 'Harbor Cafe', email: 'owner@harbor.example' })) as { id: string }[];
  const sales = (await inviteStaff(request, baseURL, owner, orgId, 'sales', 'Sam', 'Sales')).session;
  return { owner, sales, orgId, accountId: account!.id };
}

let server: PrivateServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/**
 * The step as the tablet shows it (the viewport: the action bar sits at its bottom edge), in
 * landscape and portrait, and scrolled to its end when it is longer than the screen.
 */
async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1024, 768],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screens/streamlined-${name}-${width}x${height}.png` });
    if (await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 8)) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.screenshot({ path: `test-results/screens/streamlined-${name}-${width}x${height}-end.png` });
    }
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

async function next(page: Page, label = 'Next') {
  await page.getByRole('region', { name: 'Flow actions' }).getByRole('button', { name: label }).click();
}

async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await expect(pad).toHaveAttribute('data-ready', 'true');
  await pad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height * 0.55;
  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) await page.mouse.move(box.x + 40 + i * 14, y + Math.sin(i / 2) * 30, { steps: 3 });
  await page.mouse.up();
  await page.mouse.move(box.x + 120, y - 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, y + 30, { steps: 5 });
  await page.mouse.up();
  await expect(pad).toHaveAttribute('data-blank', 'false');
}

test('a customer accepts on the tablet offline; after reconnecting both staff see it accepted', async ({ page, context, browser }) => {
  test.setTimeout(300_000);
  server = await startPrivateServer();
  const base = server.url;
  const { owner, sales } = await organization(page.request, base);
  await openEmptyWorkspace(page, base, owner);

  await goOffline(context);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'offline');
  await page.getByRole('button', { name: 'New estimate' }).first().click();
  await expect(page).toHaveURL(/\/estimates\/[0-9a-f-]+\/edit$/);
  const estimatePath = new URL(page.url()).pathname.replace(/\/edit$/, '');
  await page.getByRole('link', { name: 'Done' }).click();
  await page.getByRole('link', { name: 'Tablet mode' }).click();
  await expect(page).toHaveURL(new RegExp(`${estimatePath}/streamlined$`));

  // Customer: pick the account, name the job.
  await expect(page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: 'Customer' })).toHaveAttribute('aria-current', 'step');
  await page.getByRole('combobox').fill('Harb');
  await page.getByRole('option', { name: /Harbor Cafe/ }).click();
  await expect(page.getByTestId('chosen-customer')).toContainText('Harbor Cafe');
  await expect(page.getByTestId('chosen-customer')).toContainText('owner@harbor.example');
  await fillField(page, 'What is the job?', 'B');
  await fillField(page, 'What is the job?', '');
  await expect(page.getByText('The title cannot be empty')).toBeVisible();
  await expectAccessible(page, 'customer step with a title error');
  await fillField(page, 'What is the job?', 'Backyard deck');
  await shoot(page, '1-customer');

  // An estimate without items cannot be signed, and the Sign step says why.
  await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: /Sign/ }).click();
  await expect(page.getByText('This estimate has no items yet, so there is nothing to accept.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept estimate' })).toBeDisabled();
  await expectAccessible(page, 'sign step without items');
  await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: /Items/ }).click();

  // Items: tiles add products (a second tap counts one more), steppers, a free-form item.
  await page.getByRole('button', { name: 'Add Cedar decking' }).click();
  await expect(page.getByTestId('flow-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add Cedar decking' }).click();
  await expect(page.getByLabel('Quantity of Cedar decking', { exact: true })).toHaveValue('2');
  await page.getByRole('button', { name: 'Add Deck stain' }).click();
  await page.getByRole('button', { name: 'One more Deck stain' }).click();
  await expect(page.getByLabel('Quantity of Deck stain', { exact: true })).toHaveValue('2');
  await page.getByRole('button', { name: 'Custom item' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Unit price ($)').fill('-5');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog.getByText('The item name cannot be empty')).toBeVisible();
  await expect(dialog.getByText('A price cannot be negative')).toBeVisible();
  await expect(dialog.getByLabel('Unit price ($)')).toHaveValue('-5');
  await expectAccessible(page, 'custom item dialog with errors');
  await dialog.getByLabel('Item').fill('Site visit');
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByLabel('Unit price ($)').fill('75');
  await dialog.getByLabel('Unit cost ($)').fill('60');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('flow-line')).toHaveCount(3);
  // 2 × $100 + 2 × $80 + 2 × $75 = $510; cost $100 + $144 + $120 = $364; margin $146 (28.6 %, yellow).
  await expect(page.getByTestId('flow-total')).toHaveText('$510.00');
  await expect(page.getByTestId('flow-margin').locator('[data-margin-tone]')).toHaveText('$146.00 (28.6%)');
  await expect(page.getByTestId('flow-margin').locator('[data-margin-tone]')).toHaveAttribute('data-margin-tone', 'yellow');
  await shoot(page, '2-items');
  await expectAccessible(page, 'items step');
  await next(page);

  // Timeline: one milestone, the end date checked against the start.
  await page.getByRole('button', { name: 'Add milestone' }).click();
  const milestone = page.getByTestId('flow-milestone');
  await fillField(milestone, 'Milestone', 'Build the deck');
  await fillField(milestone, 'Start', '2026-05-04');
  await milestone.getByLabel('End').fill('2026-05-01');
  await expect(milestone.getByText('The end date cannot be before the start date')).toBeVisible();
  await expectAccessible(page, 'timeline step with a date error');
  await fillField(milestone, 'End', '2026-05-08');
  await expect(page.getByTestId('gantt-bar')).toHaveCount(1);
  await shoot(page, '3-timeline');
  await expectAccessible(page, 'timeline step');
  await next(page);

  // Review: what the customer signs, without cost or margin.
  const review = page.getByTestId('customer-view');
  await expect(review.getByRole('heading', { name: 'Backyard deck' })).toBeVisible();
  await expect(review).toContainText('Prepared for Harbor Cafe');
  await expect(review.getByTestId('review-line')).toHaveCount(3);
  await expect(review.getByTestId('review-total')).toHaveText('$510.00');
  await expect(review).toContainText('Build the deck');
  await expect(page.getByTestId('flow-margin')).toHaveCount(0);
  await expect(page.locator('[data-margin-tone]')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(/margin|unit cost/i);
  await shoot(page, '4-review');
  await expectAccessible(page, 'review step');
  await next(page, 'Continue to sign');

  // Sign: name and signature are required, each with its message; the typed name is kept.
  await page.getByRole('button', { name: 'Accept estimate' }).click();
  await expect(page.getByText('Enter the full name of the person accepting')).toBeVisible();
  await expect(page.getByText('Draw the signature in the box')).toBeVisible();
  await page.getByLabel('Full name').fill('Jane Customer');
  await page.getByRole('button', { name: 'Accept estimate' }).click();
  await expect(page.getByText('Draw the signature in the box')).toBeVisible();
  await expect(page.getByText('Enter the full name of the person accepting')).toHaveCount(0);
  await expect(page.getByLabel('Full name')).toHaveValue('Jane Customer');
  await expect(page.getByText(/By signing, I accept this estimate/)).toBeVisible();
  await expect(page.locator('[data-margin-tone]')).toHaveCount(0);
  await shoot(page, '5-sign-errors');
  await expectAccessible(page, 'sign step with errors');
  await sign(page);
  await expect(page.getByText('Draw the signature in the box')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear signature' }).click();
  await expect(page.getByTestId('signature-pad')).toHaveAttribute('data-blank', 'true');
  await sign(page);
  await shoot(page, '5-sign');
  await page.getByRole('button', { name: 'Accept estimate' }).click();

  const acceptance = page.getByTestId('acceptance');
  await expect(acceptance).toHaveAttribute('data-state', 'pending');
  await expect(acceptance).toContainText('Accepted on this device');
  await expect(acceptance).toContainText('It will be confirmed when the tablet is back online.');
  await expect(acceptance.getByTestId('accepted-by')).toHaveText('Jane Customer');
  await expect(acceptance.getByRole('img', { name: 'Signature of Jane Customer' })).toBeVisible();
  await shoot(page, '6-pending');
  await expectAccessible(page, 'accepted on this device, offline');

  // An offline reload keeps the pending acceptance.
  await page.reload();
  await expect(page.getByTestId('acceptance')).toHaveAttribute('data-state', 'pending');
  await expect(page.locator('[data-status="accepted-pending"]')).toBeVisible();
  const signature = (await page.getByRole('img', { name: 'Signature of Jane Customer' }).getAttribute('src'))!;
  expect(signature.startsWith('data:image/svg+xml,')).toBe(true);
  expect(signature.length).toBeLessThan(200_000);

  // Another staff member of the organization, online, has the estimate open (not synced yet).
  const other = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'allow' });
  const colleague = await other.newPage();
  await storeSession(colleague, base, sales);
  await colleague.goto(`${base}${estimatePath}`);
  await expect(colleague.getByRole('heading', { name: 'Estimate not found' })).toBeVisible();
  await expectAccessible(colleague, 'estimate not synced yet');

  await goOnline(context);
  await expect(page.getByTestId('acceptance')).toHaveAttribute('data-state', 'confirmed', { timeout: 60_000 });
  await expect(page.locator('[data-status="accepted"]')).toBeVisible();
  await expect(page.getByTestId('estimate-number')).toHaveText(/^EST-\d{6}$/);
  await shoot(page, '7-accepted');
  await expectAccessible(page, 'acceptance confirmed');

  await expect(colleague.getByRole('heading', { name: 'Backyard deck' })).toBeVisible({ timeout: 60_000 });
  await expect(colleague.locator('[data-status="accepted"]')).toBeVisible({ timeout: 60_000 });
  await expect(colleague.getByTestId('acceptance')).toHaveAttribute('data-state', 'confirmed');
  await expect(colleague.getByTestId('accepted-by')).toHaveText('Jane Customer');
  await colleague.screenshot({ path: 'test-results/screens/streamlined-colleague-detail-1024x768.png', fullPage: true });
  await expectAccessible(colleague, 'accepted estimate detail');
  await other.close();
});

test('the send dialog checks the address, a send made offline is e-mailed after reconnecting, and a sent estimate can be revised', async ({ page, context }) => {
  test.setTimeout(180_000);
  server = await startPrivateServer();
  const base = server.url;
  const { owner, orgId, accountId } = await organization(page.request, base);
  const [estimate] = (await api(page.request, base, owner, 'POST', '/rest/v1/estimates', { org_id: orgId, title: 'Fence repair', number: 'DRAFT-AAAA0002', account_id: accountId })) as { id: string }[];
  await api(page.request, base, owner, 'POST', '/rest/v1/estimate_items', { org_id: orgId, estimate_id: estimate!.id, name: 'Fence panel', quantity: 3, unit_price_cents: 12_000 });
  await storeSession(page, base, owner);
  await page.goto(`${base}/estimates/${estimate!.id}`);
  await expect(page.getByRole('heading', { name: 'Fence repair' })).toBeVisible();
  await waitForServiceWorker(page);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('detail-line')).toHaveCount(1);

  await goOffline(context);
  await page.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog');
  const recipient = dialog.getByLabel('Recipient e-mail');
  await expect(recipient).toHaveValue('owner@harbor.example');
  await recipient.fill('');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Enter the customer’s e-mail address')).toBeVisible();
  await recipient.fill('jane at harbor');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address, like name@example.com')).toBeVisible();
  await expect(recipient).toHaveValue('jane at harbor');
  await page.screenshot({ path: 'test-results/screens/send-dialog-1024x768.png' });
  await expectAccessible(page, 'send dialog with an address error');
  const address = `jane-${Date.now()}@harbor.example`;
  await recipient.fill(address);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(`it will be e-mailed to ${address} when you’re back online`)).toBeVisible();
  await expect(page.locator('[data-status="sent"]')).toBeVisible();
  await expect(page.getByText(`Sent to: ${address}`)).toBeVisible();
  await expectAccessible(page, 'estimate sent offline');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: 'test-results/screens/estimate-sent-768x1024.png' });
  await page.setViewportSize({ width: 1024, height: 768 });

  // Back online the send syncs, and the server e-mails the customer link.
  await goOnline(context);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${base}/_mail/api?to=${encodeURIComponent(address)}`);
        const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
        return messages.map((m) => `${m.subject} ${/\/portal\/estimate\/\S+/.test(m.text) ? 'with link' : 'no link'}`);
      },
      { timeout: 60_000 },
    )
    .toEqual([expect.stringMatching(/^Estimate EST-\d{6}: Fence repair with link$/)]);
  const mails = (await (await page.request.get(`${base}/_mail/api?to=${encodeURIComponent(address)}`)).json()) as { messages: { text: string }[] };
  const mailedToken = /\/portal\/estimate\/([A-Za-z0-9_-]+)/.exec(mails.messages[0]!.text)![1]!;
  const { supabaseAnonKey } = await runtimeConfig(page.request, base);
  const openLink = async (token: string) => {
    const response = await page.request.post(`${base}/rest/v1/rpc/estimate_by_link_token`, {
      headers: { apikey: supabaseAnonKey, 'content-type': 'application/json' },
      data: { p_token: token },
    });
    expect(response.ok()).toBe(true);
    return (await response.json()) as { number: string } | null;
  };
  expect(await openLink(mailedToken)).toMatchObject({ number: expect.stringMatching(/^EST-\d{6}$/) });

  // A new link for sharing another way; the mailed one keeps working (issue 12).
  await page.getByRole('button', { name: 'Copy customer link' }).click();
  const linkDialog = page.getByRole('dialog');
  await linkDialog.getByRole('button', { name: 'Create and copy link' }).click();
  const shown = linkDialog.getByTestId('customer-link');
  await expect(shown).toHaveValue(/\/portal\/estimate\/[A-Za-z0-9_-]{20,}$/);
  await expectAccessible(page, 'customer link dialog');
  const newToken = /\/portal\/estimate\/([A-Za-z0-9_-]+)$/.exec(await shown.inputValue())![1]!;
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  expect(await openLink(newToken)).toMatchObject({ number: expect.stringMatching(/^EST-\d{6}$/) });
  expect(await openLink(mailedToken)).toMatchObject({ number: expect.stringMatching(/^EST-\d{6}$/) });

  // Revise: back to draft and into the editor.
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Revise' }).click();
  await expect(page).toHaveURL(new RegExp(`/estimates/${estimate!.id}/edit$`));
  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page.locator('[data-status="draft"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expectAccessible(page, 'revised estimate detail');
});

test('an acceptance of content that changed on the server meanwhile is refused; the rep reviews again and the customer signs anew', async ({ page, context }) => {
  test.setTimeout(240_000);
  server = await startPrivateServer();
  const base = server.url;
  const { owner, orgId, accountId } = await organization(page.request, base);
  const [estimate] = (await api(page.request, base, owner, 'POST', '/rest/v1/estimates', { org_id: orgId, title: 'Porch steps', number: 'DRAFT-AAAA0003', account_id: accountId })) as { id: string }[];
  const [item] = (await api(page.request, base, owner, 'POST', '/rest/v1/estimate_items', { org_id: orgId, estimate_id: estimate!.id, name: 'Oak step', quantity: 4, unit_price_cents: 5_000 })) as { id: string }[];
  await storeSession(page, base, owner);
  await page.goto(`${base}/estimates/${estimate!.id}/streamlined?step=review`);
  await expect(page.getByTestId('review-total')).toHaveText('$200.00');
  await waitForServiceWorker(page);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'idle');

  // The tablet goes offline; the customer signs what they see ($200).
  await goOffline(context);
  await next(page, 'Continue to sign');
  await page.getByLabel('Full name').fill('Pat Porch');
  await sign(page);
  await page.getByRole('button', { name: 'Accept estimate' }).click();
  await expect(page.getByTestId('acceptance')).toHaveAttribute('data-state', 'pending');

  // Meanwhile the office changes the price on the server.
  const { supabaseAnonKey } = await runtimeConfig(page.request, base);
  const patched = await page.request.fetch(`${base}/rest/v1/estimate_items?id=eq.${item!.id}`, {
    method: 'PATCH',
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${owner.access_token}`, 'content-type': 'application/json' },
    data: { unit_price_cents: 6_000 },
  });
  expect(patched.ok()).toBe(true);

  await goOnline(context);
  await expect(page.getByText('The estimate changed after the customer signed')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-status="accepted"]')).toHaveCount(0);
  await shoot(page, '8-refused');
  await expectAccessible(page, 'acceptance refused');
  await page.getByRole('button', { name: 'Review again and sign' }).click();
  await expect(page.getByTestId('review-total')).toHaveText('$240.00');
  await next(page, 'Continue to sign');
  await page.getByLabel('Full name').fill('Pat Porch');
  await sign(page);
  await page.getByRole('button', { name: 'Accept estimate' }).click();
  await expect(page.getByTestId('acceptance')).toHaveAttribute('data-state', 'confirmed', { timeout: 60_000 });
  await expect(page.locator('[data-status="accepted"]')).toBeVisible();
});

test('hand-over mode: the customer gets the review full screen with no staff navigation; only the PIN leads back, offline too', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const { owner } = await organization(page.request, baseURL!);
  await openEmptyWorkspace(page, baseURL!, owner);
  await page.getByRole('button', { name: 'New in tablet mode' }).first().click();
  await expect(page).toHaveURL(/\/estimates\/[0-9a-f-]+\/streamlined$/);
  const flowPath = new URL(page.url()).pathname;
  await expect(page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: 'Customer' })).toHaveAttribute('aria-current', 'step');
  await page.getByRole('combobox').fill('Harb');
  await page.getByRole('option', { name: /Harbor Cafe/ }).click();
  await fillField(page, 'What is the job?', 'Porch');
  await next(page);
  await page.getByRole('button', { name: 'Add Cedar decking' }).click();
  await expect(page.getByTestId('flow-margin')).toContainText('$50.00');
  await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: /Review/ }).click();

  // Choosing the PIN: 4 to 8 digits, typed twice; messages at the field, input kept.
  await page.getByRole('button', { name: 'Hand over to customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hand over to customer' });
  await dialog.getByLabel('Hand-over PIN').fill('12');
  await dialog.getByRole('button', { name: 'Hand over' }).click();
  await expect(dialog.getByText('The PIN is 4 to 8 digits')).toBeVisible();
  await dialog.getByLabel('Hand-over PIN').fill('2468');
  await dialog.getByLabel('PIN again').fill('2469');
  await dialog.getByRole('button', { name: 'Hand over' }).click();
  await expect(dialog.getByText('The two PINs are not the same')).toBeVisible();
  await expect(dialog.getByLabel('Hand-over PIN')).toHaveValue('2468');
  await expectAccessible(page, 'hand-over PIN dialog with errors');
  await dialog.getByLabel('PIN again').fill('2468');
  await dialog.getByLabel('PIN again').press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const handedOver = async () => {
    await expect(page).toHaveURL(new RegExp(`${flowPath}(\\?step=review)?$`));
    await expect(page.getByRole('button', { name: 'Return to staff' })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Exit' })).toHaveCount(0);
    await expect(page.getByTestId('flow-total')).toHaveText('$100.00');
    expect(await page.locator('body').innerText()).not.toMatch(/margin|cost/i);
  };
  await handedOver();
  await shoot(page, 'hand-over');
  await expectAccessible(page, 'handed over to the customer');

  // No way out but the PIN: Escape, another address, back, a reload.
  await page.keyboard.press('Escape');
  await handedOver();
  await page.goto(`${baseURL}/estimates`);
  await handedOver();
  await page.goBack();
  await handedOver();
  await page.reload();
  await handedOver();
  await page.getByRole('button', { name: 'Continue to sign' }).click();
  await expect(page.getByRole('button', { name: 'Accept estimate' })).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(/margin|cost/i);
  await page.getByRole('region', { name: 'Flow actions' }).getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Continue to sign' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Flow actions' }).getByRole('button', { name: 'Back' })).toHaveCount(0);

  // Offline, with the keyboard: a wrong PIN is refused, the right one returns to staff.
  await goOffline(context);
  const returnButton = page.getByRole('button', { name: 'Return to staff' });
  for (let i = 0; i < 10 && !(await returnButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(returnButton).toBeFocused();
  await page.keyboard.press('Enter');
  const back = page.getByRole('dialog', { name: 'Return to staff' });
  await expect(back.getByLabel('Hand-over PIN')).toBeFocused();
  await page.keyboard.type('1111');
  await page.keyboard.press('Enter');
  await expect(back.getByText('That PIN is not right. 2 tries left before a pause.')).toBeVisible();
  await expectAccessible(page, 'return to staff with a wrong PIN');
  await back.getByLabel('Hand-over PIN').fill('2468');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Steps' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exit' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: /Items/ }).click();
  await expect(page.getByTestId('flow-margin')).toContainText('$50.00');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Exit' })).toBeVisible();
  await goOnline(context);
});
