// The staff shell: layout at tablet and phone sizes, the offline indicator, the user menu,
// accessibility (axe-core) and screenshots for a human look.
import { expect, expectAccessible, expectNoLostContent, test } from './fixtures';
import { signUpStaff, storeSession, type StoredSession } from './support';

test.use({ serviceWorkers: 'block' });

let session: StoredSession;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext();
  session = (await signUpStaff(request, baseURL!, 'Grace', 'Hopper')).session;
  await request.dispose();
});

test('tablet landscape: sidebar with every staff area, header with status and user menu', async ({ page, baseURL }) => {
  await storeSession(page, baseURL!, session);
  await page.goto('/estimates');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Estimates', 'Prospects', 'Accounts', 'Products', 'Analytics', 'Portals', 'Team', 'Settings', 'Monitoring']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', /^(idle|syncing)$/);
  await expect(page.getByRole('button', { name: /Account menu for Grace Hopper/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/shell-1024x768.png', fullPage: true });
  await expectAccessible(page, 'staff shell at 1024×768');
});

test('the header shows when the browser goes offline and back', async ({ page, context, baseURL }) => {
  await storeSession(page, baseURL!, session);
  await page.goto('/');
  const indicator = page.getByTestId('sync-indicator');
  await expect(indicator).toHaveAttribute('data-state', /^(idle|syncing)$/);
  await context.setOffline(true);
  await expect(indicator).toHaveAttribute('data-state', 'offline');
  await expect(indicator).toContainText('Offline');
  await expectAccessible(page, 'staff shell offline');
  await context.setOffline(false);
  await expect(indicator).toHaveAttribute('data-state', /^(idle|syncing)$/);
});

test('the user menu links to account security on the settings page', async ({ page, baseURL }) => {
  await storeSession(page, baseURL!, session);
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Account security' })).toBeVisible();
  await expectAccessible(page, 'user menu open');
  await page.getByRole('menuitem', { name: 'Account security' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/settings' && url.hash === '#security');
  await expect(page.locator('#security')).toBeVisible();
});

test('tablet portrait: a compact rail keeps every area one tap away', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await storeSession(page, baseURL!, session);
  await page.goto('/products');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Monitoring' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/shell-768x1024.png', fullPage: true });
  await expectAccessible(page, 'staff shell at 768×1024');
});

test('phone: navigation collapses into a drawer that opens, navigates and closes', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await storeSession(page, baseURL!, session);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/shell-390x844-drawer.png' });
  await expectAccessible(page, 'navigation drawer open at 390×844');
  await drawer.getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/team');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/shell-390x844.png', fullPage: true });
  await expectAccessible(page, 'staff shell at 390×844');
});

test('keyboard: skip link, then the navigation in order', async ({ page, baseURL }) => {
  await storeSession(page, baseURL!, session);
  await page.goto('/');
  await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('axe: no serious or critical violations on the shell, a public page and the not-found page', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await storeSession(page, baseURL!, session);
  for (const path of ['/', '/estimates/e-1', '/settings']) {
    await page.goto(path);
    await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, path);
  }
  await page.evaluate(() => localStorage.clear());
  for (const path of ['/requests', '/portal-auth', '/404', '/auth']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, path);
  }
  await page.goto('/requests');
  await page.screenshot({ path: 'test-results/screens/public-1024x768.png', fullPage: true });
});

test('reduced motion: transitions and animations are cut to nothing', async ({ page, baseURL }) => {
  await storeSession(page, baseURL!, session);
  await page.goto('/');
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' });
  const seconds = (value: string) => Math.max(...value.split(',').map((v) => parseFloat(v)));
  expect(seconds(await link.evaluate((el) => getComputedStyle(el).transitionDuration))).toBeGreaterThan(0.1);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(seconds(await link.evaluate((el) => getComputedStyle(el).transitionDuration))).toBeLessThan(0.001);
  await page.getByRole('button', { name: /Account menu/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  expect(seconds(await menu.evaluate((el) => getComputedStyle(el).transitionDuration))).toBeLessThan(0.001);
  await page.keyboard.press('Escape');
  // The spinner stops turning too.
  await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.className = 'animate-spin';
    probe.id = 'spin-probe';
    document.body.append(probe);
  });
  const spin = await page.locator('#spin-probe').evaluate((el) => [getComputedStyle(el).animationDuration, getComputedStyle(el).animationIterationCount]);
  expect(spin).toEqual(['1e-05s', '1']);
});

test.describe('200 % zoom (1024 px at 200 % is a 512 px wide page)', () => {
  test.use({ viewport: { width: 512, height: 384 }, deviceScaleFactor: 2 });

  test('the staff screens lose nothing and every area stays reachable', async ({ page, baseURL }, testInfo) => {
    // Four screens, each rendered at twice the pixels and photographed whole.
    test.setTimeout(90_000);
    await storeSession(page, baseURL!, session);
    for (const [path, name] of [
      ['/', 'home'],
      ['/estimates', 'estimates'],
      ['/products', 'products'],
      ['/settings', 'settings'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`zoom-200-${name}.png`), fullPage: true });
      await expectNoLostContent(page, `${path} at 200 %`);
    }
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const last = page.getByRole('dialog').getByRole('link', { name: 'Monitoring' });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await expectAccessible(page, 'navigation drawer at 200 %');
    await last.click();
    await expect(page).toHaveURL((url) => url.pathname === '/monitoring');
    await expectNoLostContent(page, '/monitoring at 200 %');
  });
});
