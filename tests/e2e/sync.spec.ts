// Sync in Chromium with the real app screens:
// - two staff of one organization in two browser contexts; one goes offline for real (browser
//   offline and its API routes blocked, since a service worker's requests ignore setOffline),
//   both edit the same estimate, the offline one comes back, and both screens and the server
//   agree; a new estimate appears in the other context's list live, without a reload;
// - one tab replicates: a follower tab's edit is pushed by the leader tab; when the leader tab
//   closes, the follower takes over and its edits reach the server; when the leader tab hangs
//   holding the lock, the follower takes over too, and the woken leader pushes nothing stale;
// - sign-out with unsynced changes warns, can be cancelled, cannot sync offline, and "Sign out
//   anyway" keeps the change on the device until the same user signs in again.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, authStorageKey, fillField, goOffline, goOnline, inviteStaff, orgIdOf, runtimeConfig, signUpStaff, storeSession, waitForServiceWorker, type StoredSession } from './support';

/** An owner and a sales colleague in one new organization. */
async function team(request: APIRequestContext, baseURL: string) {
  const owner = await signUpStaff(request, baseURL, 'Olga', 'Owner');
  const orgId = await orgIdOf(request, baseURL, owner.session);
  const sales = await inviteStaff(request, baseURL, owner.session, orgId, 'sales', 'Sam', 'Sales');
  return { owner, sales, orgId };
}

/** The access token the page holds now (it changes when the user signs in again). */
async function pageToken(page: Page, baseURL: string): Promise<string> {
  const { supabaseUrl } = await runtimeConfig(page.request, baseURL);
  const stored = await page.evaluate((key) => localStorage.getItem(key), authStorageKey(supabaseUrl));
  if (!stored) throw new Error('the page holds no session');
  return (JSON.parse(stored) as StoredSession).access_token;
}

async function serverEstimate(request: APIRequestContext, baseURL: string, token: string, id: string) {
  const rows = (await api(request, baseURL, token, 'GET', `/rest/v1/estimates?id=eq.${id}&select=title,notes,number`)) as { title: string; notes: string; number: string }[];
  return rows[0] ?? null;
}

async function serverItemNames(request: APIRequestContext, baseURL: string, token: string, estimateId: string) {
  const rows = (await api(request, baseURL, token, 'GET', `/rest/v1/estimate_items?estimate_id=eq.${estimateId}&_deleted=eq.false&select=name`)) as { name: string }[];
  return rows.map((r) => r.name).sort();
}

async function saved(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-pending', 'false');
}

async function signedInPage(browser: Browser, baseURL: string, session: StoredSession) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await storeSession(page, baseURL, session);
  await page.goto(`${baseURL}/estimates`);
  await expect(page.getByRole('heading', { name: 'Estimates', exact: true }).or(page.getByRole('heading', { name: 'No estimates yet' })).first()).toBeVisible();
  return { context, page };
}

/** Creates an estimate in the editor and returns its id. */
async function newEstimate(page: Page, baseURL: string, title: string): Promise<string> {
  await page.goto(`${baseURL}/estimates`);
  await page.getByRole('button', { name: 'New estimate' }).first().click();
  await expect(page).toHaveURL(/\/estimates\/[0-9a-f-]+\/edit$/);
  const id = new URL(page.url()).pathname.split('/')[2]!;
  await fillField(page, 'Title', title);
  await saved(page);
  return id;
}

function countSyncRequests(page: Page) {
  const counts = { push: 0, pull: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/rpc/sync_push')) counts.push++;
    if (request.url().includes('/rpc/sync_pull')) counts.pull++;
  });
  return counts;
}

/** Two tabs of one user in one browser context: the first opened leads, the second follows. */
async function leaderAndFollower(browser: Browser, baseURL: string, firstName: string, lastName: string) {
  const owner = await signUpStaff((await browser.newContext()).request, baseURL, firstName, lastName);
  const context = await browser.newContext();
  const leader = await context.newPage();
  await storeSession(leader, baseURL, owner.session);
  const leaderCounts = countSyncRequests(leader);
  await leader.goto(`${baseURL}/estimates`);
  await expect(leader.getByRole('heading', { name: 'No estimates yet' })).toBeVisible();
  await expect.poll(() => leaderCounts.pull).toBeGreaterThan(0);
  const follower = await context.newPage();
  const followerCounts = countSyncRequests(follower);
  await follower.goto(`${baseURL}/estimates`);
  await expect(follower.getByRole('heading', { name: 'No estimates yet' })).toBeVisible();
  return { owner, context, leader, leaderCounts, follower, followerCounts };
}

test('two staff edit the same estimate, one offline, and both converge; a new estimate appears live in the other list', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { owner, sales } = await team((await browser.newContext()).request, baseURL!);
  const a = await signedInPage(browser, baseURL!, owner.session);
  const b = await signedInPage(browser, baseURL!, sales.session);

  // A creates an estimate; B's list, open the whole time, shows it without a reload.
  const id = await newEstimate(a.page, baseURL!, 'Deck plan');
  await expect(b.page.getByTestId('estimate-row').filter({ hasText: 'Deck plan' })).toHaveCount(1, { timeout: 30_000 });
  await expect(b.page).toHaveURL(/\/estimates$/);

  // B goes offline and edits the title and adds a line in the editor.
  await b.page.goto(`${baseURL}/estimates/${id}/edit`);
  await expect(b.page.getByLabel('Title', { exact: true })).toHaveValue('Deck plan');
  await goOffline(b.context);
  await expect(b.page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'offline');
  await fillField(b.page, 'Title', 'Deck plan, revised');
  await b.page.getByRole('button', { name: 'Add custom line' }).click();
  const line = b.page.getByTestId('line-item').last();
  await fillField(line, 'Item', 'Site visit');
  await saved(b.page);
  await expect(b.page.getByTestId('sync-indicator')).toContainText('waiting');
  await expectAccessible(b.page, 'editor offline with a change waiting');

  // Meanwhile A edits another field of the same estimate and creates a second estimate.
  await a.page.goto(`${baseURL}/estimates/${id}/edit`);
  await fillField(a.page, 'Notes', 'Gate on the north side');
  await saved(a.page);
  const second = await newEstimate(a.page, baseURL!, 'Fence quote');
  const ownerToken = await pageToken(a.page, baseURL!);
  await expect.poll(async () => (await serverEstimate(a.page.request, baseURL!, ownerToken, id))?.notes).toBe('Gate on the north side');
  await expect.poll(async () => (await serverEstimate(a.page.request, baseURL!, ownerToken, second))?.title).toBe('Fence quote');
  expect((await serverEstimate(a.page.request, baseURL!, ownerToken, id))?.title).toBe('Deck plan');

  // B comes back: both changes merge (different fields), everywhere.
  await goOnline(b.context);
  await expect.poll(async () => serverEstimate(a.page.request, baseURL!, ownerToken, id), { timeout: 45_000 }).toMatchObject({ title: 'Deck plan, revised', notes: 'Gate on the north side' });
  await expect.poll(() => serverItemNames(a.page.request, baseURL!, ownerToken, id)).toEqual(['Site visit']);

  await expect(b.page.getByLabel('Notes', { exact: true })).toHaveValue('Gate on the north side', { timeout: 30_000 });
  await expect(b.page.getByLabel('Title', { exact: true })).toHaveValue('Deck plan, revised');
  await expect(b.page.getByTestId('sync-indicator')).not.toContainText('waiting');
  await a.page.goto(`${baseURL}/estimates/${id}/edit`);
  await expect(a.page.getByLabel('Title', { exact: true })).toHaveValue('Deck plan, revised', { timeout: 30_000 });
  await expect(a.page.getByTestId('line-item')).toHaveCount(1);
  await expect(a.page.getByTestId('line-item').getByLabel('Item', { exact: true })).toHaveValue('Site visit');
  await b.page.goto(`${baseURL}/estimates`);
  await expect(b.page.getByTestId('estimate-row')).toHaveCount(2);
  await expect(b.page.getByTestId('estimate-row').filter({ hasText: 'Fence quote' })).toHaveCount(1);
  await expectAccessible(b.page, 'estimates list after converging');
  await a.context.close();
  await b.context.close();
});

test('one tab replicates; when the leader tab closes, another tab takes over', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { context, leader, leaderCounts, follower, followerCounts } = await leaderAndFollower(browser, baseURL!, 'Lea', 'Leader');

  // The follower's edit lands in the shared IndexedDB; the leader pushes it.
  const first = await newEstimate(follower, baseURL!, 'Written in the follower');
  const token = await pageToken(follower, baseURL!);
  await expect.poll(async () => (await serverEstimate(follower.request, baseURL!, token, first))?.title).toBe('Written in the follower');
  await expect(leader.getByTestId('sync-indicator')).not.toContainText('waiting');
  expect(leaderCounts.push).toBeGreaterThan(0);
  expect(followerCounts).toEqual({ push: 0, pull: 0 });

  // Offline, the follower's header counts its unsynced edit: the leader counts, the follower asks.
  await goOffline(context);
  await fillField(follower, 'Title', 'Edited offline in the follower');
  await saved(follower);
  await expect(follower.getByTestId('sync-indicator')).toContainText('1 waiting');
  await expect(leader.getByTestId('sync-indicator')).toContainText('1 waiting');
  await expectAccessible(follower, 'editor offline in a follower tab');
  await goOnline(context);
  await expect.poll(async () => (await serverEstimate(follower.request, baseURL!, token, first))?.title).toBe('Edited offline in the follower');
  await expect(follower.getByTestId('sync-indicator')).not.toContainText('waiting');
  expect(followerCounts).toEqual({ push: 0, pull: 0 });

  // The leader tab closes: the follower takes over and its next edit reaches the server. (A
  // crashed renderer cannot be shown here: headless Chromium runs both tabs in one process.)
  await leader.close();
  const second = await newEstimate(follower, baseURL!, 'After the hand-over');
  await expect.poll(async () => (await serverEstimate(follower.request, baseURL!, token, second))?.title, { timeout: 45_000 }).toBe('After the hand-over');
  expect(followerCounts.push).toBeGreaterThan(0);
  await context.close();
});

test('signing out with an unsynced change warns; "Sign out anyway" keeps it until the same user signs in again', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const owner = await signUpStaff((await browser.newContext()).request, baseURL!, 'Sid', 'Signout');
  const { context, page } = await signedInPage(browser, baseURL!, owner.session);
  // As on a tablet in the field: the app is installed, so /auth opens offline after signing out.
  await waitForServiceWorker(page);
  const id = await newEstimate(page, baseURL!, 'Roof repair');
  const token = await pageToken(page, baseURL!);
  await expect.poll(async () => (await serverEstimate(page.request, baseURL!, token, id))?.title).toBe('Roof repair');

  // Nothing pending: "Sign out" would not ask. Now an offline edit makes one change pending.
  await goOffline(context);
  await fillField(page, 'Title', 'Roof repair, two layers');
  await saved(page);
  await expect(page.getByTestId('sync-indicator')).toContainText('1 waiting');

  const signOut = async () => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  };
  await signOut();
  const dialog = page.getByRole('dialog', { name: 'Sign out with unsynced changes?' });
  await expect(dialog.getByRole('heading', { name: 'Sign out with unsynced changes?' })).toBeVisible();
  await expect(dialog).toContainText('1 change on this device has not reached the server yet.');
  await page.screenshot({ path: 'test-results/screens/sign-out-warning-1024x768.png' });
  await expectAccessible(page, 'sign-out warning');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Roof repair, two layers');

  await signOut();
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByRole('alert')).toContainText('You are offline, so the changes cannot be synced now.');
  await expect(dialog.getByRole('button', { name: 'Sign out anyway' })).toBeEnabled();
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: 'test-results/screens/sign-out-offline-768x1024.png' });
  await expectAccessible(page, 'sign-out warning, offline');
  await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await serverEstimate(page.request, baseURL!, token, id))?.title).toBe('Roof repair');

  // Online again, the same user signs in on this device: the change goes out.
  await goOnline(context);
  await page.getByLabel('Email or phone number').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  const fresh = await pageToken(page, baseURL!);
  await expect.poll(async () => (await serverEstimate(page.request, baseURL!, fresh, id))?.title, { timeout: 45_000 }).toBe('Roof repair, two layers');
  await context.close();
});

test('"Sync now" shows progress while the server does not take the change, and signs out once it has', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await signUpStaff((await browser.newContext()).request, baseURL!, 'Nina', 'Now');
  const { context, page } = await signedInPage(browser, baseURL!, owner.session);
  const id = await newEstimate(page, baseURL!, 'Porch');
  const token = await pageToken(page, baseURL!);
  await expect.poll(async () => (await serverEstimate(page.request, baseURL!, token, id))?.title).toBe('Porch');

  // The server does not take pushes for a while (the browser stays online).
  await context.route('**/rest/v1/rpc/sync_push', (route) => route.abort('connectionrefused'));
  await fillField(page, 'Title', 'Porch and steps');
  await saved(page);
  await expect(page.getByTestId('sync-indicator')).toContainText('1 waiting');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out with unsynced changes?' });
  await expect(dialog).toContainText('1 change on this device');

  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByText('Syncing… 1 change left')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Sign out anyway' })).toBeEnabled();
  await page.screenshot({ path: 'test-results/screens/sign-out-syncing-1024x768.png' });
  // No axe run in this state: the dialog gives up after 20 s without progress, and a slow
  // machine's axe run can eat that window (the dialog's other states are checked above).
  await context.unroute('**/rest/v1/rpc/sync_push');
  await expect(page).toHaveURL(/\/auth$/, { timeout: 45_000 });
  expect((await serverEstimate(page.request, baseURL!, token, id))?.title).toBe('Porch and steps');
  await context.close();
});

// A leader tab whose script stops while it holds the lock (a debugger pause here; a hung or
// suspended tab in the field) hands over: the follower hears no heartbeat, steals the lock and
// pushes, the leader's unsynced work included. Headless Chromium cannot freeze a tab through
// the lifecycle API (pages stay visible), so this pauses the script instead. When the old
// leader wakes up, its push state is fenced: it sends nothing, and follows.
test('a hung leader tab that still holds the lock hands over to another tab', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { owner, context, leader, leaderCounts, follower, followerCounts } = await leaderAndFollower(browser, baseURL!, 'Fay', 'Frozen');
  const other = await signedInPage(browser, baseURL!, owner.session);
  expect(followerCounts.push + followerCounts.pull).toBe(0);

  // The server takes no pushes for a while: the leader hangs with a change of its own unsynced
  // and a push of it waiting to be retried. (No page.goto in the leader: a reload would end
  // its leadership the ordinary way.)
  await context.route('**/rest/v1/rpc/sync_push', (route) => route.abort('connectionrefused'));
  await leader.getByRole('button', { name: 'New estimate' }).first().click();
  await expect(leader).toHaveURL(/\/estimates\/[0-9a-f-]+\/edit$/);
  const before = new URL(leader.url()).pathname.split('/')[2]!;
  await fillField(leader, 'Title', 'Written before the freeze');
  await saved(leader);
  await expect(leader.getByTestId('sync-indicator')).toContainText('1 waiting');
  // Paused in the middle of an IndexedDB transaction, a tab would block every other tab's use
  // of that store (no JavaScript can prevent that): pause it once its three push attempts have
  // failed, while RxDB waits before the next round and the tab only beats.
  await expect.poll(() => leaderCounts.push).toBeGreaterThanOrEqual(3);
  await leader.waitForTimeout(500);

  const cdp = await context.newCDPSession(leader);
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.pause');
  const pushesWhileLeading = leaderCounts.push;
  await context.unroute('**/rest/v1/rpc/sync_push');

  // The follower takes over: its edit and the frozen leader's reach the server and the other device.
  const during = await newEstimate(follower, baseURL!, 'While the leader is frozen');
  const token = await pageToken(follower, baseURL!);
  await expect.poll(async () => (await serverEstimate(follower.request, baseURL!, token, during))?.title, { timeout: 45_000 }).toBe('While the leader is frozen');
  await expect.poll(async () => (await serverEstimate(follower.request, baseURL!, token, before))?.title).toBe('Written before the freeze');
  expect(followerCounts.push).toBeGreaterThan(0);
  expect(leaderCounts.push).toBe(pushesWhileLeading);
  await expect(other.page.getByTestId('estimate-row').filter({ hasText: 'While the leader is frozen' })).toHaveCount(1, { timeout: 30_000 });
  await expect(other.page.getByTestId('estimate-row').filter({ hasText: 'Written before the freeze' })).toHaveCount(1);

  // The old leader wakes up. Its retry comes due, but it pushes nothing stale: it follows now,
  // and its next edit goes out through the new leader.
  await cdp.send('Debugger.resume');
  await cdp.send('Debugger.disable');
  await fillField(leader, 'Title', 'Edited after waking up');
  await saved(leader);
  await expect.poll(async () => (await serverEstimate(follower.request, baseURL!, token, before))?.title, { timeout: 45_000 }).toBe('Edited after waking up');
  await expect(leader.getByTestId('sync-indicator')).not.toContainText('waiting');
  expect(leaderCounts.push).toBe(pushesWhileLeading);

  // Nothing lost, the same everywhere.
  expect((await serverEstimate(follower.request, baseURL!, token, during))?.title).toBe('While the leader is frozen');
  for (const page of [leader, follower, other.page]) {
    await page.goto(`${baseURL}/estimates`);
    await expect(page.getByTestId('estimate-row').filter({ hasText: 'Edited after waking up' })).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId('estimate-row').filter({ hasText: 'While the leader is frozen' })).toHaveCount(1);
    await expect(page.getByTestId('estimate-row')).toHaveCount(2);
  }
  await other.context.close();
  await context.close();
});
