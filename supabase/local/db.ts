// One database interface over two drivers: embedded PGlite (single connection, so every
// statement and transaction is queued) and node-postgres (a pool, plus one connection
// dedicated to LISTEN). Both return the same JS values for the same SQL types.
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';

export type Row = Record<string, unknown>;
type Field = { name: string; dataTypeID: number };
export type QueryResult<R = Row> = { rows: R[]; fields: Field[]; affectedRows: number };

export type Queryable = {
  query<R = Row>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs a multi-statement script without parameters. */
  exec(sql: string): Promise<void>;
};

type TxOptions = { readOnly?: boolean };

export type Db = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (READ COMMITTED); rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TxOptions): Promise<T>;
  /**
   * Sends several statements (no parameters) as one simple-protocol message: one round trip,
   * one implicit transaction that commits when all succeed. The results, in order.
   */
  script<R = Row>(sql: string): Promise<QueryResult<R>[]>;
  /**
   * Opens a transaction and runs `sql` (several statements, no parameters) in the same
   * message, then commits when `decide` returns and rolls back when it throws: two round
   * trips on PostgreSQL for what begin / statements / commit would take one each.
   */
  transactionScript<T, R = Row>(sql: string, decide: (results: QueryResult<R>[]) => T): Promise<T>;
  /** Subscribes to NOTIFY on a channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

// Dates and timestamps stay the strings Postgres printed, so nothing shifts time zones or
// loses microseconds; int8 becomes a number (ids and counts stay far below 2^53);
// numeric stays a string (exact).
const OID = { int8: 20, date: 1082, timestamp: 1114, timestamptz: 1184, time: 1083, timetz: 1266, numeric: 1700 };
const identity = (v: string) => v;
const toNumber = (v: string) => Number(v);
const rawParsers: Record<number, (v: string) => unknown> = {
  [OID.int8]: toNumber,
  [OID.date]: identity,
  [OID.timestamp]: identity,
  [OID.timestamptz]: identity,
  [OID.time]: identity,
  [OID.timetz]: identity,
  [OID.numeric]: identity,
};

/** A promise chain that runs one task at a time, in arrival order. */
export function createQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export async function openPglite(dataDir?: string): Promise<Db> {
  const lite = await PGlite.create(dataDir, { parsers: rawParsers, extensions: { pgcrypto } });
  const queue = createQueue();
  let closed = false;
  // Calling into a closed PGlite crashes the WASM module (and the process), so work that
  // arrives after close() is refused here instead.
  const enqueue = <T>(task: () => Promise<T>): Promise<T> =>
    queue(() => (closed ? Promise.reject(new Error('The database is closed')) : task()));
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<R>(sql: string, params?: unknown[]) {
      const r = await q.query<R>(sql, params as never);
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    query: (sql, params) => enqueue(() => wrap(lite).query(sql, params)),
    transaction: (fn, options) =>
      enqueue(() =>
        lite.transaction(async (tx) => {
          if (options?.readOnly) await tx.query('set transaction read only');
          return fn(wrap(tx));
        }),
      ),
    exec: (sql) => enqueue(async () => void (await lite.exec(sql))),
    script: <R>(sql: string) =>
      enqueue(async () =>
        (await lite.exec(sql)).map((r) => ({ rows: r.rows as R[], fields: r.fields, affectedRows: r.affectedRows ?? 0 })),
      ),
    transactionScript: <T, R>(sql: string, decide: (results: QueryResult<R>[]) => T) =>
      enqueue(() =>
        lite.transaction(async (tx) =>
          decide((await tx.exec(sql)).map((r) => ({ rows: r.rows as R[], fields: r.fields, affectedRows: r.affectedRows ?? 0 }))),
        ),
      ),
    async listen(channel, onPayload) {
      const unlisten = await enqueue(() => lite.listen(channel, onPayload));
      return () => enqueue(() => unlisten());
    },
    close: () =>
      queue(async () => {
        if (closed) return;
        closed = true;
        await lite.close();
      }),
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Db> {
  const typeOverrides = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      rawParsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text'),
  };
  const pool = new pg.Pool({ connectionString, max: poolSize, types: typeOverrides as pg.CustomTypesConfig });
  pool.on('error', () => undefined); // an idle client lost its connection; the pool replaces it
  const toResult = <R>(r: pg.QueryResult): QueryResult<R> => ({
    rows: r.rows as R[],
    fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: r.rowCount ?? 0,
  });
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  // One connection carries every LISTEN. When it drops (a server restart, a network blip) a
  // new one is opened with back-off and listens to every channel again.
  function listenerClient(): Promise<pg.Client> {
    listener ??= (async () => {
      const client = new pg.Client({ connectionString, types: typeOverrides as pg.CustomTypesConfig });
      await client.connect();
      client.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
      const reconnect = () => {
        listener = undefined;
        client.removeAllListeners('end');
        if (!closed) void reconnectWithBackoff(0);
      };
      client.on('error', () => client.end().catch(() => undefined));
      client.on('end', reconnect);
      for (const channel of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return client;
    })();
    listener.catch(() => {
      listener = undefined;
    });
    return listener;
  }
  async function reconnectWithBackoff(attempt: number): Promise<void> {
    await new Promise((r) => setTimeout(r, Math.min(200 * 2 ** attempt, 10_000)));
    if (closed) return;
    await listenerClient().catch(() => reconnectWithBackoff(attempt + 1));
  }
  return {
    kind: 'postgres',
    async query<R>(sql: string, params?: unknown[]) {
      return toResult<R>(await pool.query(sql, params));
    },
    async transaction(fn, options) {
      const client = await pool.connect();
      try {
        await client.query(options?.readOnly ? 'begin read only' : 'begin');
        const result = await fn({
          query: async <R>(sql: string, params?: unknown[]) => toResult<R>(await client.query(sql, params)),
          exec: async (sql: string) => void (await client.query(sql)),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async script<R>(sql: string) {
      // Without values node-postgres sends a simple Query, which may hold several statements.
      const result = (await pool.query(sql)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? result : [result]).map((r) => toResult<R>(r));
    },
    async transactionScript<T, R>(sql: string, decide: (results: QueryResult<R>[]) => T) {
      const client = await pool.connect();
      try {
        const result = (await client.query(`begin;\n${sql}`)) as pg.QueryResult | pg.QueryResult[];
        const results = (Array.isArray(result) ? result : [result]).slice(1).map((r) => toResult<R>(r));
        const decided = decide(results);
        await client.query('commit');
        return decided;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      closed = true;
      const client = await listener?.catch(() => undefined);
      client?.removeAllListeners('end');
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
