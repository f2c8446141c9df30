// The CRM in Chromium against the real backend (issue 13): a rep works a lead offline from the
// start — creates a prospect (bad input refused at the fields), moves it across the board by
// keyboard and by pointer, wins it with a reason, converts it to an account, starts an estimate
// for it — reloads offline and finds everything, and a second device sees it arrive live once
// the first reconnects. A request filed on /requests appears in a signed-in staff inbox without
// a reload and converts into a prospect and a draft estimate. A viewer sees no enabled edit
// control. Screens of home, board, table and account detail are kept at two tablet sizes.
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, goOffline, goOnline, inviteStaff, openEmptyWorkspace, orgIdOf, signUpStaff, startPrivateServer, storeSession, type PrivateServer } from './support';

const SHOTS = 'test-results/screens/crm';

let server: PrivateServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function column(page: Page, stage: string): Locator {
  return page.locator(`[data-testid="stage-column"][data-stage="${stage}"]`);
}

function card(page: Page, stage: string, name: string): Locator {
  return column(page, stage).getByTestId('prospect-card').filter({ hasText: name });
}

/** Picks the card up by its handle with the keyboard, moves it right over `through` (stage labels), drops it. */
async function moveByKeyboard(page: Page, name: string, through: string[]) {
  await page.getByRole('button', { name: `Move ${name}` }).focus();
  await page.keyboard.press('Space');
  // dnd-kit's live region says where the card is after each key.
  await expect(page.getByText(new RegExp(`^(Picked up ${name}|${name} is over)`))).toBeAttached();
  for (const stage of through) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`${name} is over ${stage}.`)).toBeAttached();
  }
  await page.keyboard.press('Space');
}

/**
 * Drags the card by its handle with the pointer from its column onto the middle of the next
 * one. The board is scrolled first so the card's column starts it: near the board's edges,
 * dnd-kit scrolls the board under the pointer (as it should for a person).
 */
async function moveByPointer(page: Page, name: string, source: string, target: string) {
  await page.getByTestId('board').evaluate((board, stage) => {
    board.scrollLeft += board.querySelector(`[data-stage="${stage}"]`)!.getBoundingClientRect().left - board.getBoundingClientRect().left;
  }, source);
  const handle = page.getByRole('button', { name: `Move ${name}` });
  const from = (await handle.boundingBox())!;
  const to = (await column(page, target).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
  await expect(page.getByText(`${name} is over ${target[0]!.toUpperCase()}${target.slice(1)}.`)).toBeAttached();
  await page.mouse.up();
}

test('a rep works a lead offline from the start: board, reason, account, estimate, offline reload; a second device sees it live', async ({ page, context, browser }) => {
  test.setTimeout(300_000);
  server = await startPrivateServer();
  const base = server.url;
  const owner = (await signUpStaff(page.request, base, 'Rita', 'Rep')).session;
  await openEmptyWorkspace(page, base, owner);

  await goOffline(context);
  await page.getByRole('link', { name: 'Prospects' }).first().click();
  await expect(page.getByRole('heading', { name: 'Prospects', level: 1 })).toBeVisible();
  await expect(column(page, 'new').getByText('No prospects here')).toBeVisible();
  await expectAccessible(page, 'empty board offline');

  // Create, with bad input first: messages at the fields, the typed input kept.
  await page.getByRole('button', { name: 'New prospect' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('E-mail').fill('ana@harbor');
  await form.getByLabel('Phone').fill('call me');
  await form.getByLabel('Company').fill('Harbor Cafe');
  await form.getByRole('button', { name: 'Add prospect' }).click();
  await expect(form.getByText('Enter a first or last name')).toBeVisible();
  await expect(form.getByText('Enter a valid e-mail address, like name@example.com')).toBeVisible();
  await expect(form.getByText('Enter a phone number of at least 7 digits, like (720) 555-0199')).toBeVisible();
  await expect(form.getByLabel('Company')).toHaveValue('Harbor Cafe');
  await expectAccessible(page, 'new prospect form with errors');
  await form.getByLabel('First name').fill('Ana');
  await form.getByLabel('Last name').fill('Lopez');
  await form.getByLabel('E-mail').fill('ana@harbor.example');
  await form.getByLabel('Phone').fill('(720) 555-0101');
  await form.getByRole('button', { name: 'Add prospect' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page, 'new', 'Ana Lopez')).toBeVisible();

  // Across the board: keyboard to Contacted, pointer to Qualified, keyboard to Won (a reason).
  await moveByKeyboard(page, 'Ana Lopez', ['Contacted']);
  await expect(card(page, 'contacted', 'Ana Lopez')).toBeVisible();
  await expect(page.getByText('Dropped Ana Lopez on Contacted.')).toBeAttached();
  await moveByPointer(page, 'Ana Lopez', 'contacted', 'qualified');
  await expect(card(page, 'qualified', 'Ana Lopez')).toBeVisible();
  await moveByKeyboard(page, 'Ana Lopez', ['Proposal', 'Won']);
  const reason = page.getByRole('dialog', { name: 'Won: Ana Lopez' });
  await expect(reason.getByRole('heading', { name: 'Won: Ana Lopez' })).toBeVisible();
  await reason.getByRole('button', { name: 'Move to Won' }).click();
  await expect(reason.getByText('Say why, in a few words')).toBeVisible();
  await expectAccessible(page, 'won reason dialog with an error');
  await reason.getByLabel('Why we won').fill('Accepted our patio estimate');
  await reason.getByRole('button', { name: 'Move to Won' }).click();
  await expect(card(page, 'won', 'Ana Lopez')).toBeVisible();
  await expect(card(page, 'qualified', 'Ana Lopez')).toHaveCount(0);

  // Detail: history of this device's moves, then convert to an account and start an estimate.
  await card(page, 'won', 'Ana Lopez').getByRole('link', { name: 'Ana Lopez' }).click();
  await expect(page.getByRole('heading', { name: 'Ana Lopez', level: 1 })).toBeVisible();
  await expect(page.getByTestId('prospect-stage')).toHaveText('Won');
  const history = page.getByTestId('status-history').getByRole('listitem');
  await expect(history).toHaveCount(4);
  await expect(history.first()).toContainText('Won');
  await expect(history.first()).toContainText('Accepted our patio estimate');
  await expect(page.getByTestId('status-history').getByText('on this device, not synced yet')).toHaveCount(4);
  await expectAccessible(page, 'prospect detail offline');
  await page.getByRole('button', { name: 'Convert to account' }).click();
  await expectAccessible(page, 'convert to account dialog');
  await page.getByRole('button', { name: 'Create account Harbor Cafe' }).click();
  await expect(page.getByRole('link', { name: 'Harbor Cafe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convert to account' })).toHaveCount(0);
  await page.getByRole('button', { name: 'New estimate' }).first().click();
  await expect(page).toHaveURL(/\/estimates\/[0-9a-f-]+\/edit$/);
  await expect(page.getByTestId('estimate-number')).toHaveText(/^DRAFT-[0-9A-F]{8}$/);
  const draft = (await page.getByTestId('estimate-number').textContent())!;
  await page.goBack();
  await expect(page.getByTestId('prospect-estimates')).toContainText(draft);

  // Offline reload: everything is still there.
  await page.reload();
  await expect(page.getByTestId('prospect-stage')).toHaveText('Won');
  await expect(page.getByRole('link', { name: 'Harbor Cafe' })).toBeVisible();
  await expect(page.getByTestId('prospect-estimates')).toContainText(draft);
  await page.getByRole('link', { name: 'Harbor Cafe' }).click();
  await expect(page.getByRole('heading', { name: 'Harbor Cafe', level: 1 })).toBeVisible();
  await expect(page.getByTestId('account-contacts')).toContainText('Ana Lopez');
  await expect(page.getByTestId('account-estimates')).toContainText(draft);
  await expectAccessible(page, 'account detail offline');

  // A second device, online, sees the work arrive live when the first reconnects.
  const other = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const second = await other.newPage();
  await storeSession(second, base, owner);
  await second.goto(`${base}/prospects`);
  await expect(column(second, 'won').getByText('No prospects here')).toBeVisible();
  await goOnline(context);
  await expect(card(second, 'won', 'Ana Lopez')).toBeVisible({ timeout: 45_000 });
  await card(second, 'won', 'Ana Lopez').getByRole('link', { name: 'Ana Lopez' }).click();
  const synced = second.getByTestId('status-history');
  await expect(synced.getByRole('listitem')).toHaveCount(4);
  await expect(synced.getByText('on this device, not synced yet')).toHaveCount(0);
  await expect(second.getByRole('link', { name: 'Harbor Cafe' })).toBeVisible();
  await expect(second.getByTestId('prospect-estimates')).toContainText(/EST-\d{6}/, { timeout: 45_000 });
  await other.close();
});

test('a request filed on /requests appears in the inbox without a reload and becomes a prospect and a draft estimate', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const owner = (await signUpStaff(page.request, base, 'Ines', 'Inbox')).session;
  const orgId = await orgIdOf(page.request, base, owner);
  const slug = `inbox-${Date.now().toString(36)}`;
  await api(page.request, base, owner, 'PATCH', `/rest/v1/organizations?id=eq.${orgId}`, { name: 'Inbox Roofing', request_slug: slug });
  await storeSession(page, base, owner);
  await page.goto(`${base}/prospects?view=requests`);
  // The first open of a new organization's workspace syncs first: on a loaded machine, past 20 s.
  await expect(page.getByRole('heading', { name: 'No new requests' })).toBeVisible({ timeout: 45_000 });
  await expectAccessible(page, 'empty request inbox');

  const visitor = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const form = await visitor.newPage();
  await form.goto(`${base}/requests?org=${slug}`);
  const email = `robin-${Date.now()}@example.com`;
  await form.getByLabel('Your name').fill('Robin Gardner');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Company (optional)').fill('Gardner Homes');
  await form.getByLabel('What do you need?').fill('A new roof over the garage\nAbout 400 sq ft, asphalt shingles.');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByTestId('request-success')).toBeVisible();
  await visitor.close();

  await expect(page.getByTestId('request-row').filter({ hasText: 'Robin Gardner' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('toast').filter({ hasText: 'New estimate request' })).toContainText('Robin Gardner');
  await expect(page.getByTestId('requests-waiting')).toHaveText(/^1/);
  await page.getByTestId('request-row').filter({ hasText: 'Robin Gardner' }).click();
  await expect(page.getByRole('heading', { name: 'Request from Robin Gardner' })).toBeVisible();
  await expect(page.getByText(/^REQ-[A-Z0-9]{8}$/)).toBeVisible();
  await expectAccessible(page, 'request detail');
  await page.getByRole('button', { name: 'Convert to prospect and estimate' }).click();
  await expect(page).toHaveURL(/\/estimates\/[0-9a-f-]+\/edit$/);
  await expect(page.getByLabel('Title')).toHaveValue('A new roof over the garage');

  await page.goto(`${base}/prospects?view=requests`);
  await page.getByRole('button', { name: /^Converted/ }).click();
  await page.getByTestId('request-row').filter({ hasText: 'Robin Gardner' }).click();
  await expect(page.getByTestId('request-status')).toHaveText('Converted');
  await page.getByRole('link', { name: 'Open the prospect' }).click();
  await expect(page.getByRole('heading', { name: 'Robin Gardner', level: 1 })).toBeVisible();
  await expect(page.getByTestId('prospect-estimates')).toContainText('A new roof over the garage');
  // The form filed the person as a prospect already; converting reused them, made no second one.
  const people = (await api(page.request, base, owner, 'GET', `/rest/v1/prospects?email=eq.${encodeURIComponent(email)}&select=id`)) as unknown[];
  expect(people).toHaveLength(1);
});

test('a viewer reads the CRM without any enabled edit control; screens at tablet sizes', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL!;
  const owner = (await signUpStaff(page.request, base, 'Olga', 'Owner')).session;
  const orgId = await orgIdOf(page.request, base, owner);
  const viewer = (await inviteStaff(page.request, base, owner, orgId, 'viewer', 'Vic', 'Viewer')).session;
  const [account] = (await api(page.request, base, owner, 'POST', '/rest/v1/accounts', {
    org_id: orgId, name: 'Summit Roofing', industry: 'Construction', email: 'office@summit.example', phone: '(720) 555-0150', website: 'summit.example', billing_address: '12 Main St\nDenver, CO 80202', tags: 'commercial, repeat',
  })) as { id: string }[];
  const people = [
    ['Ana', 'Lopez', 'Harbor Cafe', 'new'], ['Bo', 'Kim', 'Kim Dental', 'contacted'], ['Cy', 'Adams', 'Summit Roofing', 'qualified'], ['Di', 'Nash', '', 'proposal'],
    ['Ed', 'Park', 'Park Bakery', 'contacted'], ['Flo', 'Ray', 'Ray Studio', 'new'], ['Gus', 'Lee', 'Lee Motors', 'won'], ['Hal', 'Moe', '', 'lost'],
  ] as const;
  const prospects = (await api(page.request, base, owner, 'POST', '/rest/v1/prospects', people.map(([first, last, company, status]) => ({
    org_id: orgId, first_name: first, last_name: last, company, email: `${first.toLowerCase()}@example.com`, status, status_reason: status === 'won' || status === 'lost' ? 'Seeded' : '',
    account_id: company === 'Summit Roofing' ? account!.id : null,
  })))) as { id: string; first_name: string }[];
  const cy = prospects.find((p) => p.first_name === 'Cy')!;
  await api(page.request, base, owner, 'POST', '/rest/v1/estimates', [
    { org_id: orgId, owner_id: owner.user.id, number: 'DRAFT-AAAA0001', status: 'sent', title: 'Roof over the warehouse', account_id: account!.id, prospect_id: cy.id, valid_until: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) },
    { org_id: orgId, owner_id: owner.user.id, number: 'DRAFT-AAAA0002', status: 'draft', title: 'Gutters', account_id: account!.id, prospect_id: null, valid_until: null },
  ]);
  await api(page.request, base, owner, 'POST', '/rest/v1/estimate_requests', { org_id: orgId, name: 'Robin Gardner', email: 'robin@example.com', description: 'A patio', source: 'manual' });

  await storeSession(page, base, viewer);
  await page.goto(`${base}/`);
  await expect(page.getByTestId('home-widgets')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'New estimate' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New prospect' })).toHaveCount(0);
  await expect(page.getByTestId('pipeline-row').filter({ hasText: 'Draft' }).getByTestId('pipeline-count')).toHaveText('1');
  await expect(page.getByTestId('pipeline-row').filter({ hasText: 'Sent' }).getByTestId('pipeline-count')).toHaveText('1');
  await expectAccessible(page, 'home as viewer');

  await page.goto(`${base}/prospects`);
  await expect(card(page, 'qualified', 'Cy Adams')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New prospect' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await expectAccessible(page, 'board as viewer');
  await card(page, 'qualified', 'Cy Adams').getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Cy Adams', level: 1 })).toBeVisible();
  for (const name of ['Edit', 'New estimate', 'Archive', 'Convert to account']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByLabel('Stage', { exact: true })).toHaveCount(0);
  await page.goto(`${base}/prospects?view=requests`);
  await page.getByRole('button', { name: /^New/ }).click();
  await page.getByTestId('request-row').first().click();
  await expect(page.getByRole('heading', { name: 'Request from Robin Gardner' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convert to prospect and estimate' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  await page.goto(`${base}/accounts?account=${account!.id}`);
  await expect(page.getByRole('heading', { name: 'Summit Roofing', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New estimate' })).toHaveCount(0);

  // The screens, as the owner sees them, at both tablet sizes.
  await storeSession(page, base, owner);
  for (const [width, height] of [[1024, 768], [768, 1024]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${base}/`);
    await expect(page.getByTestId('home-widgets')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('expiring-item')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/home-${width}x${height}.png`, fullPage: true });
    await page.goto(`${base}/prospects`);
    await expect(card(page, 'qualified', 'Cy Adams')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/board-${width}x${height}.png`, fullPage: true });
    await page.goto(`${base}/prospects?view=table`);
    await expect(page.getByTestId('prospect-row')).toHaveCount(8);
    await page.getByLabel('Search').fill('summ');
    await expect(page.getByTestId('prospect-count')).toHaveText('1 of 8 prospects');
    await page.screenshot({ path: `${SHOTS}/table-${width}x${height}.png`, fullPage: true });
    await page.goto(`${base}/accounts?account=${account!.id}`);
    await expect(page.getByTestId('account-estimates').getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/account-${width}x${height}.png`, fullPage: true });
  }
  await expectAccessible(page, 'account detail as owner');
});
