// The customer estimate page (/portal/estimate/{token}) as a customer first meets it:
// 1. the JavaScript it loads, gzipped, file by file, the forms that load after the estimate
//    shows included (goal ≤ 150 KB; no RxDB, no staff screens), and whether any staff code is
//    among it;
// 2. a cold load with Chromium's network throttled (1.6 Mbps down, 750 Kbps up, 150 ms
//    latency) until the estimate's total is on screen (the element there and the page painted),
//    as a ratio to a static HTML page of the same server loaded the same way (goal ≤ 3×). Each
//    run is a new browser context: nothing cached. The server renders the page with its
//    estimate (supabase/local/estimate-link-page.ts), so the total shows with the HTML and its
//    stylesheet; the page's script then takes over that HTML.
import type { BrowserContext, Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';
import { benchBackend, buildApp, launchChromium, ms, percentile, printTable, ratio, signIn } from './lib/browser';
import { signUpOwner } from './lib/seed';

const RUNS = 7;
const THROTTLE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const STAFF_CODE = /rxdb|dexie|features\/estimates|features\/products|features\/analytics|sync\/|recharts|dnd-kit/i;

/** A sent estimate with options, a timeline and a comment; returns its customer link token. */
async function seedSentEstimate(server: TestServer): Promise<string> {
  const owner = await signUpOwner(server, `customer-bench-${Date.now()}@example.com`);
  const session = await signIn(server, owner.email, owner.password);
  const client = createTestClient(server);
  await client.auth.setSession(session);
  const id = crypto.randomUUID();
  const check = (what: string, error: { message: string } | null) => {
    if (error) throw new Error(`${what}: ${error.message}`);
  };
  check('organization', (await client.from('organizations').update({ name: 'Harbor Decks & Patios', brand_color: '#0f766e', phone: '(555) 010-0200' }).eq('id', owner.orgId)).error);
  check('estimate', (await client.from('estimates').insert({ id, org_id: owner.orgId, number: 'DRAFT-BENCH', title: 'Back deck and railing', tax_rate: 8, notes: 'Includes removal.', terms: 'Half on signing.' })).error);
  const items = Array.from({ length: 12 }, (_, i) => ({
    org_id: owner.orgId, estimate_id: id, name: `Line ${i + 1}: cedar boards and fittings`, description: 'Installed, grade A', quantity: 4 + i, unit: 'sqft',
    unit_price_cents: 4500 + i * 100, unit_cost_cents: 2000, optional: i >= 9, selected: i < 10, sort_order: i,
  }));
  check('items', (await client.from('estimate_items').insert(items)).error);
  check('milestones', (await client.from('milestones').insert([
    { org_id: owner.orgId, estimate_id: id, title: 'Remove old deck', start_date: '2027-03-01', end_date: '2027-03-02', sort_order: 0 },
    { org_id: owner.orgId, estimate_id: id, title: 'Build and finish', start_date: '2027-03-03', end_date: '2027-03-10', sort_order: 1 },
  ])).error);
  check('comment', (await client.from('comments').insert({ org_id: owner.orgId, estimate_id: id, body: 'Happy to answer any questions.', internal: false })).error);
  check('send', (await client.from('estimates').update({ status: 'sent' }).eq('id', id)).error);
  const { data, error } = await client.rpc('issue_estimate_link', { p_estimate_id: id });
  check('link', error);
  return data as string;
}

type Script = { url: string; raw: number; gzip: number };

async function scriptsLoaded(context: BrowserContext, url: string): Promise<Script[]> {
  const page = await context.newPage();
  const scripts: Promise<Script | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length }), () => null));
  });
  await page.goto(url);
  await page.getByTestId('estimate-total').waitFor();
  // All of it, the forms loaded after the estimate shows (decision, signature pad, comment) too.
  await page.getByRole('button', { name: 'Post comment' }).waitFor();
  await page.locator('[data-testid="signature-pad"][data-ready="true"]').waitFor();
  await page.waitForLoadState('networkidle');
  const list = (await Promise.all(scripts)).filter((s): s is Script => s !== null);
  await page.close();
  return list;
}

/** Loaded chunks whose name or text shows staff code (library names survive minification). */
async function staffCodeIn(page: Page, scripts: Script[]): Promise<string[]> {
  const found: string[] = [];
  for (const script of scripts) {
    const text = await page.evaluate(async (url) => (await fetch(url)).text(), script.url);
    const match = STAFF_CODE.exec(script.url) ?? STAFF_CODE.exec(text);
    if (match) found.push(`${script.url} (${match[0]})`);
  }
  return found;
}

async function coldLoad(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  // On screen means painted, with the page's stylesheet: an element laid out before its
  // render-blocking stylesheet arrived would count too early.
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { polling: 16 });
  const elapsed = performance.now() - started;
  await page.close();
  return elapsed;
}

export async function run(): Promise<void> {
  const app = await buildApp();
  // A static page of the same server, for the baseline: HTML and a stylesheet's worth of text, no script.
  await writeFile(
    path.join(app.dir, 'bench-static.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title></head><body><main><h1>Static page</h1>${'<p>Estimate line with some words of description.</p>'.repeat(40)}</main></body></html>`,
  );
  const server = await startTestServer(benchBackend(), { STATIC_DIR: app.dir });
  const browser = await launchChromium();
  try {
    const token = await seedSentEstimate(server);
    const url = `${server.url}/portal/estimate/${token}`;

    const sizeContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block' });
    const scripts = (await scriptsLoaded(sizeContext, url)).sort((a, b) => b.gzip - a.gzip);
    const total = scripts.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
    console.log(`JavaScript loaded by /portal/estimate/{token}: ${(total.gzip / 1024).toFixed(1)} KB gzipped (${(total.raw / 1024).toFixed(1)} KB raw) in ${scripts.length} files; goal ≤ 150 KB`);
    printTable(['file', 'gzip KB', 'raw KB'], scripts.map((s) => [s.url, (s.gzip / 1024).toFixed(1), (s.raw / 1024).toFixed(1)]));
    const probe = await sizeContext.newPage();
    await probe.goto(`${server.url}/bench-static.html`);
    const staff = await staffCodeIn(probe, scripts);
    console.log(staff.length ? `staff code among them: ${staff.join(', ')}` : 'no staff code among them (RxDB, Dexie, sync, staff features)');
    await sizeContext.close();

    const page: number[] = [];
    const noWorker: number[] = [];
    const base: number[] = [];
    const fresh = (serviceWorkers: 'allow' | 'block') => browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers });
    const totalShown = (p: Page) => p.getByTestId('estimate-total').waitFor({ timeout: 60_000 });
    for (let i = 0; i < RUNS; i++) {
      // Fresh contexts: a cold cache and a first visit each time; they alternate so load on the machine hits all alike.
      const a = await fresh('allow');
      page.push(await coldLoad(a, url, totalShown));
      await a.close();
      const b = await fresh('allow');
      base.push(await coldLoad(b, `${server.url}/bench-static.html`, (p) => p.getByRole('heading', { name: 'Static page' }).waitFor()));
      await b.close();
      // For the report: the same without the service worker's precache competing for the line.
      const c = await fresh('block');
      noWorker.push(await coldLoad(c, url, totalShown));
      await c.close();
    }
    console.log(`\ncold load, throttled to 1.6 Mbps down / 150 ms latency, ${RUNS} runs each`);
    printTable(
      ['page', 'p50', 'p95'],
      [
        ['/portal/estimate/{token} until the total shows', ms(percentile(page, 50)), ms(percentile(page, 95))],
        ['  the same, service worker blocked (no precache)', ms(percentile(noWorker, 50)), ms(percentile(noWorker, 95))],
        ['static HTML page of the same server', ms(percentile(base, 50)), ms(percentile(base, 95))],
      ],
    );
    console.log(`ratio estimate page / static page: p50 ${ratio(percentile(page, 50), percentile(base, 50))}, p95 ${ratio(percentile(page, 95), percentile(base, 95))} (goal ≤ 3×)`);
    console.log(`  without the service worker: p50 ${ratio(percentile(noWorker, 50), percentile(base, 50))}, p95 ${ratio(percentile(noWorker, 95), percentile(base, 95))}`);
  } finally {
    await browser.close();
    await server.close();
    await app.remove();
  }
}
