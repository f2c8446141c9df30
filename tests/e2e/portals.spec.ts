// Portals in two browser contexts against the real server: staff create a portal for an
// account and send it; the customer opens the e-mailed link, confirms with the e-mailed code,
// sees exactly the visible estimates, comments (staff see it live, and the reply comes back
// without a reload), files a request (staff see it), finds the portal on /portal-selection,
// opens an estimate in the estimate view; staff end the session and the customer's next call
// goes to /portal-auth; an edited session blob does too. Every answer the customer's browser
// receives is checked for cost, margin and internal notes. Screens at 1024×768, 768×1024 and
// 390×844 go to test-results/screens/portals.
import type { APIRequestContext, BrowserContext, Page, Response } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, orgIdOf, runtimeConfig, signUpStaff, storeSession, type StoredSession } from './support';

const INTERNAL_NOTE = 'Internal only: supplier raised lumber prices, keep margin above 30 percent';
const SHOTS = 'test-results/screens/portals';
const SIZES = { tablet: { width: 1024, height: 768 }, portrait: { width: 768, height: 1024 }, phone: { width: 390, height: 844 } };

let owner: StoredSession;
let orgId: string;
const seeded = { account: '', alice: '', aliceEmail: '', visible: '', hidden: '', draft: '' };

async function seedEstimate(request: APIRequestContext, base: string, title: string, values: Record<string, unknown>, send: boolean) {
  const [estimate] = (await api(request, base, owner, 'POST', '/rest/v1/estimates', {
    org_id: orgId, number: `DRAFT-${Math.random().toString(36).slice(2, 8)}`, title, account_id: seeded.account, tax_rate: 0, discount_cents: 0, ...values,
  })) as { id: string }[];
  const id = estimate!.id;
  await api(request, base, owner, 'POST', '/rest/v1/estimate_items', [
    { org_id: orgId, estimate_id: id, name: 'Cedar deck boards', description: '', quantity: 20, unit: 'sqft', unit_price_cents: 4500, unit_cost_cents: 2100, optional: false, selected: true, sort_order: 0 },
  ]);
  await api(request, base, owner, 'POST', '/rest/v1/milestones', [
    { org_id: orgId, estimate_id: id, title: `${title}: build`, start_date: '2027-03-03', end_date: '2027-03-10', visible_to_customer: true, sort_order: 0 },
  ]);
  await api(request, base, owner, 'POST', '/rest/v1/comments', [{ org_id: orgId, estimate_id: id, body: INTERNAL_NOTE, internal: true }]);
  if (send) await api(request, base, owner, 'PATCH', `/rest/v1/estimates?id=eq.${id}`, { status: 'sent' });
  return id;
}

/** The newest mail to `email` whose text matches `pattern`: its first group. */
async function mailed(request: APIRequestContext, base: string, email: string, pattern: RegExp, after = 0): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`${base}/_mail/api?to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
      found = messages.length > after ? (pattern.exec(messages[0]!.text)?.[1] ?? '') : '';
      return found;
    })
    .not.toBe('');
  return found;
}

const mailCount = async (request: APIRequestContext, base: string, email: string) =>
  ((await (await request.get(`${base}/_mail/api?to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] }).messages.length;

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
    if (!/json/.test(response.headers()['content-type'] ?? '')) return;
    pending.push(
      response.text().then(
        (text) => {
          if (text.includes(INTERNAL_NOTE)) problems.push(`${response.url()}: internal text`);
          try {
            walk(JSON.parse(text), response.url());
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

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(SIZES.tablet);
}

/** From the e-mailed link through the one-time code to the portal home. */
async function signInFromLink(page: Page, base: string, link: string, code: () => Promise<string>) {
  await page.goto(link);
  await expect(page).toHaveURL((url) => url.pathname === '/portal-auth');
  await expect(page.getByRole('heading', { name: 'Acme project portal' })).toBeVisible();
  await page.getByRole('radio', { name: /Alice Doe/ }).check();
  await expectAccessible(page, 'portal sign-in, who are you');
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(page.getByLabel('Code from the e-mail')).toBeVisible();
  await page.getByLabel('Code from the e-mail').fill(await code());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === new URL(link).pathname);
  await expect(page.getByTestId('portal-estimates')).toBeVisible();
  expect(base).toBeTruthy();
}

test.beforeAll(async ({ request, baseURL }) => {
  const base = baseURL!;
  owner = (await signUpStaff(request, base, 'Sam', 'Seller')).session;
  orgId = await orgIdOf(request, base, owner);
  await api(request, base, owner, 'PATCH', `/rest/v1/organizations?id=eq.${orgId}`, { name: 'Harbor Decks & Patios', brand_color: '#0f766e' });
  const [account] = (await api(request, base, owner, 'POST', '/rest/v1/accounts', { org_id: orgId, name: 'Acme Builders' })) as { id: string }[];
  seeded.account = account!.id;
  seeded.aliceEmail = `alice-${Date.now().toString(36)}@acme.example`;
  const [alice] = (await api(request, base, owner, 'POST', '/rest/v1/prospects', { org_id: orgId, first_name: 'Alice', last_name: 'Doe', email: seeded.aliceEmail, account_id: seeded.account })) as { id: string }[];
  seeded.alice = alice!.id;
  await api(request, base, owner, 'POST', '/rest/v1/prospects', { org_id: orgId, first_name: 'Bob', last_name: 'Roe', email: `bob-${Date.now().toString(36)}@acme.example`, account_id: seeded.account });
  seeded.visible = await seedEstimate(request, base, 'Back deck', {}, true);
  seeded.hidden = await seedEstimate(request, base, 'Hidden shed', { hidden_from_portal: true }, true);
  seeded.draft = await seedEstimate(request, base, 'Draft fence', {}, false);
});

test('staff create and send a portal; the customer signs in with the e-mailed code, reads, comments, requests; staff watch and end the session', async ({ browser, baseURL, page }) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  await storeSession(page, base, owner);
  await page.goto(`${base}/portals`);
  // The first opening of a workspace syncs the organization down; a loaded machine takes a while.
  await expect(page.getByRole('heading', { name: 'No portals yet' })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: 'New portal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New portal' });
  await dialog.getByRole('button', { name: 'Create portal' }).click();
  await expect(dialog.getByText('Choose who the portal is for')).toBeVisible();
  await expectAccessible(page, 'new portal dialog with errors');
  await dialog.getByLabel('Account').selectOption({ label: 'Acme Builders' });
  await dialog.getByLabel('Name', { exact: true }).fill('Acme project portal');
  await dialog.getByLabel('Welcome message (optional)').fill('Everything about your deck, in one place.');
  await dialog.getByRole('button', { name: 'Create portal' }).click();
  await expect(page).toHaveURL(/\/portals\/[0-9a-f-]{36}$/);
  const portalId = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.getByRole('heading', { name: /Acme project portal/ })).toBeVisible();
  await expect(page.getByTestId('portal-link')).toHaveValue(new RegExp(`${base}/portal/[A-Za-z0-9_-]{43}$`));
  await expect(page.getByTestId('portal-qr')).toBeVisible();
  await expectAccessible(page, 'portal page with its new link');
  await shoot(page, 'staff-portal');

  await page.getByRole('button', { name: 'Send by e-mail' }).click();
  const send = page.getByRole('dialog', { name: 'Send the portal by e-mail' });
  await send.getByLabel('To').selectOption({ label: `Alice Doe — ${seeded.aliceEmail}` });
  await expectAccessible(page, 'send portal dialog');
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`The portal was sent to ${seeded.aliceEmail}.`)).toBeVisible();
  const link = `${base}/portal/${await mailed(page.request, base, seeded.aliceEmail, /\/portal\/([A-Za-z0-9_-]{43})/)}`;

  // The customer, in a browser of their own.
  const customer = await browser.newContext({ viewport: SIZES.tablet, serviceWorkers: 'block' });
  const leaks = watchResponses(customer);
  const view = await customer.newPage();
  const before = await mailCount(page.request, base, seeded.aliceEmail);
  await signInFromLink(view, base, link, () => mailed(page.request, base, seeded.aliceEmail, /is:\s+(\d{6})/, before));
  await expect(view.getByTestId('portal-estimate')).toHaveCount(1);
  await expect(view.getByTestId('portal-estimates')).toContainText('Back deck');
  await expect(view.getByTestId('portal-estimates')).not.toContainText('Hidden shed');
  await expect(view.getByTestId('portal-timeline')).toContainText('Back deck: build');
  await expect(view.getByText('Everything about your deck, in one place.')).toBeVisible();
  await expectAccessible(view, 'customer portal home');
  await shoot(view, 'customer-home');

  // A comment: staff see it live; their reply reaches the customer without a reload.
  await view.getByLabel('Your message').fill('When could you start?');
  await view.getByRole('button', { name: 'Send' }).click();
  await expect(view.getByTestId('portal-comment').filter({ hasText: 'When could you start?' })).toBeVisible();
  await expect(page.getByTestId('staff-portal-thread')).toContainText('When could you start?');
  await page.getByLabel('Reply').fill('Early March works for us.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(view.getByTestId('portal-conversation')).toContainText('Early March works for us.');

  // A request for new work.
  await view.getByRole('link', { name: 'Request new work' }).click();
  await expect(view).toHaveURL((url) => url.pathname.endsWith('/new-estimate'));
  await expect(view.getByLabel('E-mail')).toHaveValue(seeded.aliceEmail);
  await view.getByRole('button', { name: 'Send request' }).click();
  await expect(view.getByText('Tell us what you need')).toBeVisible();
  await expectAccessible(view, 'portal request form with errors');
  await view.getByLabel('What do you need?').fill('A matching railing for the front porch');
  await view.getByRole('button', { name: 'Send request' }).click();
  await expect(view.getByTestId('request-queued')).toBeVisible();
  await expect(view.getByTestId('portal-request')).toContainText('A matching railing for the front porch');
  await expect(page.getByTestId('staff-portal-requests')).toContainText('A matching railing for the front porch');

  // The estimate opens in the estimate view.
  await view.getByTestId('portal-estimate').click();
  await expect(view.getByTestId('customer-estimate')).toBeVisible();
  await expect(view.getByTestId('customer-estimate')).toContainText('Back deck');
  await expectAccessible(view, 'estimate inside the portal');
  await view.getByRole('link', { name: 'Back to Acme project portal' }).click();

  // This device's portals.
  await view.goto(`${base}/portal-selection`);
  await expect(view.getByTestId('portal-sessions')).toContainText('Acme project portal');
  await expectAccessible(view, 'portal selection');
  await view.getByTestId('portal-sessions').getByRole('link').first().click();
  await expect(view.getByTestId('portal-estimates')).toBeVisible();

  // Staff see the session and the log, then end the session: the customer's next call signs them out.
  await expect(page.getByTestId('portal-session-person')).toHaveText('Alice Doe');
  await expect(page.getByTestId('access-log-what').first()).toBeVisible();
  await page.getByRole('button', { name: 'End session' }).click();
  await expect(view).toHaveURL((url) => url.pathname === '/portal-auth');
  expect(new URL(view.url()).searchParams.get('redirect')).toMatch(/^\/portal\//);

  // Signed in again, an edited session blob on the device sends the browser to sign in.
  const again = await mailCount(page.request, base, seeded.aliceEmail);
  await signInFromLink(view, base, link, () => mailed(page.request, base, seeded.aliceEmail, /is:\s+(\d{6})/, again));
  await view.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cep-customer-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('sessions', 'readwrite');
          const store = tx.objectStore('sessions');
          const all = store.getAll();
          all.onsuccess = () => {
            for (const row of all.result as { encryptedData: string }[]) {
              row.encryptedData = `${row.encryptedData.slice(0, 8)}${row.encryptedData.charAt(8) === 'A' ? 'B' : 'A'}${row.encryptedData.slice(9)}`;
              store.put(row);
            }
          };
          tx.oncomplete = () => (open.result.close(), resolve());
        };
      }),
  );
  await view.reload();
  await expect(view).toHaveURL((url) => url.pathname === '/portal-auth' && (url.searchParams.get('redirect') ?? '').startsWith('/portal/'));
  await expect(view.getByRole('heading', { name: 'Acme project portal' })).toBeVisible();
  await expectAccessible(view, 'portal sign-in after a tampered session');
  await shoot(view, 'customer-sign-in');
  expect(await leaks()).toEqual([]);
  await customer.close();

  // The settings page: rotate ends the old link.
  await page.goto(`${base}/portals/${portalId}/settings`);
  await expect(page.getByRole('heading', { name: 'Portal settings' })).toBeVisible();
  await expectAccessible(page, 'portal settings');
  await page.getByRole('button', { name: 'Rotate the link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate link' }).click();
  await expect(page.getByTestId('portal-link')).toBeVisible();
  const stale = await browser.newContext({ serviceWorkers: 'block' });
  const old = await stale.newPage();
  await old.goto(link);
  await expect(old.getByText(/does not open a portal/)).toBeVisible();
  await stale.close();
});

test('the portals list searches and filters by kind and status', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL!;
  const create = (kind: string, customer: string, name: string) =>
    api(page.request, base, owner, 'POST', '/rest/v1/rpc/create_portal', { p_id: crypto.randomUUID(), p_org_id: orgId, p_kind: kind, p_customer_id: customer, p_settings: { name } });
  await create('customer', seeded.account, 'Garden portal');
  const oldId = crypto.randomUUID();
  await api(page.request, base, owner, 'POST', '/rest/v1/rpc/create_portal', { p_id: oldId, p_org_id: orgId, p_kind: 'prospect', p_customer_id: seeded.alice, p_settings: { name: 'Old proposals' } });
  // A void function answers 204 without a body, which api() cannot parse.
  const { supabaseAnonKey } = await runtimeConfig(page.request, base);
  const revoked = await page.request.post(`${base}/rest/v1/rpc/revoke_portal_token`, {
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${owner.access_token}`, 'content-type': 'application/json' },
    data: { portal_id: oldId },
  });
  expect(revoked.ok()).toBe(true);
  await storeSession(page, base, owner);
  await page.goto(`${base}/portals`);
  await expect(page.getByTestId('portal-row').filter({ hasText: 'Old proposals' })).toBeVisible({ timeout: 90_000 });
  await page.getByLabel('Search').fill('garden');
  await expect(page.getByTestId('portal-row')).toHaveText(['Garden portal']);
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Status').selectOption({ label: 'Revoked' });
  await expect(page.getByTestId('portal-row')).toHaveText(['Old proposals']);
  await page.getByLabel('Kind').selectOption({ label: 'Customer portals' });
  await expect(page.getByRole('heading', { name: 'No portals match' })).toBeVisible();
  await expectAccessible(page, 'portals list filtered to nothing');
  await page.getByLabel('Status').selectOption({ label: 'Any status' });
  await expect(page.getByTestId('portal-row').filter({ hasText: 'Garden portal' })).toBeVisible();
  await shoot(page, 'staff-portals');
});
