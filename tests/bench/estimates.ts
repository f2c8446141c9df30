// The estimates workspace in Chromium with the real built app (issue 6), 10,000 estimates of a
// staff user synced into the device database by the app itself:
// - time to first rendered rows of /estimates (full page load, and in-app from the home page);
// - search keystroke → updated rows (p95 over ~30 keystrokes typing customer and title prefixes);
//   both as ratios to a plain Dexie table with the same estimates and an index, queried for
//   the same page in the same browser;
// - an estimate with 200 line items in /estimates/{id}/edit: quantity keystroke → updated
//   running total (p95), as a ratio to one run of computeTotals over the same items.
// Printed as ratios measured in this run; nothing is asserted about wall-clock time.
import type { BrowserContext, Page } from '@playwright/test';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../supabase/local/testing/harness';
import { benchBackend, buildApp, buildBenchPage, launchChromium, ms, percentile, printTable, ratio, signIn } from './lib/browser';
import { countRows, seedEstimates, signUpOwner, type BenchUser } from './lib/seed';
import { SAVE_DELAY_MS } from '../../src/features/estimates/use-draft-field';
import type { RawBench, RawSetup } from './pages/estimates-raw/main';

const ESTIMATES = Number(process.env.BENCH_ESTIMATES ?? 10_000);
const EDITOR_ITEMS = 200;
const LOAD_RUNS = 7;
const MIN_SEARCH_SAMPLES = 30;
const QUANTITY_KEYSTROKES = 30;
const SEARCH_WORDS = ['harbor', 'summit', 'granite', 'kitchen', 'pioneer', 'bathroom', 'westfield', 'roofing', 'ironwood', 'garden', 'brightwater', 'maple', 'cedar', 'lakeside', 'window', 'evergreen', 'copper', 'sunrise'];
const SYNC_TIMEOUT_MS = 300_000;

type Reader = 'count' | 'runningTotal';
type Readers = { __read: Record<Reader, () => string | null> };

/**
 * What the measurements read off the screen, defined in every page before the app runs. A
 * string, not a function: tsx keeps function names with a helper the page does not have.
 */
const READERS = `window.__read = {
  count() {
    for (const p of document.querySelectorAll('p')) {
      const text = (p.textContent || '').trim();
      if (/^\\d+( of \\d+)? estimates?$/.test(text)) return text;
    }
    return null;
  },
  runningTotal() {
    const el = document.querySelector('[data-testid="running-total"]');
    return el ? el.textContent : null;
  },
};`;

const read = (page: Page, reader: Reader) => page.evaluate((r) => (window as unknown as Readers).__read[r](), reader);

async function seedEditorEstimate(server: TestServer, user: BenchUser): Promise<string> {
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into public.estimates (org_id, owner_id, title, tax_rate, account_id)
     select $1, $2, 'Bench editor estimate', 8.25, (select id from public.accounts where org_id = $1 order by name limit 1)
     returning id`,
    [user.orgId, user.userId],
  );
  const id = rows[0]!.id;
  await server.ctx.db.query(
    `insert into public.estimate_items (org_id, estimate_id, name, quantity, unit_price_cents, unit_cost_cents, discount_percent, sort_order)
     select $1, $2, 'Line item ' || k, 1, 1000 + k * 37, 600 + k * 19, case when k % 10 = 0 then 5 else 0 end, k
     from generate_series(1, $3::int) k`,
    [user.orgId, id, EDITOR_ITEMS],
  );
  return id;
}

/** Records, from navigation start, when the first estimate row is in the DOM (window.__firstRowAt). */
function watchFirstRow(context: BrowserContext) {
  return context.addInitScript(() => {
    const w = window as unknown as { __firstRowAt?: number };
    w.__firstRowAt = undefined;
    const observer = new MutationObserver(() => {
      if (w.__firstRowAt === undefined && document.querySelector('[data-testid="estimate-row"]')) {
        w.__firstRowAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/**
 * Arms a watch in the page: from the next keydown on `inputSelector` until `reader` shows
 * `expected` (or, without one, anything else than `before`). Await it with awaitArmed for
 * { ms, text, others }: `others` counts the different values shown on the way (flicker).
 */
async function armChange(page: Page, inputSelector: string, reader: Reader, before: string | null, expected: string | null = null) {
  await page.evaluate(
    ([selector, r, previous, wanted]) => {
      const w = window as unknown as Readers & { __armed?: Promise<Armed> };
      const input = document.querySelector(selector!);
      if (!input) throw new Error(`no ${selector} on the page`);
      w.__armed = new Promise((resolve, reject) => {
        let t0: number | undefined;
        let last = previous;
        let others = 0;
        input.addEventListener('keydown', () => (t0 = performance.now()), { once: true, capture: true });
        const observer = new MutationObserver(() => {
          if (t0 === undefined) return;
          const text = w.__read[r as Reader]();
          if (wanted === null ? text !== previous : text === wanted) {
            observer.disconnect();
            clearTimeout(timer);
            resolve({ ms: performance.now() - t0, text, others });
          } else if (text !== last) {
            others++;
          }
          last = text;
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${r} did not become ${JSON.stringify(wanted ?? 'different')} within 20 s (shows ${JSON.stringify(last)})`));
        }, 20_000);
      });
    },
    [inputSelector, reader, before, expected] as const,
  );
}

type Armed = { ms: number; text: string | null; others: number };
const awaitArmed = (page: Page) => page.evaluate(() => (window as unknown as { __armed: Promise<Armed> }).__armed);

async function waitForCount(page: Page, text: string, timeout: number) {
  await page.waitForFunction((wanted) => (window as unknown as Readers).__read.count() === wanted, text, { timeout, polling: 100 });
}

export async function run(): Promise<void> {
  const backend = benchBackend();
  const app = await buildApp();
  await buildBenchPage('estimates-raw', { outDir: path.join(app.dir, 'bench-raw'), base: '/bench-raw/' });
  const server = await startTestServer(backend, { STATIC_DIR: app.dir });
  const browser = await launchChromium();
  try {
    const user = await signUpOwner(server, 'estimates-bench@example.com');
    const seconds = await seedEstimates(server, user, { estimates: ESTIMATES - 1, itemsPerEstimate: 0 });
    const editorId = await seedEditorEstimate(server, user);
    const total = await countRows(server, 'estimates', user.orgId);
    console.log(`backend ${backend}; seeded ${total} estimates (one with ${EDITOR_ITEMS} items) in ${seconds.toFixed(0)} s`);
    const session = await signIn(server, user.email, user.password);

    // The service worker is blocked so the baseline page can be opened on the same origin
    // (its navigation fallback would answer with the app); assets come from the server.
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block' });
    await watchFirstRow(context);
    await context.addInitScript(READERS);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(`${server.url}/404`);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [`sb-${new URL(server.url).hostname.split('.')[0]}-auth-token`, JSON.stringify(session)]);

    const started = performance.now();
    await page.goto(`${server.url}/estimates`);
    await waitForCount(page, `${total} estimates`, SYNC_TIMEOUT_MS);
    console.log(`the app synced ${total} estimates into the device database in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    // The editor's items come with the same sync; wait for them before measuring anything.
    await page.goto(`${server.url}/estimates/${editorId}/edit`);
    await page.waitForFunction((n) => document.querySelectorAll('input').length > 0 && [...document.querySelectorAll('label')].filter((l) => l.textContent?.trim() === 'Quantity').length >= n, EDITOR_ITEMS, { timeout: SYNC_TIMEOUT_MS });

    // First rows: full page loads of /estimates, and in-app navigation from the home page.
    const cold: number[] = [];
    let rowsShown = 0;
    for (let i = 0; i < LOAD_RUNS; i++) {
      await page.goto(`${server.url}/estimates`);
      await page.waitForFunction(() => (window as unknown as { __firstRowAt?: number }).__firstRowAt !== undefined, undefined, { timeout: 60_000 });
      cold.push(await page.evaluate(() => (window as unknown as { __firstRowAt: number }).__firstRowAt));
      rowsShown = Math.max(rowsShown, await page.locator('[data-testid="estimate-row"]').count());
    }
    const inApp: number[] = [];
    for (let i = 0; i < LOAD_RUNS; i++) {
      await page.goto(`${server.url}/`);
      const link = page.locator('a[href="/estimates"]').first();
      await link.waitFor();
      await page.waitForTimeout(300);
      inApp.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const t0 = performance.now();
              const observer = new MutationObserver(() => {
                if (document.querySelector('[data-testid="estimate-row"]')) {
                  observer.disconnect();
                  resolve(performance.now() - t0);
                }
              });
              observer.observe(document.body, { childList: true, subtree: true });
              (document.querySelector('a[href="/estimates"]') as HTMLAnchorElement).click();
            }),
        ),
      );
    }

    // Baselines in the same browser: the raw page on the same origin.
    const raw = await context.newPage();
    await raw.goto(`${server.url}/bench-raw/index.html`);
    await raw.waitForFunction(() => 'rawBench' in window);
    const rawCall = <M extends keyof RawBench>(method: M, ...args: Parameters<RawBench[M]>) =>
      raw.evaluate(([m, a]) => (window as unknown as { rawBench: Record<string, (...x: unknown[]) => unknown> }).rawBench[m]!(...a), [method, args] as [string, unknown[]]) as Promise<
        Awaited<ReturnType<RawBench[M]>>
      >;
    const setup: RawSetup = { url: server.url, anonKey: server.anonKey, accessToken: session.access_token };
    const loaded = await rawCall('load', setup);
    if (loaded !== total) throw new Error(`the raw table has ${loaded} estimates, expected ${total}`);
    const pageSize = Math.max(rowsShown, 1);
    const rawFirst = await rawCall('firstPage', pageSize, 30);

    // Search: type word prefixes; a keystroke is measured when the raw index says its result
    // differs from the previous prefix's (otherwise the screen rightly stays as it was).
    await page.goto(`${server.url}/estimates`);
    await waitForCount(page, `${total} estimates`, 60_000);
    // The first screen comes before the full list; searching starts once the list is complete.
    await page.locator('[role="table"][aria-label="Estimates"][aria-busy="false"]').waitFor({ timeout: 60_000 });
    const search = page.locator('input[type="search"]');
    const screenSearch: number[] = [];
    const rawSearch: number[] = [];
    const mismatches: string[] = [];
    for (const word of SEARCH_WORDS) {
      if (screenSearch.length >= MIN_SEARCH_SAMPLES) break;
      await search.fill('');
      await waitForCount(page, `${total} estimates`, 20_000);
      await search.focus();
      let previous = total;
      for (let i = 1; i <= word.length; i++) {
        const prefix = word.slice(0, i);
        const expected = await rawCall('search', prefix, pageSize);
        const before = await read(page, 'count');
        const measure = expected.count !== previous;
        if (measure) await armChange(page, 'input[type="search"]', 'count', before);
        await page.keyboard.press(word[i - 1]!);
        if (measure) {
          const result = await awaitArmed(page);
          screenSearch.push(result.ms);
          rawSearch.push(expected.ms);
        }
        await page.waitForTimeout(50);
        const shown = await read(page, 'count');
        const wanted = expected.count === total ? `${total} estimates` : `${expected.count} of ${total} estimates`;
        if (shown !== wanted) mismatches.push(`"${prefix}": screen "${shown}", raw index ${expected.count}`);
        previous = expected.count;
      }
    }

    // Editor: 200 items; a digit typed into the first quantity, then deleted, and so on.
    await page.goto(`${server.url}/estimates/${editorId}/edit`);
    const quantity = page.getByLabel('Quantity').first();
    await quantity.waitFor();
    await page.waitForFunction((n) => [...document.querySelectorAll('label')].filter((l) => l.textContent?.trim() === 'Quantity').length >= n, EDITOR_ITEMS);
    await quantity.click();
    await page.keyboard.press('End');
    await page.evaluate(() => {
      // The watch below finds the input by this mark.
      (document.activeElement as HTMLElement).dataset.benchQuantity = 'true';
    });
    // The two totals the keystrokes alternate between, read once the screen has settled.
    const settled = async () => {
      await page.waitForTimeout(SAVE_DELAY_MS + 1500);
      return read(page, 'runningTotal');
    };
    const totalBefore = await read(page, 'runningTotal');
    await page.keyboard.press('5');
    const totalAfter = await settled();
    await page.keyboard.press('Backspace');
    if ((await settled()) !== totalBefore || totalAfter === totalBefore) throw new Error(`the running total does not follow the quantity (${totalBefore} → ${totalAfter})`);
    const editor: number[] = [];
    let flicker = 0;
    let early = 0;
    let reverted = 0;
    for (let i = 0; i < QUANTITY_KEYSTROKES; i++) {
      const typing = i % 2 === 0;
      await armChange(page, 'input[data-bench-quantity="true"]', 'runningTotal', typing ? totalBefore : totalAfter, typing ? totalAfter : totalBefore);
      await page.keyboard.press(typing ? '5' : 'Backspace');
      const result = await awaitArmed(page);
      editor.push(result.ms);
      flicker += result.others;
      // Faster than the save delay: the total changed without this keystroke's save.
      if (result.ms < SAVE_DELAY_MS) early++;
      await page.waitForTimeout(400);
      if ((await read(page, 'runningTotal')) !== (typing ? totalAfter : totalBefore)) reverted++;
    }
    const totals = await rawCall('totals', editorId, 2000);

    const med = (xs: number[]) => percentile(xs, 50);
    console.log(`\n/estimates with ${total} estimates in the device database (1024×768; ${rowsShown} rows rendered; baseline: plain Dexie table, same docs, indexed):`);
    printTable(
      ['measure', 'screen p50', 'screen p95', 'baseline p50', 'baseline p95', 'ratio p50', 'ratio p95'],
      [
        [`first rows, full page load (${LOAD_RUNS}×)`, ms(med(cold)), ms(percentile(cold, 95)), ms(med(rawFirst)), ms(percentile(rawFirst, 95)), ratio(med(cold), med(rawFirst)), ratio(percentile(cold, 95), percentile(rawFirst, 95))],
        [`first rows, in-app navigation (${LOAD_RUNS}×)`, ms(med(inApp)), ms(percentile(inApp, 95)), ms(med(rawFirst)), ms(percentile(rawFirst, 95)), ratio(med(inApp), med(rawFirst)), ratio(percentile(inApp, 95), percentile(rawFirst, 95))],
        [`search keystroke → rows (${screenSearch.length}×)`, ms(med(screenSearch)), ms(percentile(screenSearch, 95)), ms(med(rawSearch)), ms(percentile(rawSearch, 95)), ratio(med(screenSearch), med(rawSearch)), ratio(percentile(screenSearch, 95), percentile(rawSearch, 95))],
      ],
    );
    if (mismatches.length > 0) console.log(`search results differ from the raw word-prefix index for ${mismatches.length} prefixes, e.g. ${mismatches.slice(0, 3).join('; ')}`);
    console.log(`\nEditor with ${totals.items} line items (quantity keystroke → running total changed on screen, ${editor.length}×; the editor saves ${SAVE_DELAY_MS} ms after typing stops):`);
    printTable(
      ['measure', 'p50', 'p95', 'computeTotals, one run', 'ratio p95'],
      [['keystroke → totals', ms(med(editor)), ms(percentile(editor, 95)), `${(totals.ms * 1000).toFixed(1)} µs`, ratio(percentile(editor, 95), totals.ms)]],
    );
    console.log(
      `on the way: ${flicker} other values shown (flicker); ${early} of ${editor.length} keystrokes reached the total before their save could have run (< ${SAVE_DELAY_MS} ms); ` +
        `${reverted} totals no longer matched the typed quantity 400 ms later`,
    );
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    await app.remove();
  }
}
