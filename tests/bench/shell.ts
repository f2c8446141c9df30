// The app shell in Chromium: gzipped JavaScript that /auth loads (goal ≤ 200 KB), and the time
// from navigation to a rendered sign-in screen with the service worker warm and the network
// cut, as a ratio to loading a precached static file (/favicon.svg) the same way (goal ≤ 3).
// The screen is written into auth.html (src/auth-shell-server.tsx) and shows before the app
// runs; the time until the app has taken it over (its Sign in button enabled) is printed too.
import { expect, type BrowserContext } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { startTestServer } from '../../supabase/local/testing/harness';
import { buildApp, launchChromium } from './lib/browser';

const RUNS = 15;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

type Times = { shown: number[]; interactive: number[] };

async function timeOffline(context: BrowserContext, url: string, ready: string | null): Promise<Times> {
  const times: Times = { shown: [], interactive: [] };
  for (let i = 0; i < RUNS; i++) {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(url, { waitUntil: ready ? 'commit' : 'load' });
    if (ready) await page.getByRole('heading', { name: ready }).waitFor();
    times.shown.push(performance.now() - started);
    if (ready) {
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
      times.interactive.push(performance.now() - started);
    }
    await page.close();
  }
  return times;
}

export async function run(): Promise<void> {
  // Its own build of the working tree (BENCH_APP_DIR reuses one), never a possibly stale dist/.
  const app = await buildApp();
  const server = await startTestServer('pglite', { STATIC_DIR: app.dir });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    let jsBytes = 0;
    let jsGzip = 0;
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (!body) return;
      jsBytes += body.length;
      jsGzip += gzipSync(body).length;
    });
    await page.goto(`${server.url}/auth`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.waitForLoadState('networkidle');
    console.log(`JavaScript loaded by /auth: ${(jsGzip / 1024).toFixed(1)} KB gzipped (${(jsBytes / 1024).toFixed(1)} KB raw); goal ≤ 200 KB`);

    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.close();
    // Offline for real: the service worker's own fetches are cut too, not only the page's.
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    const { shown, interactive } = await timeOffline(context, `${server.url}/auth`, 'Welcome back');
    const { shown: blank } = await timeOffline(context, `${server.url}/favicon.svg`, null);
    const ms = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms`;
    const ratio = (xs: number[]) => `p50 ${(percentile(xs, 50) / percentile(blank, 50)).toFixed(2)}, p95 ${(percentile(xs, 95) / percentile(blank, 95)).toFixed(2)}`;
    console.log(`offline shell (/auth shown), service worker warm: ${ms(shown)}`);
    console.log(`  the app took it over (Sign in enabled): ${ms(interactive)}`);
    console.log(`baseline (precached /favicon.svg, same way): ${ms(blank)}`);
    console.log(`ratio shell / baseline: ${ratio(shown)} (goal ≤ 3); taken over / baseline: ${ratio(interactive)}`);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    await app.remove();
  }
}
