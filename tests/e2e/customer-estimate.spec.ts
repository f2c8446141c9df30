// The customer's side of an estimate, in two browser contexts against the real server: staff
// send, the customer opens the e-mailed link, chooses options, comments and accepts with a
// drawn signature while staff watch it happen; other estimates are declined, sent back for
// changes, accepted by keyboard with a typed signature, and accepted through a dropped
// connection; bad links all look alike; a copied link leaves the e-mailed one working. Staff
// see the views, the decision and a toast for each customer step live, and manage the links
// from the estimate page (copy one more, revoke one, rotate all). Every response the
// customer's browser receives is checked for cost, margin and internal notes.
import type { APIRequestContext, Browser, BrowserContext, Locator, Page, Response } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, orgIdOf, runtimeConfig, signUpStaff, storeSession, type StoredSession } from './support';

const INTERNAL_NOTE = 'Internal only: supplier raised lumber prices, keep margin above 30 percent';
const SHOTS = 'test-results/screens/customer-estimate';

type Seeded = { id: string; token: string; email: string };

let owner: StoredSession;
let orgId: string;
let counter = 0;

async function seedEstimate(request: APIRequestContext, base: string, values: Record<string, unknown> = {}): Promise<Seeded> {
  const suffix = `${Date.now().toString(36)}${++counter}`;
  const [prospect] = (await api(request, base, owner, 'POST', '/rest/v1/prospects', { org_id: orgId, first_name: 'Jordan', last_name: 'Rivera', email: `jordan-${suffix}@example.com` })) as { id: string }[];
  const [estimate] = (await api(request, base, owner, 'POST', '/rest/v1/estimates', {
    org_id: orgId, number: `DRAFT-${suffix}`, title: 'Back deck and railing', prospect_id: prospect!.id, tax_rate: 8, discount_cents: 0,
    notes: 'Price includes removal of the old deck.', terms: 'Half on signing, half on completion.', ...values,
  })) as { id: string }[];
  const id = estimate!.id;
  await api(request, base, owner, 'POST', '/rest/v1/estimate_items', [
    // PostgREST inserts the union of the rows' keys: every row names them all.
    { org_id: orgId, estimate_id: id, name: 'Cedar deck boards', description: 'Grade A, installed', quantity: 20, unit: 'sqft', unit_price_cents: 4500, unit_cost_cents: 2100, optional: false, selected: true, sort_order: 0 },
    { org_id: orgId, estimate_id: id, name: 'Deck lighting', description: '', quantity: 1, unit: 'each', unit_price_cents: 30000, unit_cost_cents: 12000, optional: true, selected: false, sort_order: 1 },
    { org_id: orgId, estimate_id: id, name: 'Stain and seal', description: '', quantity: 1, unit: 'each', unit_price_cents: 20000, unit_cost_cents: 5000, optional: true, selected: true, sort_order: 2 },
  ]);
  await api(request, base, owner, 'POST', '/rest/v1/milestones', [
    { org_id: orgId, estimate_id: id, title: 'Remove old deck', start_date: '2027-03-01', end_date: '2027-03-02', visible_to_customer: true, sort_order: 0 },
    { org_id: orgId, estimate_id: id, title: 'Build and finish', start_date: '2027-03-03', end_date: '2027-03-10', visible_to_customer: true, sort_order: 1 },
    { org_id: orgId, estimate_id: id, title: 'Order from supplier (staff)', start_date: null, end_date: null, visible_to_customer: false, sort_order: 2 },
  ]);
  await api(request, base, owner, 'POST', '/rest/v1/comments', [
    { org_id: orgId, estimate_id: id, body: 'Happy to answer any questions.', internal: false },
    { org_id: orgId, estimate_id: id, body: INTERNAL_NOTE, internal: true },
  ]);
  const email = `customer-${suffix}@example.com`;
  await api(request, base, owner, 'PATCH', `/rest/v1/estimates?id=eq.${id}`, { status: 'sent', sent_to_email: email });
  return { id, email, token: await mailedToken(request, base, email) };
}

async function mailedToken(request: APIRequestContext, base: string, email: string): Promise<string> {
  let token = '';
  await expect
    .poll(async () => {
      const response = await request.get(`${base}/_mail/api?to=${encodeURIComponent(email)}`);
      const { messages } = (await response.json()) as { messages: { text: string }[] };
      token = /\/portal\/estimate\/([A-Za-z0-9_-]+)/.exec(messages[0]?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  return token;
}

async function estimateRow(request: APIRequestContext, base: string, id: string) {
  const [row] = (await api(request, base, owner, 'GET', `/rest/v1/estimates?id=eq.${id}&select=*`)) as Record<string, unknown>[];
  return row!;
}

/** Every JSON answer the customer's browser gets: no cost or margin key, no internal note anywhere. */
function watchResponses(context: BrowserContext) {
  const problems: string[] = [];
  const pending: Promise<void>[] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (/cost|margin/i.test(key)) problems.push(`${path}.${key}`);
        walk(v, `${path}.${key}`);
      }
    }
  };
  context.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    // The estimate link page comes rendered by the server with the answer it was drawn from.
    const page = /html/.test(type) && response.url().includes('/portal/estimate/');
    if (!/json/.test(type) && !page) return;
    pending.push(
      response.text().then(
        (text) => {
          if (text.includes(INTERNAL_NOTE) || text.includes('Order from supplier')) problems.push(`${response.url()}: internal text`);
          const json = page ? /<script type="application\/json" id="estimate-opening">([^<]*)<\/script>/.exec(text)?.[1] : text;
          if (page && !json) problems.push(`${response.url()}: page came without the answer it was rendered from`);
          try {
            walk(JSON.parse(json ?? ''), response.url());
          } catch {
            // not JSON after all
          }
        },
        () => undefined,
      ),
    );
  });
  return async () => {
    await Promise.all(pending);
    return problems;
  };
}

async function customerContext(browser: Browser, size = { width: 1024, height: 768 }) {
  return browser.newContext({ viewport: size, serviceWorkers: 'block' });
}

/** Opens a link page and waits until its script has counted the view (the page shows before: the server renders it). */
async function openLink(view: Page, url: string) {
  const counted = view.waitForResponse((response) => response.url().endsWith('/rpc/record_estimate_link_view'));
  await view.goto(url);
  expect((await counted).status()).toBe(200);
}

async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await expect(pad).toHaveAttribute('data-ready', 'true');
  await pad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height * 0.5;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 30 + i * 12, y + Math.sin(i / 2) * 25, { steps: 2 });
  await page.mouse.up();
  await expect(pad).toHaveAttribute('data-blank', 'false');
}

test.beforeAll(async ({ request, baseURL }) => {
  owner = (await signUpStaff(request, baseURL!, 'Sam', 'Seller')).session;
  orgId = await orgIdOf(request, baseURL!, owner);
  await api(request, baseURL!, owner, 'PATCH', `/rest/v1/organizations?id=eq.${orgId}`, {
    name: 'Harbor Decks & Patios', brand_color: '#0f766e', phone: '(555) 010-0200', address: '12 Pier Road, Portland',
  });
});

test('send → open the e-mailed link → view, choose an option, comment, accept with a drawn signature; staff see each step live', async ({ browser, baseURL, page }) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const sent = await seedEstimate(page.request, base);

  // Staff have the estimate open.
  await storeSession(page, base, owner);
  await page.goto(`${base}/estimates/${sent.id}`);
  // The first opening of a workspace (a new device database, a full pull) takes a while on a busy machine.
  await expect(page.locator('[data-status="sent"]').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('view-count')).toHaveText('0');
  await expect(page.getByTestId('first-viewed')).toHaveText('Not yet');
  const number = (await page.getByTestId('estimate-number').first().textContent())!.trim();
  // A toast shows for a few seconds, maybe while the customer's side is being checked: each is
  // watched from before the step that causes it and awaited after.
  const staffToast = (text: string) => {
    const shown = expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible({ timeout: 60_000 });
    shown.catch(() => undefined); // awaited below; this only marks a failure handled meanwhile
    return shown;
  };
  const viewedToast = staffToast(`Jordan Rivera viewed ${number}`);

  const customer = await customerContext(browser);
  const leaks = watchResponses(customer);
  const view = await customer.newPage();
  await view.goto(`${base}/portal/estimate/${sent.token}`);
  const doc = view.getByTestId('customer-estimate');
  await expect(doc).toBeVisible();
  await expect(view.getByTestId('organization-name')).toHaveText('Harbor Decks & Patios');
  await expect(view.getByRole('heading', { level: 1, name: 'Back deck and railing' })).toBeVisible();
  await expect(doc).toContainText('Prepared for Jordan Rivera');
  await expect(doc).toContainText('Half on signing, half on completion.');
  await expect(view.getByTestId('milestone')).toHaveCount(2);
  await expect(doc).not.toContainText('Order from supplier');
  await expect(doc).not.toContainText(INTERNAL_NOTE);
  await expect(doc).not.toContainText(/margin|unit cost/i);
  // 20 × $45.00 + stain $200.00 = $1,100.00, tax 8 % = $88.00.
  await expect(view.getByTestId('estimate-total')).toHaveText('$1,188.00');
  await expectAccessible(view, 'customer estimate page');
  await view.screenshot({ path: `${SHOTS}/1-open-1024x768.png`, fullPage: true });

  // Staff see it viewed, live: the status, the view count, the first and last view, a toast.
  await expect(page.locator('[data-status="viewed"]').first()).toBeVisible();
  await expect(page.getByTestId('view-count')).toHaveText('1');
  await expect(page.getByTestId('first-viewed')).not.toHaveText('Not yet');
  await viewedToast;
  await expectAccessible(page, 'staff estimate page, customer activity with a view');
  await page.screenshot({ path: `${SHOTS}/11-staff-viewed-1024x768.png`, fullPage: true });

  // Options: lighting in, stain out; the total follows at once.
  await view.getByLabel('Deck lighting').check();
  await expect(view.getByTestId('estimate-total')).toHaveText('$1,512.00');
  await view.getByLabel('Stain and seal').uncheck();
  await expect(view.getByTestId('estimate-total')).toHaveText('$1,296.00');
  await expectAccessible(view, 'customer estimate page with options changed');

  // A question; staff see it, and their answer comes back without a reload.
  await view.getByLabel('Your name').fill('Jordan Rivera');
  await view.getByLabel('Comment', { exact: true }).fill('Can the lighting be warm white? <script>alert(1)</script>');
  const commentToast = staffToast(`Jordan Rivera commented on ${number}`);
  await view.getByRole('button', { name: 'Post comment' }).click();
  await expect(view.getByTestId('comment').filter({ hasText: 'warm white' })).toContainText('<script>alert(1)</script>');
  await expect(page.getByTestId('comment').filter({ hasText: 'Can the lighting be warm white? <script>alert(1)</script>' })).toBeVisible();
  await commentToast;
  await page.getByLabel('New comment').fill('Yes, warm white at no extra cost.');
  await page.getByLabel('Internal note (the customer does not see it)').uncheck();
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(view.getByTestId('comment').filter({ hasText: 'Yes, warm white' })).toBeVisible({ timeout: 15_000 });

  // Accept: the form says what is missing, keeps what was typed.
  await view.getByRole('button', { name: 'Accept estimate' }).click();
  await expect(view.getByText('Sign in the box, or choose to type your signature')).toBeVisible();
  await expect(view.getByText('Tick the box to agree to the terms')).toBeVisible();
  await expect(view.getByLabel('Your full name')).toHaveValue('Jordan Rivera');
  await expectAccessible(view, 'accept form with errors');
  await view.setViewportSize({ width: 768, height: 1024 });
  await drawSignature(view);
  await view.getByLabel(/I accept this estimate for a total of \$1,296\.00/).check();
  await view.screenshot({ path: `${SHOTS}/2-signed-768x1024.png`, fullPage: true });
  await view.getByRole('button', { name: 'Accept estimate' }).click();
  const acceptedToast = staffToast(`Jordan Rivera accepted ${number}`);

  const outcome = view.getByTestId('outcome');
  await expect(outcome).toHaveAttribute('data-kind', 'accepted');
  await expect(outcome.getByRole('heading', { name: 'Accepted — thank you!' })).toBeFocused();
  await expect(view.getByTestId('accepted-total')).toHaveText('$1,296.00');
  await expect(outcome.getByRole('img', { name: 'Signature of Jordan Rivera' })).toBeVisible();
  await expect(view.getByTestId('decision-panel')).toHaveCount(0);
  await expect(view.getByTestId('customer-status')).toHaveText('Accepted');
  await expectAccessible(view, 'acceptance receipt');
  await view.screenshot({ path: `${SHOTS}/3-receipt-768x1024.png`, fullPage: true });
  await view.setViewportSize({ width: 390, height: 844 });
  await view.screenshot({ path: `${SHOTS}/4-receipt-390x844.png`, fullPage: true });
  await view.emulateMedia({ media: 'print' });
  await expect(view.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await expect(view.getByRole('button', { name: 'Post comment' })).toBeHidden();
  await view.setViewportSize({ width: 816, height: 1056 });
  await view.screenshot({ path: `${SHOTS}/5-print.png`, fullPage: true });
  await view.emulateMedia({ media: 'screen' });

  // Staff: accepted, the choice of options and the signature, live, and a toast.
  await acceptedToast;
  await expect(page.locator('[data-status="accepted"]').first()).toBeVisible();
  await expect(page.getByTestId('chosen-options')).toContainText('Deck lightingIncluded');
  await expect(page.getByTestId('chosen-options')).toContainText('Stain and sealLeft out');
  await expect(page.getByTestId('accepted-by')).toHaveText('Jordan Rivera');
  await expect(page.getByRole('img', { name: 'Signature of Jordan Rivera' })).toBeVisible();
  await expect(page.getByTestId('detail-line').filter({ hasText: 'Deck lighting' })).toContainText('(optional, included)');
  await expect(page.getByTestId('detail-line').filter({ hasText: 'Stain and seal' })).toContainText('(optional, not included)');
  await expectAccessible(page, 'staff estimate page after the customer accepted');

  // The database: the acceptance references the version sent for review, and the hash of what was accepted.
  const row = await estimateRow(page.request, base, sent.id);
  const versions = (await api(page.request, base, owner, 'GET', `/rest/v1/estimate_versions?estimate_id=eq.${sent.id}&order=version_number&select=id,version_number,snapshot_sha256`)) as {
    id: string; version_number: number; snapshot_sha256: string;
  }[];
  expect(versions.map((v) => v.version_number)).toEqual([1, 2]);
  expect(row).toMatchObject({
    status: 'accepted', accepted_by_name: 'Jordan Rivera', acceptance_signature_method: 'drawn',
    acceptance_reviewed_version_id: versions[0]!.id, accepted_version_id: versions[1]!.id, acceptance_sha256: versions[1]!.snapshot_sha256,
    total_cents: 129600,
  });
  expect(String(row.acceptance_signature)).toMatch(/^data:image\/svg\+xml,/);
  expect(await leaks()).toEqual([]);
  await customer.close();
});

test('decline with a reason, and ask for changes, on two other estimates; staff see both', async ({ browser, baseURL, page }) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const [declined, changed] = [await seedEstimate(page.request, base), await seedEstimate(page.request, base)];
  const customer = await customerContext(browser, { width: 390, height: 844 });
  const leaks = watchResponses(customer);
  const view = await customer.newPage();

  await view.goto(`${base}/portal/estimate/${declined.token}`);
  await view.getByRole('button', { name: 'Decline', exact: true }).click();
  await view.getByRole('button', { name: 'Decline estimate' }).click();
  await expect(view.getByText('Tell us why you are declining')).toBeVisible();
  await expectAccessible(view, 'decline form with an error (phone)');
  await view.getByLabel('Why are you declining?').fill('We decided to wait until next year.');
  await view.getByRole('button', { name: 'Decline estimate' }).click();
  await expect(view.getByTestId('outcome')).toHaveAttribute('data-kind', 'declined');
  await expect(view.getByTestId('outcome')).toContainText('We decided to wait until next year.');
  await expectAccessible(view, 'declined outcome (phone)');
  await view.screenshot({ path: `${SHOTS}/6-declined-390x844.png`, fullPage: true });

  await view.goto(`${base}/portal/estimate/${changed.token}`);
  await view.getByRole('button', { name: 'Changes' }).click();
  await view.getByLabel('What would you like changed?').fill('Could the railing be cedar as well?');
  await view.getByRole('button', { name: 'Request changes' }).click();
  await expect(view.getByTestId('outcome')).toHaveAttribute('data-kind', 'changes_requested');
  await expect(view.getByTestId('customer-status')).toHaveText('Changes requested');
  await expectAccessible(view, 'changes requested outcome (phone)');

  expect(await estimateRow(page.request, base, declined.id)).toMatchObject({ status: 'declined', decline_reason: 'We decided to wait until next year.' });
  expect(await estimateRow(page.request, base, changed.id)).toMatchObject({ status: 'changes_requested', changes_request: 'Could the railing be cedar as well?' });
  await storeSession(page, base, owner);
  await page.goto(`${base}/estimates/${declined.id}`);
  await expect(page.locator('[data-status="declined"]').first()).toBeVisible({ timeout: 90_000 });
  await page.goto(`${base}/estimates/${changed.id}`);
  await expect(page.locator('[data-status="changes_requested"]').first()).toBeVisible({ timeout: 90_000 });
  expect(await leaks()).toEqual([]);
  await customer.close();
});

test('accept with the keyboard only, signing by typing the name', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const sent = await seedEstimate(page.request, base);
  const customer = await customerContext(browser);
  const view = await customer.newPage();
  await view.goto(`${base}/portal/estimate/${sent.token}`);
  await expect(view.getByTestId('customer-estimate')).toBeVisible();

  // Tab to the first option and choose it with the space bar.
  const lighting = view.getByLabel('Deck lighting');
  for (let i = 0; i < 30 && !(await lighting.evaluate((el) => el === document.activeElement)); i++) await view.keyboard.press('Tab');
  await expect(lighting).toBeFocused();
  await view.keyboard.press('Space');
  await expect(view.getByTestId('estimate-total')).toHaveText('$1,512.00');

  const name = view.getByLabel('Your full name');
  for (let i = 0; i < 30 && !(await name.evaluate((el) => el === document.activeElement)); i++) await view.keyboard.press('Tab');
  await expect(name).toBeFocused();
  await view.keyboard.type('Avery Quinn');
  await view.keyboard.press('Tab');
  await expect(view.getByRole('radio', { name: 'Draw' })).toBeFocused();
  await view.keyboard.press('ArrowRight');
  await expect(view.getByRole('radio', { name: 'Type instead' })).toBeChecked();
  await expect(view.getByRole('img', { name: 'Typed signature: Avery Quinn' })).toBeVisible();
  await expectAccessible(view, 'accept form with a typed signature');
  const agree = view.getByLabel(/I accept this estimate/);
  for (let i = 0; i < 10 && !(await agree.evaluate((el) => el === document.activeElement)); i++) await view.keyboard.press('Tab');
  await view.keyboard.press('Space');
  await view.keyboard.press('Tab');
  await expect(view.getByRole('button', { name: 'Accept estimate' })).toBeFocused();
  await view.keyboard.press('Enter');
  await expect(view.getByTestId('outcome')).toHaveAttribute('data-kind', 'accepted');
  await expect(view.getByTestId('receipt')).toContainText('Signed by typing the full name');
  await view.screenshot({ path: `${SHOTS}/7-typed-receipt-1024x768.png`, fullPage: true });
  expect(await estimateRow(page.request, base, sent.id)).toMatchObject({ status: 'accepted', accepted_by_name: 'Avery Quinn', acceptance_signature_method: 'typed' });
  await customer.close();
});

test('comment and decline with the keyboard only', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const sent = await seedEstimate(page.request, base);
  const customer = await customerContext(browser);
  const view = await customer.newPage();
  await view.goto(`${base}/portal/estimate/${sent.token}`);
  await expect(view.getByTestId('customer-estimate')).toBeVisible();
  const tabTo = async (target: Locator, backwards = false) => {
    for (let i = 0; i < 60 && !(await target.evaluate((el) => el === document.activeElement)); i++) await view.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expect(target).toBeFocused();
  };

  // A question, typed and posted from the keyboard.
  await tabTo(view.getByLabel('Your name'));
  await view.keyboard.type('Sam Keys');
  await view.keyboard.press('Tab');
  await expect(view.getByLabel('Comment', { exact: true })).toBeFocused();
  await view.keyboard.type('Could the work start in May?');
  await tabTo(view.getByRole('button', { name: 'Post comment' }));
  await view.keyboard.press('Enter');
  await expect(view.getByTestId('comment').filter({ hasText: 'Could the work start in May?' })).toBeVisible();

  // Decline, with the reason typed after the form's own message.
  await tabTo(view.getByRole('button', { name: 'Decline', exact: true }), true);
  await view.keyboard.press('Enter');
  const reason = view.getByLabel('Why are you declining?');
  await tabTo(reason);
  await view.keyboard.type('The budget went to another project.');
  await tabTo(view.getByRole('button', { name: 'Decline estimate' }));
  await expectAccessible(view, 'decline form reached with the keyboard');
  await view.keyboard.press('Enter');
  await expect(view.getByTestId('outcome')).toHaveAttribute('data-kind', 'declined');
  expect(await estimateRow(page.request, base, sent.id)).toMatchObject({ status: 'declined', decline_reason: 'The budget went to another project.' });
  await customer.close();
});

test('a dropped connection keeps what was typed and drawn, retries, says so, and records each action once', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const sent = await seedEstimate(page.request, base);
  const customer = await customerContext(browser);
  const view = await customer.newPage();
  await view.goto(`${base}/portal/estimate/${sent.token}`);
  await expect(view.getByTestId('customer-estimate')).toBeVisible();

  // A comment whose request never reaches the server, then goes through.
  let commentAttempts = 0;
  await view.route('**/rest/v1/rpc/comment_on_estimate_by_link', async (route) => {
    if (++commentAttempts === 1) return route.abort('internetdisconnected');
    return route.continue();
  });
  await view.getByLabel('Your name').fill('Riley Park');
  await view.getByLabel('Comment', { exact: true }).fill('Is the price fixed?');
  await view.getByRole('button', { name: 'Post comment' }).click();
  await expect(view.getByTestId('comment').filter({ hasText: 'Is the price fixed?' })).toBeVisible();
  expect(commentAttempts).toBe(2);

  // The acceptance: the first attempt never reaches the server; the second is held while the
  // page is checked, then reaches the server and its answer is lost; the third is answered.
  let acceptAttempts = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await view.route('**/rest/v1/rpc/accept_estimate_by_link', async (route) => {
    acceptAttempts += 1;
    if (acceptAttempts === 1) return route.abort('internetdisconnected');
    if (acceptAttempts === 2) {
      await released;
      await route.fetch();
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  await drawSignature(view);
  await view.getByLabel('Your full name').fill('Riley Park');
  await view.getByLabel(/I accept this estimate/).check();
  await view.getByRole('button', { name: 'Accept estimate' }).click();
  await expect(view.getByTestId('connection-lost')).toContainText('Your acceptance is kept');
  await expect(view.getByLabel('Your full name')).toHaveValue('Riley Park');
  await expect(view.getByTestId('signature-pad')).toHaveAttribute('data-blank', 'false');
  await expect(view.getByRole('button', { name: 'Accept estimate' })).toBeDisabled();
  await expectAccessible(view, 'accept form while the connection is lost');
  await view.screenshot({ path: `${SHOTS}/10-connection-lost.png`, fullPage: true });
  release();
  await expect(view.getByTestId('outcome')).toHaveAttribute('data-kind', 'accepted');
  await expect.poll(() => acceptAttempts).toBe(3);

  const comments = (await api(page.request, base, owner, 'GET', `/rest/v1/comments?estimate_id=eq.${sent.id}&author_kind=eq.customer&select=body`)) as unknown[];
  expect(comments).toEqual([{ body: 'Is the price fixed?' }]);
  expect(await estimateRow(page.request, base, sent.id)).toMatchObject({ status: 'accepted', accepted_by_name: 'Riley Park' });
  await customer.close();
});

test('revoked, unknown and malformed links show the same page; a copied link leaves the e-mailed one working; an expired estimate offers an update', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const sent = await seedEstimate(page.request, base);
  const copied = (await api(page.request, base, owner, 'POST', '/rest/v1/rpc/issue_estimate_link', { p_estimate_id: sent.id })) as string;
  const customer = await customerContext(browser);
  const view = await customer.newPage();
  for (const token of [sent.token, copied]) {
    await openLink(view, `${base}/portal/estimate/${token}`);
    await expect(view.getByTestId('organization-name')).toHaveText('Harbor Decks & Patios');
  }

  // The page shows with its HTML; its script counts the view just after.
  type Links = { links: { id: string; channel: string; view_count: number }[] };
  const listLinks = async () => ((await api(page.request, base, owner, 'POST', '/rest/v1/rpc/list_estimate_links', { p_estimate_id: sent.id })) as Links).links;
  await expect.poll(async () => (await listLinks()).map((l) => [l.channel, l.view_count])).toEqual([
    ['link', 1],
    ['email', 1],
  ]);
  const links = await listLinks();
  const { supabaseAnonKey } = await runtimeConfig(page.request, base);
  const revoked = await page.request.post(`${base}/rest/v1/rpc/revoke_estimate_link`, {
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${owner.access_token}`, 'content-type': 'application/json' },
    data: { p_link_id: links[0]!.id },
  });
  expect(revoked.status()).toBe(204);
  const answers: string[] = [];
  for (const token of [copied, 'Q'.repeat(43), 'not-a-token']) {
    await view.goto(`${base}/portal/estimate/${token}`);
    await expect(view.getByRole('heading', { name: 'This link does not open an estimate' })).toBeVisible();
    const response = await page.request.post(`${base}/rest/v1/rpc/estimate_by_link_token`, { headers: { apikey: supabaseAnonKey, 'content-type': 'application/json' }, data: { p_token: token } });
    answers.push(`${response.status()} ${await response.text()}`);
  }
  expect(new Set(answers)).toEqual(new Set(['200 null']));
  await expectAccessible(view, 'link that does not open an estimate');
  await view.screenshot({ path: `${SHOTS}/8-invalid-link.png` });
  await view.goto(`${base}/portal/estimate/${sent.token}`);
  await expect(view.getByTestId('organization-name')).toHaveText('Harbor Decks & Patios');

  const expired = await seedEstimate(page.request, base, { valid_until: '2025-01-31' });
  await view.goto(`${base}/portal/estimate/${expired.token}`);
  await expect(view.getByRole('heading', { name: 'This estimate expired on January 31, 2025' })).toBeVisible();
  await expect(view.getByTestId('decision-panel')).toHaveCount(0);
  await expectAccessible(view, 'expired estimate');
  await view.getByLabel('Your message').fill('Please send current prices for the same work.');
  await view.getByRole('button', { name: 'Ask for an updated estimate' }).click();
  await expect(view.getByTestId('outcome')).toHaveAttribute('data-kind', 'update_requested');
  await view.screenshot({ path: `${SHOTS}/9-expired-asked.png`, fullPage: true });
  expect(await estimateRow(page.request, base, expired.id)).toMatchObject({ changes_request: 'Please send current prices for the same work.' });
  await customer.close();
});

test('the link page comes rendered by the server: readable without its script, a scanner marks nothing viewed, the script counts the view and takes over in any time zone', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const sent = await seedEstimate(page.request, base);
  const url = `${base}/portal/estimate/${sent.token}`;

  // An e-mail scanner fetching the link gets the page, uncached, and changes nothing staff see.
  const scanned = await page.request.get(url, { headers: { accept: 'text/html' } });
  expect(scanned.status()).toBe(200);
  expect(scanned.headers()['cache-control']).toBe('no-store');
  // Its brand colour and timeline bars come as one <style>, allowed by its hash alone.
  expect(scanned.headers()['content-security-policy']).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
  expect(scanned.headers()['x-inline-style-hashes']).toBeUndefined();
  const html = await scanned.text();
  expect(html).toMatch(/data-testid="estimate-total"[^>]*>\$1,188\.00</);
  expect(html).not.toContain(INTERNAL_NOTE);
  expect(html).not.toContain('Order from supplier');
  expect(await estimateRow(page.request, base, sent.id)).toMatchObject({ status: 'sent', view_count: 0 });

  // Without its script the customer reads it all; options wait for the script.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 768, height: 1024 } });
  const plain = await noScript.newPage();
  await plain.goto(url);
  await expect(plain.getByRole('heading', { level: 1, name: 'Back deck and railing' })).toBeVisible();
  await expect(plain.getByTestId('estimate-total')).toHaveText('$1,188.00');
  await expect(plain.getByTestId('milestone')).toHaveCount(2);
  await expect(plain.getByLabel('Deck lighting')).toBeDisabled();
  await plain.screenshot({ path: `${SHOTS}/12-rendered-without-script-768x1024.png`, fullPage: true });
  await noScript.close();
  expect(await estimateRow(page.request, base, sent.id)).toMatchObject({ status: 'sent', view_count: 0 });

  // In the browser, far from UTC: the script counts the view and takes over the HTML without a
  // mismatch; moments turn to the reader's zone; the options work.
  const customer = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block', timezoneId: 'Pacific/Auckland' });
  const leaks = watchResponses(customer);
  const view = await customer.newPage();
  const errors: string[] = [];
  view.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  view.on('pageerror', (error) => errors.push(error.message));
  await openLink(view, url);
  await expect(view.getByLabel('Deck lighting')).toBeEnabled();
  await expect(view.getByTestId('comment').first()).not.toContainText('UTC');
  await view.getByLabel('Deck lighting').check();
  await expect(view.getByTestId('estimate-total')).toHaveText('$1,512.00');
  expect(await estimateRow(page.request, base, sent.id)).toMatchObject({ status: 'viewed', view_count: 1 });
  expect(errors).toEqual([]);
  expect(await leaks()).toEqual([]);
  await customer.close();
});

test('staff manage the links on the estimate page: copy one more, revoke one, rotate all', async ({ browser, baseURL, page }) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const sent = await seedEstimate(page.request, base);
  await storeSession(page, base, owner);
  await page.goto(`${base}/estimates/${sent.id}`);
  const panel = page.getByTestId('links-panel');
  const rows = panel.locator('tbody tr');
  await expect(rows).toHaveCount(1, { timeout: 90_000 });
  await expect(rows.first().getByTestId('link-channel')).toHaveText(`E-mailed to ${sent.email}`);
  await expect(rows.first()).toContainText('by Sam Seller');

  // Copy link: one more link; the e-mailed one stays in the list (and keeps working, below).
  await panel.getByRole('button', { name: 'Copy customer link' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('the links sent before keep working');
  await expectAccessible(page, 'copy customer link dialog');
  await dialog.getByRole('button', { name: 'Create and copy link' }).click();
  const copied = /\/portal\/estimate\/([A-Za-z0-9_-]+)$/.exec(await dialog.getByTestId('customer-link').inputValue())![1]!;
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.getByTestId('link-channel')).toHaveText(['Copied link', `E-mailed to ${sent.email}`]);

  // The customer opens the copied link: its views show on the staff page, live.
  const customer = await customerContext(browser);
  const view = await customer.newPage();
  await view.goto(`${base}/portal/estimate/${copied}`);
  await expect(view.getByTestId('organization-name')).toHaveText('Harbor Decks & Patios');
  await expect(rows.getByTestId('link-views')).toHaveText(['1', '0']);
  await expectAccessible(page, 'staff estimate page with two customer links');
  await page.screenshot({ path: `${SHOTS}/12-links-1024x768.png`, fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/13-links-768x1024.png`, fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });

  // Revoke the copied link, after a confirmation: it opens the same page as any bad link; the e-mailed one still works.
  await rows.first().getByRole('button', { name: /^Revoke/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Revoke this link?' })).toBeVisible();
  await expectAccessible(page, 'revoke link confirmation');
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('link-channel')).toHaveText(`E-mailed to ${sent.email}`);
  await view.goto(`${base}/portal/estimate/${copied}`);
  await expect(view.getByRole('heading', { name: 'This link does not open an estimate' })).toBeVisible();
  await view.goto(`${base}/portal/estimate/${sent.token}`);
  await expect(view.getByTestId('organization-name')).toHaveText('Harbor Decks & Patios');

  // Rotate, after a confirmation: every link stops working and one new link is shown to copy.
  await panel.getByRole('button', { name: 'Rotate links' }).click();
  await expect(dialog.getByRole('heading', { name: 'Rotate the customer links?' })).toBeVisible();
  await expectAccessible(page, 'rotate links confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(1);
  await panel.getByRole('button', { name: 'Rotate links' }).click();
  await dialog.getByRole('button', { name: 'Revoke all and make a new link' }).click();
  await expect(dialog.getByRole('heading', { name: 'Links rotated' })).toBeVisible();
  const rotated = /\/portal\/estimate\/([A-Za-z0-9_-]+)$/.exec(await dialog.getByTestId('customer-link').inputValue())![1]!;
  await expectAccessible(page, 'links rotated, the new link shown');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(rows.getByTestId('link-channel')).toHaveText(['Copied link']);
  await view.goto(`${base}/portal/estimate/${sent.token}`);
  await expect(view.getByRole('heading', { name: 'This link does not open an estimate' })).toBeVisible();
  await view.goto(`${base}/portal/estimate/${rotated}`);
  await expect(view.getByTestId('organization-name')).toHaveText('Harbor Decks & Patios');
  await customer.close();
});
