// One e2e backend process: the built app and the API on PORT, like `npm start`, on a database
// of its own. PostgreSQL (127.0.0.1:5432, required in CI) when it answers: a fresh database,
// migrated in seconds where embedded PGlite takes a minute on a loaded 2-core machine, and
// dropped when the process ends. E2E_BACKEND=pglite, or no PostgreSQL outside CI, keeps PGlite
// in DATA_DIR (the database and integration tests cover both drivers).
import pg from 'pg';
import { loadConfig } from '../../supabase/local/config';
import { startServer } from '../../supabase/local/server';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PREFIX = 'cep_e2e_';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function usePostgres(): Promise<boolean> {
  const asked = process.env.E2E_BACKEND;
  if (asked === 'pglite') return false;
  try {
    await admin(async () => undefined);
    return true;
  } catch (error) {
    if (asked === 'postgres' || process.env.CI === 'true') throw new Error(`PostgreSQL is required but ${ADMIN_URL} is unreachable`, { cause: error });
    return false;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A fresh database named after this process; those of processes that died without dropping theirs go first. */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${PREFIX}${process.pid}_${Date.now()}`;
  await admin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like '${PREFIX}%'`);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(PREFIX.length).split('_')[0]);
      if (!alive(pid)) await c.query(`drop database if exists ${datname} with (force)`);
    }
    await c.query(`create database ${name}`);
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(async (c) => void (await c.query(`drop database if exists ${name} with (force)`))) };
}

const database = (await usePostgres()) ? await createDatabase() : null;
const server = await startServer(loadConfig({ ...process.env, ...(database ? { DATABASE_URL: database.url } : {}) }));
// Every journey reaches this server from 127.0.0.1, so the failed token lookups that some
// journeys make on purpose (unknown links, wrong invite e-mails, expired portals) add up in
// one 10-minute window and would lock every later journey out of invite and link lookups
// (20 per address: a run shorter than the window once reached it). The limit itself is
// tested where one test owns its address (supabase/tests/rate-limits.test.ts).
const clearTokenLookups = setInterval(() => {
  server.ctx.db.query(`delete from private.rate_counters where bucket = 'token_lookup'`).catch(() => undefined);
}, 2000);
clearTokenLookups.unref();
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  clearInterval(clearTokenLookups);
  const timer = setTimeout(() => process.exit(1), 10_000);
  await server.close();
  await database?.drop();
  clearTimeout(timer);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
