// Starts the local backend for tests: on embedded PGlite (in memory) or on a fresh database
// of the PostgreSQL at 127.0.0.1:5432, dropped again at close. Outside CI an unreachable
// PostgreSQL skips that pass with a printed note; with CI=true it is required.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig, type Config } from '../config';
import { openPglite } from '../db';
import { startServer, type RunningServer } from '../server';

export type Backend = 'pglite' | 'postgres';

const ADMIN_DATABASE_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let postgresReachable: Promise<boolean> | undefined;
function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  })();
  return postgresReachable;
}

/** The backends a suite should run on: always PGlite; PostgreSQL when reachable, and always in CI. */
export async function backendsToTest(): Promise<Backend[]> {
  if (process.env.TEST_BACKENDS) return process.env.TEST_BACKENDS.split(',') as Backend[];
  if (await isPostgresReachable()) return ['pglite', 'postgres'];
  if (process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI but ${ADMIN_DATABASE_URL} is unreachable`);
  console.warn(`note: PostgreSQL at ${ADMIN_DATABASE_URL} is unreachable; skipping the PostgreSQL pass`);
  return ['pglite'];
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cep_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestServer = RunningServer & {
  backend: Backend;
  config: Config;
  /** Stops the server (connections cut, requests in flight included) and starts it again on the same port and database. */
  restart(): Promise<void>;
};

/** A running backend on port 0 with seed data off unless asked for; `env` overrides settings. */
export async function startTestServer(backend: Backend, env: Record<string, string> = {}): Promise<TestServer> {
  const base = { PORT: '0', LOG_LEVEL: 'error', SEED: 'false', BCRYPT_COST: '4', RATE_LIMITS: 'false', ...env };
  if (backend === 'postgres') {
    const database = await createTestDatabase();
    const server = await startServer(loadConfig({ ...base, DATABASE_URL: database.url }));
    return withCleanUp(server, backend, (config) => startServer(config), () => database.drop());
  }
  const db = await openPglite();
  return withCleanUp(await startServer(loadConfig(base), { db }), backend, (config) => startServer(config, { db }), () => db.close());
}

/** The server, whose close also releases its database (dropped, or the PGlite closed) after it. */
function withCleanUp(first: RunningServer, backend: Backend, reopen: (config: Config) => Promise<RunningServer>, release: () => Promise<void>): TestServer {
  let current = first;
  // The same settings (issuer and origin included, so tokens stay valid), on the port it got.
  const config = { ...first.ctx.config, PORT: Number(new URL(first.url).port) };
  const server: TestServer = {
    ...first,
    backend,
    config: first.ctx.config,
    async restart() {
      await current.close();
      current = await reopen(config);
      Object.assign(server, { ctx: current.ctx, outbox: current.outbox });
    },
    async close() {
      await current.close();
      await release();
    },
  };
  return server;
}

/** The official client, as the app and RxDB use it; Node 20 needs the ws transport. */
export function createTestClient(server: Pick<RunningServer, 'url' | 'anonKey'>, key = server.anonKey): SupabaseClient {
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}
