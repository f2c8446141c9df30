// The installable PWA: after one online visit the shell starts and routes with the server gone,
// and a new build is offered through the update prompt. Each test runs its own backend so it
// can stop it: context.setOffline alone does not cut a service worker's own requests.
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, expectAccessible, test } from './fixtures';
import { authStorageKey, expectScreen, signUpStaff, startPrivateServer, storeSession, waitForServiceWorker, type PrivateServer } from './support';

let server: PrivateServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test('manifest: name, icons including maskable, theme colour, standalone', async ({ page }) => {
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Customer Engagement Portal', display: 'standalone', theme_color: '#1d4ed8' });
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons as { src: string }[]) expect((await page.request.get(icon.src)).ok()).toBe(true);
  await page.goto('/requests');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', /manifest\.webmanifest/);
});

test('after one online visit the shell reloads and navigates with the server stopped', async ({ page, context }) => {
  test.setTimeout(120_000);
  // On embedded PGlite, what `npm start` uses by default (the other journeys run on PostgreSQL).
  server = await startPrivateServer({ E2E_BACKEND: 'pglite' });
  const { session } = await signUpStaff(page.request, server.url);
  await storeSession(page, server.url, session);

  await page.goto(`${server.url}/`);
  await expectScreen(page, 'Home');
  await waitForServiceWorker(page);
  await expectScreen(page, 'Home');
  // Under the service worker's control /config.json goes through its cache; forget the copy in
  // localStorage so the offline start below has to use that cache.
  await page.waitForFunction(async () => Boolean(await (await caches.open('runtime-config')).match('/config.json')));
  await page.evaluate(() => localStorage.removeItem('cep.runtime-config'));

  await server.stop();
  await context.setOffline(true);
  const apiCalls: string[] = [];
  page.on('requestfinished', (request) => {
    if (/\/(auth|rest)\/v1\//.test(request.url())) apiCalls.push(request.url());
  });

  await page.reload();
  await expectScreen(page, 'Home');
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'offline');
  await expectAccessible(page, 'home offline with the server stopped');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await expectScreen(page, 'Products');
  // The routes below are checked online in routes.spec.ts; offline they differ only in the
  // header's sync state, checked here and in shell.spec.ts. (Kept short: this test has a budget.)
  await expectAccessible(page, 'products offline with the server stopped');

  for (const [route, heading] of [
    ['/estimates/e-7/edit', 'Edit Estimate'],
    ['/monitoring', 'Monitoring'],
    ['/requests', 'Request an Estimate'],
    ['/portal/estimate/t-1', 'Your Estimate'],
    ['/invite/i-1', 'Accept Invitation'],
  ] as const) {
    await page.goto(`${server.url}${route}`);
    await expectScreen(page, heading);
  }
  // The API is never answered from a cache.
  expect(apiCalls).toEqual([]);
});

test('offline with an expired access token the staff shell still opens', async ({ page, context }) => {
  test.setTimeout(120_000);
  server = await startPrivateServer();
  const { session } = await signUpStaff(page.request, server.url);
  await storeSession(page, server.url, session);
  await page.goto(`${server.url}/estimates`);
  await expectScreen(page, 'Estimates');
  await waitForServiceWorker(page);

  await server.stop();
  await context.setOffline(true);
  const key = authStorageKey(server.url);
  await page.evaluate((k) => {
    const stored = JSON.parse(localStorage.getItem(k)!);
    stored.expires_at = Math.floor(Date.now() / 1000) - 3600;
    localStorage.setItem(k, JSON.stringify(stored));
  }, key);

  await page.reload();
  await expectScreen(page, 'Estimates');
  expect(new URL(page.url()).pathname).toBe('/estimates');
  await expectAccessible(page, 'estimates offline with an expired token');
});

test('a new build is offered through the update prompt and applied on Reload', async ({ page }) => {
  test.setTimeout(120_000);
  server = await startPrivateServer();
  await page.goto(`${server.url}/requests`);
  await expectScreen(page, 'Request an Estimate');
  await waitForServiceWorker(page);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);

  const sw = path.join(server.staticDir, 'sw.js');
  const before = readFileSync(sw, 'utf8');
  appendFileSync(sw, `\n// next build ${Date.now()}\n`);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });

  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText('A new version is available');
  await expectAccessible(page, 'update prompt');
  // Listen before clicking: the reload may finish before the click's promise settles.
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expectScreen(page, 'Request an Estimate');
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
  expect(before.length).toBeGreaterThan(0);
});
