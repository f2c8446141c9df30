// Sync in Chromium (issue 4): the real src/db + sync/ code against RxDB's stock
// replication-supabase plugin and a raw baseline (PostgREST pages written with Dexie bulkPut),
// same data, same backend, same browser:
// - initial pull of 10,000 estimates and 50,000 items (goals: ≥ 2× faster than stock, within 2× of raw);
// - push of 1,000 edits made while the replication was stopped (goal: ≥ 10× faster than stock),
//   with the HTTP requests each made;
// - a change on device A seen on device B, both live: p50 and p95 over 50 edits.
// Printed as ratios measured in this run; nothing is asserted about wall-clock time.
import type { Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../../supabase/local/testing/harness';
import { benchBackend, buildBenchPage, launchChromium, ms, percentile, printTable, ratio, signIn } from './lib/browser';
import { countRows, seedEstimates, signUpOwner, type BenchUser } from './lib/seed';
import type { Bench, PullResult, PushResult, Setup, Way } from './pages/sync/main';

const ESTIMATES = Number(process.env.BENCH_ESTIMATES ?? 10_000);
const ITEMS_PER_ESTIMATE = 5;
const EDITS = 1000;
const SMALL_EDITS = 250;
const PUSH_TIMEOUT_MS = 90_000;
const LIVE_EDITS = 50;

/** Calls a method of the page's window.bench with JSON arguments. */
function call<M extends keyof Bench>(page: Page, method: M, ...args: Parameters<Bench[M]>): Promise<Awaited<ReturnType<Bench[M]>>> {
  return page.evaluate(
    ([m, a]) => (window as unknown as { bench: Record<string, (...x: unknown[]) => unknown> }).bench[m]!(...a),
    [method, args] as [string, unknown[]],
  ) as Promise<Awaited<ReturnType<Bench[M]>>>;
}

async function openBenchPage(server: TestServer, setup: Setup, browser: Awaited<ReturnType<typeof launchChromium>>): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  if (process.env.BENCH_DEBUG) page.on('console', (message) => console.log(`[page] ${message.text()}`));
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => 'bench' in window);
  await call(page, 'init', setup);
  return page;
}

const requestText = (r: PullResult['requests']) =>
  `${r.total} (${Object.entries(r.byKind).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} ${k}`).join(', ')})`;

async function serverEdited(server: TestServer, user: BenchUser, marker: string): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from public.estimates where org_id = $1 and title like $2`, [user.orgId, `${marker} %`]);
  return Number(rows[0]?.n ?? 0);
}

async function liveLatency(a: Page, b: Page, way: Way): Promise<number[]> {
  const ids = await call(a, 'someEstimateIds', way, LIVE_EDITS);
  const samples: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    const title = `Live ${way} ${i} ${Date.now()}`;
    await call(b, 'armTitle', way, ids[i]!, title);
    const written = await call(a, 'writeTitle', way, ids[i]!, title);
    samples.push((await call(b, 'seenTitle')) - written);
    // Let the echo of this write (pull of the change on A too) settle before the next one.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return samples;
}

export async function run(): Promise<void> {
  const backend = benchBackend();
  const page = await buildBenchPage('sync');
  const server = await startTestServer(backend, { STATIC_DIR: page.dir });
  const browser = await launchChromium();
  try {
    const user = await signUpOwner(server, 'sync-bench@example.com');
    const seconds = await seedEstimates(server, user, { estimates: ESTIMATES, itemsPerEstimate: ITEMS_PER_ESTIMATE });
    const items = await countRows(server, 'estimate_items', user.orgId);
    console.log(
      `backend ${backend}; seeded ${await countRows(server, 'estimates', user.orgId)} estimates and ${items} items in ${seconds.toFixed(0)} s (SQL, triggers on; ` +
        `${process.env.BENCH_ANALYZE === '1' ? 'ANALYZE run after seeding' : 'no ANALYZE: PGlite has no autovacuum, so the planner has no statistics'})`,
    );
    const session = await signIn(server, user.email, user.password);
    const setup: Setup = { url: server.url, anonKey: server.anonKey, accessToken: session.access_token, refreshToken: session.refresh_token, userId: user.userId, orgId: user.orgId };

    // Each way into its own IndexedDB database in one page, one after the other.
    const a = await openBenchPage(server, setup, browser);
    const raw = await call(a, 'rawPull');
    // The raw baseline once more with pages as large as ours grow to (sync/pull.ts), so ours is
    // not credited for the page size alone.
    const LARGE_RAW_PAGE = await call(a, 'maxPullPage');
    const rawLarge = await call(a, 'rawPull', LARGE_RAW_PAGE);
    const ours = await call(a, 'pull', 'ours');
    const stock = await call(a, 'pull', 'stock');
    const expected = { estimates: ESTIMATES, items };
    for (const [name, r] of [['raw', raw], [`raw ${LARGE_RAW_PAGE}`, rawLarge], ['ours', ours], ['stock', stock]] as const) {
      if (r.estimates !== expected.estimates || r.items !== expected.items) throw new Error(`${name} pulled ${r.estimates} estimates and ${r.items} items, expected ${expected.estimates} and ${expected.items}`);
    }

    console.log(
      `\nInitial pull of ${ESTIMATES} estimates + ${items} items into a fresh device database ` +
        `(raw and stock: pages of 200; ours: pages of 200 growing to ${LARGE_RAW_PAGE} while they come back full):`,
    );
    const busy = (r: PullResult) => `${ms(r.requests.busyMs)} (${Math.round((100 * r.requests.busyMs) / r.ms)}%)`;
    printTable(
      ['way', 'time', 'vs raw', 'HTTP in flight', 'HTTP requests'],
      [
        ['raw: PostgREST pages + Dexie bulkPut', ms(raw.ms), '1.00×', busy(raw), requestText(raw.requests)],
        [`raw, pages of ${LARGE_RAW_PAGE}`, ms(rawLarge.ms), ratio(rawLarge.ms, raw.ms), busy(rawLarge), requestText(rawLarge.requests)],
        ['ours: startSync until in sync', ms(ours.ms), ratio(ours.ms, raw.ms), busy(ours), requestText(ours.requests)],
        ['stock: replicateSupabase until in sync', ms(stock.ms), ratio(stock.ms, raw.ms), busy(stock), requestText(stock.requests)],
      ],
    );
    console.log('"HTTP in flight": wall time with a request open (server work and network); the rest is the client parsing and writing IndexedDB.');
    console.log(`ours is ${ratio(stock.ms, ours.ms)} faster than stock (goal ≥ 2×: ${stock.ms / ours.ms >= 2 ? 'met' : 'NOT met'}); ours / raw ${ratio(ours.ms, raw.ms)} (goal ≤ 2×: ${ours.ms / raw.ms <= 2 ? 'met' : 'NOT met'}); ours / raw with pages of ${LARGE_RAW_PAGE} ${ratio(ours.ms, rawLarge.ms)}`);

    // Live first: device A is the database each way just pulled; device B a second context.
    const b = await openBenchPage(server, setup, browser);
    const latencies: Record<Way, number[]> = { ours: [], stock: [] };
    for (const way of ['ours', 'stock'] as const) {
      // Only this way replicates on A, so the other's realtime traffic adds no noise.
      await call(a, 'stop', way === 'ours' ? 'stock' : 'ours');
      await call(a, 'resume', way);
      await call(b, 'openLive', way);
      latencies[way] = await liveLatency(a, b, way);
      await call(b, 'stop', way);
    }
    await call(a, 'stop', 'stock');
    await call(a, 'stop', 'ours');
    console.log(`\nA change on device A visible on device B (both live, ${LIVE_EDITS} edits each, local write on A → document on B):`);
    printTable(
      ['way', 'p50', 'p95', 'max'],
      (['ours', 'stock'] as const).map((way) => [way, ms(percentile(latencies[way], 50)), ms(percentile(latencies[way], 95)), ms(Math.max(...latencies[way]))]),
    );
    console.log('ours: realtime says "estimates changed" and B pulls after its checkpoint; stock: B writes the row the realtime message carries.');

    // Offline edits: a smaller round first, so a failure of the full round cannot hide every number.
    const rows: string[][] = [];
    const results = new Map<string, PushResult>();
    let offset = 0;
    for (const edits of [SMALL_EDITS, EDITS]) {
      for (const way of ['ours', 'stock'] as const) {
        const marker = `Edited-${way}-${edits}`;
        const from = offset;
        offset += edits;
        try {
          const result = await call(a, 'pushOfflineEdits', way, edits, from, marker, PUSH_TIMEOUT_MS);
          const landed = await serverEdited(server, user, marker);
          if (landed !== result.edited) throw new Error(`the server has ${landed} of ${result.edited} edits after the push`);
          results.set(`${way}:${edits}`, result);
          rows.push([`${way}, ${result.edited} edits`, ms(result.serverHasAllMs), ms(result.inSyncMs), `${ms(result.requests.busyMs)} (${Math.round((100 * result.requests.busyMs) / result.inSyncMs)}%)`, requestText(result.requests)]);
        } catch (error) {
          await call(a, 'stop', way).catch(() => undefined);
          rows.push([`${way}, ${edits} edits`, 'FAILED', '', '', (error instanceof Error ? error.message : String(error)).replace(/^page\.evaluate: (Error: )?/, '').split('\n')[0]!.slice(0, 220)]);
        }
      }
    }
    console.log(`\nPush of estimate edits made while the replication was stopped ("server has all": the last write request answered):`);
    printTable(['way', 'server has all', 'until in sync', 'HTTP in flight', 'HTTP requests'], rows);
    console.log('"HTTP in flight": wall time until in sync with a request open (pushes and the pulls that follow them); the rest is the client.');
    for (const edits of [SMALL_EDITS, EDITS]) {
      const [o, s] = [results.get(`ours:${edits}`), results.get(`stock:${edits}`)];
      console.log(
        o && s
          ? `${edits} edits: ours is ${ratio(s.serverHasAllMs, o.serverHasAllMs)} faster than stock (goal ≥ 10×: ${s.serverHasAllMs / o.serverHasAllMs >= 10 ? 'met' : 'NOT met'})`
          : `${edits} edits: no ratio (${o ? 'stock' : 'ours'} failed; goal ≥ 10×: NOT met)`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
    await page.remove();
  }
}
