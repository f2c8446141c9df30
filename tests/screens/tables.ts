// Screenshots of the screens that show the shared tables (components/ui/table.tsx) at the
// tablet's two orientations, with the demo data: `npx tsx tests/screens/tables.ts [label]`
// after `npm run build` (or with E2E_STATIC_DIR naming another build). The pictures go to
// test-results/screens/tables/<label>/. Not part of npm test: for looking at, before and after a
// change to the tables.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { repoRoot, startPrivateServer, storeSession } from '../e2e/support';
import { shoot, signInDemoOwner } from './demo';

const OUT = path.join(repoRoot, 'test-results/screens/tables', process.argv[2] ?? 'now');
const SIZES = { landscape: { width: 1024, height: 768 }, portrait: { width: 768, height: 1024 } };
const WAIT = { timeout: 120_000 };

async function screens(page: Page, url: string, size: string) {
  const dir = path.join(OUT, size);
  mkdirSync(dir, { recursive: true });
  const heading = (name: RegExp | string) => page.getByRole('heading', { level: 1, name }).waitFor(WAIT);
  await page.goto(`${url}/portals`);
  await shoot(page, dir, 'portals', () => page.getByTestId('portal-row').first().waitFor(WAIT));
  await page.getByTestId('portal-row').first().click();
  await shoot(page, dir, 'portal', () => page.getByRole('heading', { name: 'Access log' }).waitFor(WAIT), { fullPage: true });
  await page.goto(`${url}/team`);
  await shoot(page, dir, 'team', () => page.getByRole('table').first().waitFor(WAIT));
  await page.goto(`${url}/monitoring`);
  await shoot(page, dir, 'monitoring', async () => {
    await heading(/Monitoring/);
    await page.getByRole('heading', { name: 'Customer sessions' }).waitFor(WAIT);
    await page.getByText(/Loading sessions|Loading/).first().waitFor({ state: 'hidden', ...WAIT }).catch(() => undefined);
  }, { fullPage: true });
}

const server = await startPrivateServer({ SEED: 'true' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const session = await signInDemoOwner(server.url);
  for (const [size, viewport] of Object.entries(SIZES)) {
    const page = await browser.newPage({ viewport });
    await storeSession(page, server.url, session);
    await screens(page, server.url, size);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
