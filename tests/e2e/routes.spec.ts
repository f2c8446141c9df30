// Every route of SPEC.md §2: where it lands signed out and signed in, empty parameters, legacy
// redirects, and the head tags of each path.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { expectScreen, signUpStaff, storeSession } from './support';

const APP = 'Customer Engagement Portal';

// Routing needs no service worker; installing one in every fresh context only slows the table.
test.use({ serviceWorkers: 'block' });

type Case = { path: string; title: string };

const PUBLIC: Case[] = [
  { path: '/requests', title: 'Request an Estimate' },
  { path: '/auth', title: 'Sign In' },
  { path: '/auth?reset=true', title: 'Sign In' },
  { path: '/portal-auth', title: 'Customer Portal Sign In' },
  { path: '/portal-selection', title: 'Choose a Customer Portal' },
  { path: '/prospect-portal-auth', title: 'Prospect Portal Sign In' },
  { path: '/prospect-portal-selection', title: 'Choose a Prospect Portal' },
  { path: '/prospect-portal/tok-123', title: 'Prospect Portal' },
  { path: '/invite/inv-123', title: 'Accept Invitation' },
  { path: '/portal/estimate/est-123', title: 'Your Estimate' },
];

const CUSTOMER = ['/portal/tok-123', '/portal/tok-123/new-estimate'];

const STAFF: Case[] = [
  { path: '/', title: 'Home' },
  { path: '/estimates', title: 'Estimates' },
  { path: '/estimates/e-1', title: 'Estimate' },
  { path: '/estimates/e-1/edit', title: 'Edit Estimate' },
  { path: '/estimates/e-1/streamlined', title: 'Streamlined Estimate' },
  { path: '/prospects', title: 'Prospects' },
  { path: '/accounts', title: 'Accounts' },
  { path: '/products', title: 'Products' },
  { path: '/analytics', title: 'Analytics' },
  { path: '/portals', title: 'Portals' },
  { path: '/portals/p-1', title: 'Portal' },
  { path: '/portals/p-1/settings', title: 'Portal Settings' },
  { path: '/settings', title: 'Settings' },
  { path: '/team', title: 'Team' },
  { path: '/monitoring', title: 'Monitoring' },
];

const EMPTY_PARAMS = [
  '/invite/%20',
  '/invite/',
  '/portal/%20',
  '/portal/%20/new-estimate',
  '/portal/estimate/%20',
  '/prospect-portal/%20',
  '/estimates/%20',
  '/estimates/%20/edit',
  '/estimates/%20/streamlined',
  '/portals/%20',
  '/portals/%20/settings',
];

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function expectHead(page: Page, name: string) {
  const title = `${name} · ${APP}`;
  await expect(page).toHaveTitle(title);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length).toBeGreaterThan(20);
  expect(description!.length).toBeLessThanOrEqual(160);
  const url = new URL(page.url());
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${url.origin}${url.pathname}`);
  return description!;
}

test.describe('signed out', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const c of PUBLIC) {
    test(`public ${c.path} stays and shows its page`, async ({ page }) => {
      await page.goto(c.path);
      await expectScreen(page, c.title);
      expect(pathOf(page)).toBe(c.path);
      await expectHead(page, c.title);
      await expectAccessible(page, c.path);
    });
  }

  test('each public page has its own description', async ({ page }) => {
    test.setTimeout(120_000);
    const seen = new Map<string, string>();
    for (const c of PUBLIC.filter((p) => !p.path.includes('?'))) {
      await page.goto(c.path);
      await expect(page).toHaveTitle(`${c.title} · ${APP}`);
      seen.set(c.path, await expectHead(page, c.title));
    }
    expect(new Set(seen.values()).size).toBe(seen.size);
  });

  for (const path of CUSTOMER) {
    test(`customer ${path} goes to /portal-auth with the path to return to`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/portal-auth');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
      expect(pathOf(page)).toBe(`/portal-auth?redirect=${encodeURIComponent(path)}`);
      await expectScreen(page, 'Customer Portal Sign In');
    });
  }

  for (const c of STAFF) {
    test(`staff ${c.path} goes to /auth with the path to return to`, async ({ page }) => {
      await page.goto(c.path);
      await expect(page).toHaveURL((url) => url.pathname === '/auth');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(c.path);
    });
  }

  for (const path of EMPTY_PARAMS) {
    test(`empty parameter ${path} goes to /404`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/404');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expectHead(page, 'Page Not Found');
    });
  }

  test('/404 and unmatched paths show the not-found page', async ({ page }) => {
    for (const path of ['/404', '/no/such/page', '/estimatesx', '/portal-authx']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      expect(pathOf(page)).toBe(path);
      await expect(page).toHaveTitle(`Page Not Found · ${APP}`);
    }
    await expectAccessible(page, 'not-found page');
  });

  test('legacy /communities paths redirect, then ask staff to sign in', async ({ page }) => {
    await page.goto('/communities/c-9/edit');
    await expect(page).toHaveURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/estimates/c-9/edit');
  });

  test('a page that cannot read its config says the server cannot be reached, on each page of its own too', async ({ page }) => {
    await page.route('**/config.json', (route) => route.abort('internetdisconnected'));
    for (const path of ['/auth', '/portal-auth', '/portal/estimate/abc']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: "Can't reach the server" })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    }
  });

  test('a path inside the portal page that is not a portal page opens in the app', async ({ page }) => {
    await page.goto('/portal-selection');
    await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    await page.evaluate(() => {
      history.pushState(null, '', '/requests');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: /request an estimate/i }).first()).toBeVisible();
    await expect(page).toHaveTitle(`Request an Estimate · ${APP}`);
  });

  test('portal routes that need no customer session never redirect', async ({ page }) => {
    for (const path of ['/portal-auth?redirect=%2Fportal%2Fx', '/portal-selection', '/portal/estimate/abc']) {
      await page.goto(path);
      await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
      expect(pathOf(page)).toBe(path);
    }
  });
});

test.describe('signed in', () => {
  test.describe.configure({ mode: 'serial' });
  let session: Awaited<ReturnType<typeof signUpStaff>>['session'];

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext();
    session = (await signUpStaff(request, baseURL!)).session;
    await request.dispose();
  });

  test('every staff route shows its page, title and description', async ({ page, baseURL }) => {
    // Every staff area (fifteen and growing), each with its accessibility check.
    test.setTimeout(300_000);
    await storeSession(page, baseURL!, session);
    const descriptions = new Set<string>();
    for (const c of STAFF) {
      await page.goto(c.path);
      await expectScreen(page, c.title);
      expect(pathOf(page)).toBe(c.path);
      descriptions.add(await expectHead(page, c.title));
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expectAccessible(page, c.path);
    }
    expect(descriptions.size).toBe(STAFF.length);
  });

  test('legacy redirects land on the estimates pages', async ({ page, baseURL }) => {
    await storeSession(page, baseURL!, session);
    for (const [from, to] of [
      ['/communities', '/estimates'],
      ['/communities/c-9', '/estimates/c-9'],
      ['/communities/c-9/edit', '/estimates/c-9/edit'],
    ]) {
      await page.goto(from!);
      await expect(page).toHaveURL((url) => url.pathname === to);
      await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    }
  });

  test('empty parameters still go to /404, and customer routes still need a customer session', async ({ page, baseURL }) => {
    await storeSession(page, baseURL!, session);
    await page.goto('/estimates/%20/edit');
    await expect(page).toHaveURL((url) => url.pathname === '/404');
    await page.goto('/portal/tok-123');
    await expect(page).toHaveURL((url) => url.pathname === '/portal-auth');
  });

  test('navigating with the sidebar keeps the shell and updates the title', async ({ page, baseURL }) => {
    await storeSession(page, baseURL!, session);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/products');
    await expect(page).toHaveTitle(`Products · ${APP}`);
    await expect(page.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
  });

  test('sign-out goes to /auth and the staff routes close', async ({ page, baseURL }) => {
    await storeSession(page, baseURL!, session);
    await page.goto('/estimates');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/auth' && url.search === '');
    await page.goto('/estimates');
    await expect(page).toHaveURL((url) => url.pathname === '/auth');
  });
});
