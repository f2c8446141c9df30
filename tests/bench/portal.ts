// The customer portal on the customer's own device:
// 1. the JavaScript the portal routes load (sign-in from the e-mailed link, the portal home),
//    gzipped, file by file (goal ≤ 150 KB), and whether any staff code is among it;
// 2. session sign-in: PBKDF2 100,000 × SHA-256 alone in Chromium, and from pressing "Sign in"
//    with the e-mailed code to the portal home on screen (the key derivation included: it runs
//    once per sign-in and per app start, never per call);
// 3. an offline start of the installed portal (service worker in control, the network cut)
//    until the estimate list shows, as a ratio to an offline start of the same app showing its
//    plainest page (/404) from the same service worker (goal ≤ 3×).
import type { BrowserContext, Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { listMailbox } from '../../supabase/local/mail/mailbox';
import { createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';
import { benchBackend, buildApp, launchChromium, ms, percentile, printTable, ratio, signIn } from './lib/browser';
import { signUpOwner } from './lib/seed';

const RUNS = 7;
// The customer side has its own small IndexedDB store; RxDB, Dexie (known by one of its error
// names: the word alone is in the local log's lazy import of it), sync and the staff screens must not load.
const STAFF_CODE = /rxdb|DatabaseClosedError|features\/(estimates|products|analytics|portals|team|settings)|sync\/|recharts|dnd-kit|qrcode/i;

type Seeded = { link: string; people: { name: string; email: string }[] };

async function seedPortal(server: TestServer): Promise<Seeded> {
  const owner = await signUpOwner(server, `portal-bench-${Date.now()}@example.com`);
  const client = createTestClient(server);
  await client.auth.setSession(await signIn(server, owner.email, owner.password));
  const check = <T,>(what: string, result: { data: T; error: { message: string } | null }): T => {
    if (result.error) throw new Error(`${what}: ${result.error.message}`);
    return result.data;
  };
  const org = owner.orgId;
  const account = check('account', await client.from('accounts').insert({ org_id: org, name: 'Acme Builders' }).select('id').single()) as { id: string };
  // One person per sign-in: a person gets at most 5 codes in 15 minutes.
  const people = Array.from({ length: RUNS + 1 }, (_, i) => ({ name: `Person${i + 1} Doe`, email: `person${i + 1}-${Date.now()}@acme.example` }));
  check('contacts', await client.from('prospects').insert(people.map((p) => ({ org_id: org, first_name: p.name.split(' ')[0], last_name: 'Doe', email: p.email, account_id: account.id }))));
  for (let e = 0; e < 8; e++) {
    const id = crypto.randomUUID();
    check('estimate', await client.from('estimates').insert({ id, org_id: org, number: `DRAFT-${e}`, title: `Project ${e + 1}`, account_id: account.id, tax_rate: 8 }));
    const items = Array.from({ length: 10 }, (_, i) => ({ org_id: org, estimate_id: id, name: `Line ${i + 1}`, quantity: 2 + i, unit_price_cents: 4500, unit_cost_cents: 2000, sort_order: i }));
    check('items', await client.from('estimate_items').insert(items));
    check('milestone', await client.from('milestones').insert({ org_id: org, estimate_id: id, title: `Phase ${e + 1}`, start_date: '2027-03-01', end_date: '2027-03-05' }));
    check('send', await client.from('estimates').update({ status: 'sent' }).eq('id', id));
  }
  const issued = check('portal', await client.rpc('create_portal', { p_id: crypto.randomUUID(), p_org_id: org, p_kind: 'customer', p_customer_id: account.id, p_settings: { name: 'Acme project portal' } })) as { token: string };
  return { link: `${server.url}/portal/${issued.token}`, people };
}

async function codeFor(server: TestServer, email: string, after: number): Promise<string> {
  for (let i = 0; i < 400; i++) {
    await server.outbox.drain();
    const mails = await listMailbox(server.ctx, email);
    const code = mails.length > after ? /is:\s+(\d{6})/.exec(mails[0]!.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no code mailed');
}

/** Signs in from the link; returns the time from "Sign in" to the estimate list. */
async function signInThroughPage(server: TestServer, page: Page, seeded: Seeded, person: number): Promise<number> {
  const { name, email } = seeded.people[person]!;
  await page.goto(seeded.link);
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  const before = (await listMailbox(server.ctx, email)).length;
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await page.getByLabel('Code from the e-mail').fill(await codeFor(server, email, before));
  const started = performance.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('portal-estimates').waitFor({ timeout: 60_000 });
  return performance.now() - started;
}

type Script = { url: string; raw: number; gzip: number };

function collectScripts(page: Page): Promise<Script | null>[] {
  const scripts: Promise<Script | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length }), () => null));
  });
  return scripts;
}

async function staffCodeIn(page: Page, scripts: Script[]): Promise<string[]> {
  const found: string[] = [];
  for (const script of scripts) {
    const text = await page.evaluate(async (url) => (await fetch(url)).text(), script.url);
    const match = STAFF_CODE.exec(script.url) ?? STAFF_CODE.exec(text);
    if (match) found.push(`${script.url} (${match[0]})`);
  }
  return found;
}

async function pbkdf2Time(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('traits'), 'PBKDF2', false, ['deriveBits']);
    const started = performance.now();
    await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: crypto.getRandomValues(new Uint8Array(32)), iterations: 100_000 }, key, 256);
    return performance.now() - started;
  });
}

async function offlineStart(context: BrowserContext, page: Page, url: string, ready: (p: Page) => Promise<unknown>): Promise<number> {
  await context.route(/\/(rest|auth|realtime)\/v1\//, (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  const started = performance.now();
  await page.goto(url);
  await ready(page);
  const elapsed = performance.now() - started;
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  return elapsed;
}

async function measureSize(browser: Awaited<ReturnType<typeof launchChromium>>, server: TestServer, seeded: Seeded) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const pending = collectScripts(page);
  await signInThroughPage(server, page, seeded, RUNS);
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null).sort((a, b) => b.gzip - a.gzip);
  const total = scripts.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
  console.log(`JavaScript of the portal routes (link → /portal-auth → /portal/{token}): ${(total.gzip / 1024).toFixed(1)} KB gzipped (${(total.raw / 1024).toFixed(1)} KB raw) in ${scripts.length} files; goal ≤ 150 KB`);
  printTable(['file', 'gzip KB', 'raw KB'], scripts.map((s) => [s.url, (s.gzip / 1024).toFixed(1), (s.raw / 1024).toFixed(1)]));
  const staff = await staffCodeIn(page, scripts);
  console.log(staff.length ? `staff code among them: ${staff.join(', ')}` : 'no staff code among them (RxDB, sync, staff screens, QR codes)');
  // What every page of the app loads first (the not-found page is the plainest), and what is the portal's own.
  const plain = await context.newPage();
  const shellScripts = collectScripts(plain);
  await plain.goto(`${server.url}/404`);
  await plain.getByRole('heading', { name: 'Page not found' }).waitFor();
  await plain.waitForLoadState('networkidle');
  const shell = new Set((await Promise.all(shellScripts)).filter((s): s is Script => s !== null).map((s) => s.url));
  const kb = (list: Script[]) => (list.reduce((sum, s) => sum + s.gzip, 0) / 1024).toFixed(1);
  console.log(`  of which the app's start shared by every page (what /404 loads): ${kb(scripts.filter((s) => shell.has(s.url)))} KB; the portal's own: ${kb(scripts.filter((s) => !shell.has(s.url)))} KB`);
  await context.close();
}

export async function run(): Promise<void> {
  const app = await buildApp();
  const server = await startTestServer(benchBackend(), { STATIC_DIR: app.dir });
  const browser = await launchChromium();
  try {
    const seeded = await seedPortal(server);
    await measureSize(browser, server, seeded);

    const signIns: number[] = [];
    const derivations: number[] = [];
    const portal: number[] = [];
    const blank: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'allow' });
      const page = await context.newPage();
      signIns.push(await signInThroughPage(server, page, seeded, i));
      derivations.push(await pbkdf2Time(page));
      const home = page.url();
      await page.evaluate(async () => navigator.serviceWorker.ready);
      if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      await page.getByTestId('portal-estimates').waitFor();
      // Alternate which goes first, so a warm-up favours neither.
      const measures = [
        async () => portal.push(await offlineStart(context, page, home, (p) => p.getByTestId('portal-estimates').waitFor({ timeout: 60_000 }))),
        async () => blank.push(await offlineStart(context, page, `${server.url}/404`, (p) => p.getByRole('heading', { name: 'Page not found' }).waitFor({ timeout: 60_000 }))),
      ];
      for (const m of i % 2 ? measures.reverse() : measures) await m();
      await context.close();
    }
    console.log(`\nsign-in and offline start, ${RUNS} fresh browser contexts`);
    printTable(
      ['measure', 'p50', 'p95'],
      [
        ['PBKDF2 100,000 × SHA-256 in Chromium', ms(percentile(derivations, 50)), ms(percentile(derivations, 95))],
        ['sign-in: "Sign in" pressed → portal home (key derivation included)', ms(percentile(signIns, 50)), ms(percentile(signIns, 95))],
        ['offline start of the portal → estimate list', ms(percentile(portal, 50)), ms(percentile(portal, 95))],
        ['offline start of the app\'s not-found page (baseline)', ms(percentile(blank, 50)), ms(percentile(blank, 95))],
      ],
    );
    console.log(`ratio offline portal start / offline blank page start: p50 ${ratio(percentile(portal, 50), percentile(blank, 50))}, p95 ${ratio(percentile(portal, 95), percentile(blank, 95))} (goal ≤ 3×)`);
  } finally {
    await browser.close();
    await server.close();
    await app.remove();
  }
}
