// The installed portal without a connection: after one online visit under the service
// worker, a reload with the network cut (the browser offline and the API routes blocked, since
// a service worker's own requests ignore setOffline) shows this device's copy of the portal and
// its estimates; a comment and a request written offline wait with a visible "will be sent"
// state and reach the server once, and only once, after reconnecting; nothing of the portal is
// kept in the clear on the device. A prospect opens a prospect portal with the link alone.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, goOffline, goOnline, orgIdOf, signUpStaff, waitForServiceWorker, type StoredSession } from './support';

let owner: StoredSession;
let orgId: string;
let customerLink = '';
let prospectLink = '';
let portalId = '';
const email = `olga-${Date.now().toString(36)}@acme.example`;

async function rpc<T>(request: APIRequestContext, base: string, fn: string, args: Record<string, unknown>): Promise<T> {
  return (await api(request, base, owner, 'POST', `/rest/v1/rpc/${fn}`, args)) as T;
}

async function sentEstimate(request: APIRequestContext, base: string, customer: Record<string, string>, title: string) {
  const [estimate] = (await api(request, base, owner, 'POST', '/rest/v1/estimates', { org_id: orgId, number: `DRAFT-${title.slice(0, 4)}`, title, tax_rate: 0, discount_cents: 0, ...customer })) as { id: string }[];
  await api(request, base, owner, 'POST', '/rest/v1/estimate_items', [{ org_id: orgId, estimate_id: estimate!.id, name: 'Stone pavers', quantity: 10, unit: 'sqft', unit_price_cents: 5000, unit_cost_cents: 2500, sort_order: 0 }]);
  await api(request, base, owner, 'PATCH', `/rest/v1/estimates?id=eq.${estimate!.id}`, { status: 'sent' });
}

async function latestCode(request: APIRequestContext, base: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`${base}/_mail/api?to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
      code = messages.length > after ? (/is:\s+(\d{6})/.exec(messages[0]!.text)?.[1] ?? '') : '';
      return code;
    })
    .not.toBe('');
  return code;
}

const serverComments = async (request: APIRequestContext, base: string, body: string) =>
  (await api(request, base, owner, 'GET', `/rest/v1/comments?portal_id=eq.${portalId}&body=eq.${encodeURIComponent(body)}&select=id`)) as unknown[];
const serverRequests = async (request: APIRequestContext, base: string, text: string) =>
  (await api(request, base, owner, 'GET', `/rest/v1/estimate_requests?portal_id=eq.${portalId}&description=eq.${encodeURIComponent(text)}&select=id,source`)) as { source: string }[];

test.beforeAll(async ({ request, baseURL }) => {
  const base = baseURL!;
  owner = (await signUpStaff(request, base, 'Sam', 'Seller')).session;
  orgId = await orgIdOf(request, base, owner);
  const [account] = (await api(request, base, owner, 'POST', '/rest/v1/accounts', { org_id: orgId, name: 'Olsen Landscaping' })) as { id: string }[];
  await api(request, base, owner, 'POST', '/rest/v1/prospects', { org_id: orgId, first_name: 'Olga', last_name: 'Olsen', email, account_id: account!.id });
  const [lead] = (await api(request, base, owner, 'POST', '/rest/v1/prospects', { org_id: orgId, first_name: 'Pat', last_name: 'Lead', email: `pat-${Date.now().toString(36)}@lead.example` })) as { id: string }[];
  await sentEstimate(request, base, { account_id: account!.id }, 'Garden patio');
  await sentEstimate(request, base, { prospect_id: lead!.id }, 'Pool deck');
  portalId = crypto.randomUUID();
  const issued = await rpc<{ token: string }>(request, base, 'create_portal', { p_id: portalId, p_org_id: orgId, p_kind: 'customer', p_customer_id: account!.id, p_settings: { name: 'Olsen garden portal' } });
  customerLink = `${base}/portal/${issued.token}`;
  const prospect = await rpc<{ token: string }>(request, base, 'create_portal', { p_id: crypto.randomUUID(), p_org_id: orgId, p_kind: 'prospect', p_customer_id: lead!.id, p_settings: { name: 'Your pool deck' } });
  prospectLink = `${base}/prospect-portal/${prospect.token}`;
});

async function signIn(page: Page, base: string) {
  await page.goto(customerLink);
  await page.getByRole('radio', { name: /Olga Olsen/ }).check();
  const before = ((await (await page.request.get(`${base}/_mail/api?to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] }).messages.length;
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await page.getByLabel('Code from the e-mail').fill(await latestCode(page.request, base, before));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('portal-estimates')).toContainText('Garden patio');
}

test('reloading offline shows the cached portal; a comment and a request written offline are sent once after reconnecting', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  await signIn(page, base);
  await waitForServiceWorker(page);
  await expect(page.getByTestId('portal-estimates')).toContainText('Garden patio');

  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('portal-offline')).toBeVisible();
  await expect(page.getByTestId('portal-estimates')).toContainText('Garden patio');
  await expectAccessible(page, 'portal home offline');

  await page.getByTestId('portal-estimate').click();
  await expect(page.getByTestId('customer-estimate')).toContainText('Garden patio');
  await page.getByRole('link', { name: 'Back to Olsen garden portal' }).click();

  await page.getByLabel('Your message').fill('Can the path be curved?');
  await page.getByRole('button', { name: 'Send' }).click();
  const pending = page.getByTestId('portal-comment-pending');
  await expect(pending).toContainText('Can the path be curved?');
  await expect(pending).toContainText('Will be sent when you are back online');
  await page.getByRole('link', { name: 'Request new work' }).click();
  await page.getByLabel('What do you need?').fill('Lighting along the garden path');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('portal-request-pending')).toContainText('Will be sent when you are back online');
  await expectAccessible(page, 'portal home offline with queued messages');
  expect(await serverComments(page.request, base, 'Can the path be curved?')).toHaveLength(0);
  // On the device the portal, its estimates and the waiting messages are sealed: none of it reads in the clear.
  const stored = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('cep-customer-portal');
        open.onsuccess = () => {
          const tx = open.result.transaction(['sessions', 'cache', 'outbox'], 'readonly');
          const rows: unknown[] = [];
          for (const name of ['sessions', 'cache', 'outbox']) {
            const all = tx.objectStore(name).getAll();
            all.onsuccess = () => rows.push(all.result);
          }
          tx.oncomplete = () => (open.result.close(), resolve(JSON.stringify(rows)));
        };
      }),
  );
  expect(stored.length).toBeGreaterThan(200);
  for (const plain of ['Garden patio', 'Olsen garden portal', 'Can the path be curved', 'Lighting along the garden path', 'Olga']) expect(stored).not.toContain(plain);

  await goOnline(context);
  await expect(page.getByTestId('portal-comment').filter({ hasText: 'Can the path be curved?' })).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByTestId('portal-request')).toContainText('Lighting along the garden path');
  await expect(page.getByTestId('portal-offline')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('portal-comment').filter({ hasText: 'Can the path be curved?' })).toHaveCount(1);
  expect(await serverComments(page.request, base, 'Can the path be curved?')).toHaveLength(1);
  expect(await serverRequests(page.request, base, 'Lighting along the garden path')).toEqual([{ id: expect.any(String), source: 'portal' }]);
});

test('a prospect opens a prospect portal with the link alone and finds it on this device', async ({ page }) => {
  await page.goto(prospectLink);
  await expect(page.getByRole('heading', { name: 'Your pool deck' })).toBeVisible();
  await expect(page.getByTestId('portal-estimates')).toContainText('Pool deck');
  await expect(page.getByTestId('portal-estimates')).not.toContainText('Garden patio');
  await expectAccessible(page, 'prospect portal home');
  await page.goto('/prospect-portal-selection');
  await expect(page.getByTestId('portal-sessions')).toContainText('Your pool deck');
  await page.goto('/portal-selection');
  await expect(page.getByTestId('portal-sessions')).toHaveCount(0);
});
