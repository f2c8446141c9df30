// The /auth screens at the two tablet sizes and at 200 % zoom (a 1024 px window at 200 % is a
// 512 px wide page): screenshots to look at, no serious or critical accessibility violations,
// and nothing cut off.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoLostContent, test } from './fixtures';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 512, height: 384 },
];

const SCREENS: { name: string; path: string; prepare: (page: Page) => Promise<void> }[] = [
  {
    name: 'sign-in',
    path: '/auth',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByText('You must provide either an email or phone number and a password')).toBeVisible();
    },
  },
  {
    name: 'sign-up',
    path: '/auth?mode=sign-up',
    prepare: async (page) => {
      await page.getByLabel('Password', { exact: true }).fill('Abcdefgh1');
      await expect(page.getByText('Password must contain at least one special character')).toBeVisible();
      await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'weak');
    },
  },
  {
    name: 'reset',
    path: '/auth?reset=true',
    prepare: async (page) => {
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    },
  },
];

for (const size of SIZES) {
  test(`auth screens at ${size.width}×${size.height}`, async ({ page }, testInfo) => {
    await page.setViewportSize(size);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await screen.prepare(page);
      await page.screenshot({ path: testInfo.outputPath(`${screen.name}-${size.width}x${size.height}.png`), fullPage: true });
      await expectAccessible(page, `${screen.name} at ${size.width}×${size.height}`);
      await expectNoLostContent(page, `${screen.name} at ${size.width}×${size.height}`);
    }
  });
}
