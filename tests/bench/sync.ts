// Sync in Chromium (issues 4 and 18): the real src/db + sync/ code against RxDB's stock
// replication-supabase plugin and a raw baseline (PostgREST pages written with Dexie bulkPut),
// same data, same backend, same browser:
// - initial pull of 10,000 estimates and 50,000 items (goals: ≥ 2× faster than stock, within 2× of raw);
// - a change on device A seen on device B, both live: p50 and p95 over 50 edits (goal: ≤ stock,
//   p95 ≤ 250 ms);
// - push of 1,000 edits made while the replication was stopped (goal: ≥ 10× faster than stock);
// - incremental pull: 10 estimates changed on the server while the device is live, until the
//   device holds them, with the estimates table at 10× its size (goal ≤ 1.5× the time at 1×:
//   the cost grows with the changes, not the table);
// each with the HTTP requests it made, then every goal in one table, and this run's wall time
// (goal ≤ 10 minutes). Printed as ratios measured in this run; nothing is asserted about time.
//
// Seeding is bulk SQL in one transaction (tests/bench/lib/seed.ts seedEstimatesBulk): the
// numbers, customer names and totals the triggers would derive are written by the seed itself.
import type { Page } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../supabase/local/testing/harness';
import { benchBackend, buildBenchPage, launchChromium, ms, percentile, printTable, ratio, signIn } from './lib/browser';
import { countRows, seedEstimatesBulk, signUpOwner, type BenchUser } from './lib/seed';
import type { Bench, Hops, PullResult, PushResult, Requests, Setup, Way } from './pages/sync/main';

const STARTED = performance.now();
const ESTIMATES = Number(process.env.BENCH_ESTIMATES ?? 10_000);
const ITEMS_PER_ESTIMATE = 5;
const EDITS = 1000;
const SMALL_EDITS = 250;
const PUSH_TIMEOUT_MS = 90_000;
const LIVE_EDITS = Number(process.env.BENCH_LIVE_EDITS ?? 50);
/** Incremental pull: changes per round, rounds per table size (the median is kept), growth of the table. */
const CHANGES = 10;
const CATCH_UP_ROUNDS = 9;
const TABLE_GROWTH = 10;
/** Old enough to be behind every device's checkpoint (see measureIncremental). */
const OLD_TXID = '3';
const WALL_GOAL_MS = 10 * 60_000;
/**
 * BENCH_SYNC_PARTS=live (a comma list of pull, live, push, incremental) runs only those parts,
 * e.g. to measure a change of the live path; the initial pull always runs (the live test's
 * device A is the database it filled). Unset: every part and the table of goals.
 */
const PARTS = new Set((process.env.BENCH_SYNC_PARTS ?? 'pull,live,push,incremental').split(',').map((p) => p.trim()));

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

const requestText = (r: Requests) =>
  `${r.total} (${Object.entries(r.byKind).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} ${k}`).join(', ')})`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** One line of the closing table: a goal of issue 18 and this run's figures for it. */
type Goal = { measure: string; ours: string; baseline: string; ratio: string; goal: string; met: string; requests: string };

async function serverEdited(server: TestServer, user: BenchUser, marker: string): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from public.estimates where org_id = $1 and title like $2`, [user.orgId, `${marker} %`]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * BENCH_PROFILE=dir writes a CPU profile of each way's initial pull there (ours.cpuprofile,
 * stock.cpuprofile, raw.cpuprofile for the raw baseline with large pages) and of device B
 * during the live test (live-b-ours.cpuprofile, live-b-stock.cpuprofile), to open in Chrome's
 * DevTools; the bench page is then built unminified. BENCH_DEBUG also prints each live edit's B hop.
 */
async function profiled<T>(page: Page, way: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = await cdp.send('Profiler.stop');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${way}.cpuprofile`), JSON.stringify(profile));
  console.log(`CPU profile of ${way}'s pull: ${path.join(dir, `${way}.cpuprofile`)}`);
  return result;
}

type Pulls = { raw: PullResult; rawLarge: PullResult; ours: PullResult; stock: PullResult; largePage: number };

async function measurePulls(a: Page, expected: { estimates: number; items: number }): Promise<Pulls> {
  const raw = await call(a, 'rawPull');
  // The raw baseline once more with pages as large as ours grow to (sync/pull.ts), so ours is
  // not credited for the page size alone.
  const largePage = await call(a, 'maxPullPage');
  const rawLarge = await profiled(a, 'raw', () => call(a, 'rawPull', largePage));
  const ours = await profiled(a, 'ours', () => call(a, 'pull', 'ours'));
  const stock = await profiled(a, 'stock', () => call(a, 'pull', 'stock'));
  for (const [name, r] of [['raw', raw], [`raw ${largePage}`, rawLarge], ['ours', ours], ['stock', stock]] as const) {
    if (r.estimates !== expected.estimates || r.items !== expected.items) throw new Error(`${name} pulled ${r.estimates} estimates and ${r.items} items, expected ${expected.estimates} and ${expected.items}`);
  }
  console.log(
    `\nInitial pull of ${expected.estimates} estimates + ${expected.items} items into a fresh device database ` +
      `(raw and stock: pages of 200; ours: pages of 200 growing to ${largePage} while they come back full):`,
  );
  const busy = (r: PullResult) => `${ms(r.requests.busyMs)} (${Math.round((100 * r.requests.busyMs) / r.ms)}%)`;
  printTable(
    ['way', 'time', 'vs raw', 'HTTP in flight', 'HTTP requests'],
    [
      ['raw: PostgREST pages + Dexie bulkPut', ms(raw.ms), '1.00×', busy(raw), requestText(raw.requests)],
      [`raw, pages of ${largePage}`, ms(rawLarge.ms), ratio(rawLarge.ms, raw.ms), busy(rawLarge), requestText(rawLarge.requests)],
      ['ours: startSync until in sync', ms(ours.ms), ratio(ours.ms, raw.ms), busy(ours), requestText(ours.requests)],
      ['stock: replicateSupabase until in sync', ms(stock.ms), ratio(stock.ms, raw.ms), busy(stock), requestText(stock.requests)],
    ],
  );
  console.log('"HTTP in flight": wall time with a request open (server work and network); the rest is the client parsing and writing IndexedDB.');
  return { raw, rawLarge, ours, stock, largePage };
}

/** One live edit's hops, in ms after the local write on A (see Hops in the page). */
type HopTimes = { writeStart: number; writeEnd: number; message: number; seen: number };

async function liveLatency(a: Page, b: Page, way: Way): Promise<{ samples: number[]; hops: HopTimes[] }> {
  const ids = await call(a, 'someEstimateIds', way, LIVE_EDITS);
  const samples: number[] = [];
  const hops: HopTimes[] = [];
  for (let i = 0; i < ids.length; i++) {
    const title = `Live ${way} ${i} ${Date.now()}`;
    await call(b, 'armTitle', way, ids[i]!, title);
    const written = await call(a, 'writeTitle', way, ids[i]!, title);
    const seen = (await call(b, 'seenTitle')) - written;
    samples.push(seen);
    // Let the echo of this write (pull of the change on A too) settle before the next one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [onA, onB] = [await call(a, 'hops'), await call(b, 'hops')] as [Hops, Hops];
    const at = (t: number | undefined) => (t === undefined ? Number.NaN : t - written);
    hops.push({ writeStart: at(onA.writeStart), writeEnd: at(onA.writeEnd), message: at(onB.message), seen });
  }
  return { samples, hops };
}

type Live = Record<Way, { samples: number[]; hops: HopTimes[]; requestsA: Requests; requestsB: Requests }>;

/** Where a live edit's time goes: each hop's p50 / p95 (ms), from the local write on A to the document on B. */
function printHops(live: Live): void {
  const spans: [string, (h: HopTimes) => number][] = [
    ['A: local write → write request sent', (h) => h.writeStart],
    ['server: request sent → answered on A', (h) => h.writeEnd - h.writeStart],
    ['answered on A → realtime message on B', (h) => h.message - h.writeEnd],
    ['request sent → realtime message on B', (h) => h.message - h.writeStart],
    ['B: realtime message → document on B', (h) => h.seen - h.message],
  ];
  const cell = (hops: HopTimes[], f: (h: HopTimes) => number) => {
    const values = hops.map(f).filter(Number.isFinite);
    return values.length ? `${percentile(values, 50).toFixed(1)} / ${percentile(values, 95).toFixed(1)}` : 'n/a';
  };
  console.log('Where the time goes (p50 / p95 in ms; the message may come before the answer):');
  printTable(['hop', 'ours', 'stock'], spans.map(([label, f]) => [label, cell(live.ours.hops, f), cell(live.stock.hops, f)]));
}

/** Device A is the database each way just pulled; device B a second context. */
async function measureLive(a: Page, b: Page): Promise<Live> {
  const live = {} as Live;
  for (const way of ['ours', 'stock'] as const) {
    // Only this way replicates on A, so the other's realtime traffic adds no noise.
    await call(a, 'stop', way === 'ours' ? 'stock' : 'ours');
    await call(a, 'resume', way);
    await call(b, 'openLive', way);
    await call(a, 'requests', way, true);
    await call(b, 'requests', way, true);
    const { samples, hops } = await profiled(b, `live-b-${way}`, () => liveLatency(a, b, way));
    live[way] = { samples, hops, requestsA: await call(a, 'requests', way), requestsB: await call(b, 'requests', way) };
    await call(b, 'stop', way);
  }
  await call(a, 'stop', 'stock');
  await call(a, 'stop', 'ours');
  console.log(`\nA change on device A visible on device B (both live, ${LIVE_EDITS} edits each, local write on A → document on B):`);
  printTable(
    ['way', 'p50', 'p95', 'max', 'HTTP requests on A', 'HTTP requests on B'],
    (['ours', 'stock'] as const).map((way) => {
      const s = live[way].samples;
      return [way, ms(percentile(s, 50)), ms(percentile(s, 95)), ms(Math.max(...s)), requestText(live[way].requestsA), requestText(live[way].requestsB)];
    }),
  );
  printHops(live);
  if (process.env.BENCH_DEBUG) for (const way of ['ours', 'stock'] as const) console.log(`${way} B hops: ${live[way].hops.map((h) => (h.seen - h.message).toFixed(0)).join(' ')}`);
  console.log('both: B writes the row the realtime message carries (ours through its pull handler, without moving its checkpoint, after its own pushes have settled, and only when no pull delivered a newer version); ours: A sends an edit at once when no push is on its way, else with the next batch.');
  return live;
}

/** Offline edits: a smaller round first, so a failure of the full round cannot hide every number. */
async function measurePush(a: Page, server: TestServer, user: BenchUser): Promise<Map<string, PushResult>> {
  const rows: string[][] = [];
  const results = new Map<string, PushResult>();
  let offset = 0;
  for (const edits of [SMALL_EDITS, EDITS]) {
    for (const way of ['ours', 'stock'] as const) {
      const marker = `Edited-${way}-${edits}`;
      const from = offset;
      offset += edits;
      try {
        // As in the live test: only this way replicates on A, so the other's device does not
        // take in this way's changes on the same two cores meanwhile.
        await call(a, 'stop', way === 'ours' ? 'stock' : 'ours');
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
    console.log(o && s ? `${edits} edits: ours is ${ratio(s.serverHasAllMs, o.serverHasAllMs)} faster than stock` : `${edits} edits: no ratio (${o ? 'stock' : 'ours'} failed)`);
  }
  await call(a, 'stop', 'stock');
  return results;
}

type CatchUp = { median: number; samples: number[]; requests: Requests };

/**
 * Rounds of: CHANGES estimates retitled on the server in one transaction while the device is
 * live (realtime notice, then the incremental pull), timed from just before the server's
 * write until the device holds every new title. The write is timed in Node and the arrival in
 * the page, both on the wall clock of this machine.
 */
async function catchUpRounds(a: Page, server: TestServer, user: BenchUser, label: string): Promise<CatchUp> {
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `select id from public.estimates where org_id = $1 and _txid <> $2::xid8 order by id limit $3`,
    [user.orgId, OLD_TXID, CHANGES * CATCH_UP_ROUNDS],
  );
  await call(a, 'resume', 'ours');
  const samples: number[] = [];
  let requests: Requests | undefined;
  for (let round = 0; round < CATCH_UP_ROUNDS; round++) {
    const ids = rows.slice(round * CHANGES, (round + 1) * CHANGES).map((r) => r.id);
    const title = `Catch-up ${label} ${round}`;
    await call(a, 'requests', 'ours', true);
    await call(a, 'armTitles', 'ours', ids, title);
    const written = Date.now();
    await server.ctx.db.query(`update public.estimates set title = $2 where id = any ($1)`, [ids, title]);
    samples.push((await call(a, 'seenTitle')) - written);
    // Let the pull finish (its checkpoint write) before counting its requests.
    await new Promise((resolve) => setTimeout(resolve, 300));
    requests ??= await call(a, 'requests', 'ours');
  }
  return { median: percentile(samples, 50), samples, requests: requests! };
}

/**
 * The same incremental pull with the organization's estimates at ESTIMATES rows and at
 * TABLE_GROWTH × that. The added rows carry an old transaction id: rows the device synced
 * long ago as far as the server is concerned (it pulls after its checkpoint only), so the
 * device's own database stays at ESTIMATES rows and only the server's table grows.
 */
async function measureIncremental(a: Page, server: TestServer, user: BenchUser): Promise<{ small: CatchUp; big: CatchUp; rows: number }> {
  const small = await catchUpRounds(a, server, user, 'small');
  const added = (TABLE_GROWTH - 1) * ESTIMATES;
  const seconds = await seedEstimatesBulk(server, user, { estimates: added, itemsPerEstimate: 0, first: ESTIMATES + 1, txid: OLD_TXID });
  const rows = await countRows(server, 'estimates', user.orgId);
  console.log(`\nadded ${added} estimates behind the device's checkpoint in ${seconds.toFixed(1)} s (the table now has ${rows} of this organization)`);
  const big = await catchUpRounds(a, server, user, 'big');
  await call(a, 'stop', 'ours');
  console.log(`Incremental pull of ${CHANGES} estimates changed on the server in one transaction (ours, live: server write → every change on the device; median of ${CATCH_UP_ROUNDS}):`);
  printTable(
    ['estimates on the server', 'median', 'rounds', 'HTTP requests (one round)'],
    [
      [String(ESTIMATES), ms(small.median), small.samples.map((s) => s.toFixed(0)).join(' / '), requestText(small.requests)],
      [String(rows), ms(big.median), big.samples.map((s) => s.toFixed(0)).join(' / '), requestText(big.requests)],
    ],
  );
  return { small, big, rows };
}

function printGoals(pulls: Pulls, live: Live, push: Map<string, PushResult>, incremental: Awaited<ReturnType<typeof measureIncremental>>): void {
  const { ours, stock, raw } = pulls;
  const [o, s] = [push.get(`ours:${EDITS}`), push.get(`stock:${EDITS}`)];
  const [lo, ls] = [live.ours.samples, live.stock.samples];
  const p = (x: number[], q: number) => percentile(x, q);
  const wall = performance.now() - STARTED;
  const goals: Goal[] = [
    { measure: 'initial pull vs stock', ours: ms(ours.ms), baseline: ms(stock.ms), ratio: `${ratio(stock.ms, ours.ms)} faster`, goal: '≥ 2× faster', met: met(stock.ms / ours.ms >= 2), requests: `${ours.requests.total}; ${stock.requests.total}` },
    { measure: 'initial pull vs raw', ours: ms(ours.ms), baseline: ms(raw.ms), ratio: `${ratio(ours.ms, raw.ms)} slower`, goal: '≤ 2× slower', met: met(ours.ms / raw.ms <= 2), requests: `${ours.requests.total}; ${raw.requests.total}` },
    o && s
      ? { measure: `push of ${EDITS} edits vs stock`, ours: ms(o.serverHasAllMs), baseline: ms(s.serverHasAllMs), ratio: `${ratio(s.serverHasAllMs, o.serverHasAllMs)} faster`, goal: '≥ 10× faster', met: met(s.serverHasAllMs / o.serverHasAllMs >= 10), requests: `${o.requests.total}; ${s.requests.total}` }
      : { measure: `push of ${EDITS} edits vs stock`, ours: o ? ms(o.serverHasAllMs) : 'FAILED', baseline: s ? ms(s.serverHasAllMs) : 'FAILED', ratio: 'n/a', goal: '≥ 10× faster', met: met(false), requests: `${o?.requests.total ?? '-'}; ${s?.requests.total ?? '-'}` },
    {
      measure: 'live A → B, p50 / p95', ours: `${ms(p(lo, 50))} / ${ms(p(lo, 95))}`, baseline: `${ms(p(ls, 50))} / ${ms(p(ls, 95))}`, ratio: `${ratio(p(lo, 50), p(ls, 50))} / ${ratio(p(lo, 95), p(ls, 95))}`,
      goal: '≤ stock, p95 ≤ 250 ms', met: met(p(lo, 50) <= p(ls, 50) && p(lo, 95) <= p(ls, 95) && p(lo, 95) <= 250),
      requests: `${live.ours.requestsA.total + live.ours.requestsB.total}; ${live.stock.requestsA.total + live.stock.requestsB.total}`,
    },
    {
      measure: `incremental pull of ${CHANGES}, ${incremental.rows} vs ${ESTIMATES} rows`, ours: ms(incremental.big.median), baseline: ms(incremental.small.median),
      ratio: ratio(incremental.big.median, incremental.small.median), goal: '≤ 1.5×', met: met(incremental.big.median / incremental.small.median <= 1.5),
      requests: `${incremental.big.requests.total}; ${incremental.small.requests.total}`,
    },
    { measure: 'bench wall time (this run)', ours: `${(wall / 60_000).toFixed(1)} min`, baseline: '', ratio: '', goal: '≤ 10 min', met: met(wall <= WALL_GOAL_MS), requests: '' },
  ];
  console.log(`\nIssue 18 goals (HTTP requests: ours; baseline — live counts both devices, all ${LIVE_EDITS} edits):`);
  printTable(['measure', 'ours', 'baseline', 'ratio', 'goal', '', 'HTTP requests'], goals.map((g) => [g.measure, g.ours, g.baseline, g.ratio, g.goal, g.met, g.requests]));
}

export async function run(): Promise<void> {
  const backend = benchBackend();
  const page = await buildBenchPage('sync', { minify: !process.env.BENCH_PROFILE });
  const server = await startTestServer(backend, { STATIC_DIR: page.dir });
  const browser = await launchChromium();
  try {
    const user = await signUpOwner(server, 'sync-bench@example.com');
    const seconds = await seedEstimatesBulk(server, user, { estimates: ESTIMATES, itemsPerEstimate: ITEMS_PER_ESTIMATE });
    const expected = { estimates: await countRows(server, 'estimates', user.orgId), items: await countRows(server, 'estimate_items', user.orgId) };
    console.log(
      `backend ${backend}; seeded ${expected.estimates} estimates and ${expected.items} items in ${seconds.toFixed(1)} s (bulk SQL in one transaction; ` +
        `${process.env.BENCH_ANALYZE === '1' ? 'ANALYZE run after seeding' : 'no ANALYZE: PGlite has no autovacuum, so the planner has no statistics'})`,
    );
    const session = await signIn(server, user.email, user.password);
    const setup: Setup = { url: server.url, anonKey: server.anonKey, accessToken: session.access_token, refreshToken: session.refresh_token, userId: user.userId, orgId: user.orgId };

    // Each way into its own IndexedDB database in one page, one after the other.
    const a = await openBenchPage(server, setup, browser);
    const pulls = await measurePulls(a, expected);
    const live = PARTS.has('live') ? await measureLive(a, await openBenchPage(server, setup, browser)) : undefined;
    const push = PARTS.has('push') ? await measurePush(a, server, user) : undefined;
    const incremental = PARTS.has('incremental') ? await measureIncremental(a, server, user) : undefined;
    if (live && push && incremental) printGoals(pulls, live, push, incremental);
  } finally {
    await browser.close();
    await server.close();
    await page.remove();
  }
}
