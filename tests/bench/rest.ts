// REST overhead against its floor, on PGlite and on PostgreSQL:
// - a page of 500 rows ordered by (_modified, id) through /rest/v1 (HTTP, JWT, the set-up and
//   the query in one round trip, JSON built in SQL, parsed by the caller) vs the same SQL
//   through the raw driver: p50/p95 and their ratio (goal ≤ 1.5), uncompressed and with the
//   server's gzip, plus RxDB's checkpoint pull;
// - requests per second with 32 concurrent clients (autocannon) for a one-row lookup and
//   the 500-row page, against /health on the same server as the baseline.
import { createRequire } from 'node:module';
import { invalidateCatalog } from '../../supabase/local/rest';
import { backendsToTest, startTestServer, type TestServer } from '../../supabase/local/testing/harness';
import { benchBackend as chosenBackend } from './lib/browser';

type LoadResult = { requests: { average: number }; non2xx: number; errors: number };
type LoadOptions = { url: string; connections: number; duration: number; headers: Record<string, string> };
// autocannon ships no type declarations.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: LoadOptions, done: (error: Error | null, result: LoadResult) => void) => unknown;

const ROWS = 5000;
const PAGE = 500;
const WARMUP = 20;
const ROUNDS = 100;
const LOAD_SECONDS = 5;
const CONNECTIONS = 32;

const FIXTURE = `
create table if not exists rt_bench (
  id text primary key, title text not null, amount numeric(12, 2), qty int,
  "_deleted" boolean not null default false, "_modified" timestamptz not null default now()
);
create index if not exists rt_bench_modified on rt_bench ("_modified", id);
insert into rt_bench (id, title, amount, qty, "_modified")
select 'doc-' || lpad(i::text, 6, '0'), 'Item number ' || i, i * 1.25, i % 17, timestamptz '2024-01-01T00:00:00Z' + i * interval '1.000123 second'
from generate_series(1, ${ROWS}) i on conflict do nothing;
`;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Alternates the two tasks so drift (GC, caches) hits both equally. */
async function measurePair(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number[], number[]]> {
  for (let i = 0; i < WARMUP; i++) {
    await a();
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await a();
    sa.push(performance.now() - t);
    t = performance.now();
    await b();
    sb.push(performance.now() - t);
  }
  return [sa, sb];
}

function load(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS, headers }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0) reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolve(result.requests.average);
    });
  });
}

async function benchBackend(server: TestServer): Promise<void> {
  await server.ctx.db.exec(FIXTURE);
  invalidateCatalog(server.ctx.db);
  const headers = { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` };
  const pageUrl = `${server.url}/rest/v1/rt_bench?select=*&order=_modified.asc,id.asc&limit=${PAGE}`;
  const pageSql = `select * from rt_bench order by "_modified", id limit ${PAGE}`;
  const { rows } = await server.ctx.db.query<{ id: string; m: string }>(
    `select id, to_json("_modified")#>>'{}' as m from rt_bench order by "_modified", id offset ${ROWS / 2} limit 1`,
  );
  const { id, m } = rows[0]!;
  const pullUrl = `${pageUrl}&or=${encodeURIComponent(`("_modified".gt.${m},and("_modified".eq.${m},"id".gt.${id}))`)}`;
  const pullSql = `select * from rt_bench where "_modified" > $1 or ("_modified" = $1 and id > $2) order by "_modified", id limit ${PAGE}`;

  const fetchJson = async (url: string, encoding = 'identity') => {
    const res = await fetch(url, { headers: { ...headers, 'Accept-Encoding': encoding } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as unknown[];
  };
  const [restPage, sqlPage] = await measurePair(() => fetchJson(pageUrl), () => server.ctx.db.query(pageSql));
  const [gzipPage, sqlPage2] = await measurePair(() => fetchJson(pageUrl, 'gzip'), () => server.ctx.db.query(pageSql));
  const [restPull, sqlPull] = await measurePair(() => fetchJson(pullUrl), () => server.ctx.db.query(pullSql, [m, id]));
  const check = await fetchJson(pageUrl);
  if (check.length !== PAGE) throw new Error(`expected ${PAGE} rows, got ${check.length}`);

  const line = (name: string, rest: number[], raw: number[]) => {
    const [r50, d50, r95, d95] = [percentile(rest, 50), percentile(raw, 50), percentile(rest, 95), percentile(raw, 95)];
    console.log(
      `${name.padEnd(26)} REST p50 ${r50.toFixed(2).padStart(7)} ms  driver p50 ${d50.toFixed(2).padStart(7)} ms  ratio ${(r50 / d50).toFixed(2)}` +
        `   |  p95 ${r95.toFixed(2).padStart(7)} / ${d95.toFixed(2).padStart(7)} ms  ratio ${(r95 / d95).toFixed(2)}`,
    );
  };
  line(`page of ${PAGE} rows`, restPage, sqlPage);
  line(`same, gzip (as browsers)`, gzipPage, sqlPage2);
  line('checkpoint pull (or=)', restPull, sqlPull);
  console.log(`(goal: page p50 ratio ≤ 1.5; ${ROUNDS} rounds after ${WARMUP} warm-up, table of ${ROWS} rows)`);

  const health = await load(`${server.url}/health`, {});
  const lookup = await load(`${server.url}/rest/v1/rt_bench?select=*&id=eq.doc-000042`, headers);
  const page = await load(pageUrl, headers);
  const rps = (name: string, value: number) => console.log(`${name.padEnd(26)} ${value.toFixed(0).padStart(7)} req/s  (${(value / health).toFixed(2)}x /health)`);
  console.log(`${CONNECTIONS} concurrent clients, ${LOAD_SECONDS} s each:`);
  rps('GET /health (baseline)', health);
  rps('GET one row by id', lookup);
  rps(`GET page of ${PAGE} rows`, page);
}

export async function run(): Promise<void> {
  // BENCH_BACKEND picks one backend, as for the other benches; without it both run.
  const backends = process.env.BENCH_BACKEND ? [chosenBackend()] : await backendsToTest();
  for (const backend of backends) {
    console.log(`\n--- REST on ${backend} ---`);
    const server = await startTestServer(backend);
    try {
      await benchBackend(server);
    } finally {
      await server.close();
    }
  }
}
