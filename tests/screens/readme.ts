// Screenshots of the real screens for README.md (.readme/*.png), taken from a private server
// with the demo data: `npm run build && npx tsx tests/screens/readme.ts`. Not part of npm test.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { repoRoot, startPrivateServer, storeSession } from '../e2e/support';
import { shoot as shootTo, signInDemoOwner } from './demo';

const OUT = path.join(repoRoot, '.readme');
const shoot = (page: Parameters<typeof shootTo>[0], name: string, ready: () => Promise<unknown>) => shootTo(page, OUT, name, ready);

const server = await startPrivateServer({ SEED: 'true' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  mkdirSync(OUT, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const heading = (name: RegExp | string) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 120_000 });
  await page.goto(`${server.url}/auth`);
  await shoot(page, 'sign-in', () => page.getByLabel('Password', { exact: true }).waitFor());
  await storeSession(page, server.url, await signInDemoOwner(server.url));
  await page.goto(`${server.url}/estimates`);
  await shoot(page, 'estimates', async () => {
    await heading('Estimates');
    await page.getByTestId('sync-indicator').and(page.locator('[data-state="idle"]')).waitFor({ timeout: 120_000 });
  });
  await page.getByTestId('estimate-row').first().click().catch(() => page.getByRole('link').filter({ hasText: /EST-/ }).first().click());
  await shoot(page, 'estimate', () => page.getByTestId('estimate-number').first().waitFor());
  await page.goto(`${server.url}/`);
  await shoot(page, 'home', async () => {
    await heading(/./);
    await page.getByText('Reading your day').waitFor({ state: 'hidden', timeout: 120_000 });
  });
  await page.goto(`${server.url}/prospects`);
  await shoot(page, 'prospects', () => heading('Prospects'));
  await page.goto(`${server.url}/analytics`);
  await shoot(page, 'analytics', () => page.getByTestId('analytics').and(page.locator('[data-computing="false"]')).waitFor({ timeout: 120_000 }));
} finally {
  await browser.close();
  await server.stop();
}
