// The sync bench's page: the real src/db and sync/ code in Chromium, next to RxDB's stock
// replication-supabase plugin and a raw fetch + Dexie bulkPut baseline, against the same
// backend. tests/bench/sync.ts drives it through window.bench and prints the ratios.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import Dexie from 'dexie';
import { createRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema, type WithDeleted } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { replicateSupabase } from 'rxdb/plugins/replication-supabase';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { patchDocument } from '../../../../src/db/documents';
import { definitionOf, openDatabase, type AppDatabase, type ReplicatedName } from '../../../../src/db/database';
import { startSync, type SyncHandle } from '../../../../sync/index';
import { MAX_PULL_PAGE } from '../../../../sync/pull';
import { fromServer, toServer } from '../../../../sync/protocol';

export type Setup = { url: string; anonKey: string; accessToken: string; refreshToken: string; userId: string; orgId: string };
export type Way = 'ours' | 'stock';
/** busyMs: wall time with at least one request in flight (the server's work and the network, until the answer arrives). */
export type Requests = { total: number; byKind: Record<string, number>; lastWriteAt: number | null; busyMs: number };
export type PullResult = { ms: number; estimates: number; items: number; requests: Requests };
export type PushResult = { inSyncMs: number; serverHasAllMs: number; edited: number; requests: Requests };

type Table = 'estimates' | 'estimate_items';
type Doc = Record<string, unknown>;
type Collections = { estimates: RxCollection<Doc>; estimate_items?: RxCollection<Doc> };

const TABLES = ['estimates', 'estimate_items'] as const satisfies readonly ReplicatedName[];
const PULL_BATCH = 200;
/** A way that is not in sync by then has failed (its last errors are reported). */
const STEP_TIMEOUT_MS = 240_000;
const now = () => performance.timeOrigin + performance.now();

type Entry = { kind: string; write: boolean; start: number; end: number };

/**
 * Hops of the live test on this page, for the per-hop table of tests/bench/sync.ts: when the
 * write request of a way started and was answered (device A), and when the realtime message
 * carrying the armed title arrived (device B). Reset by armTitle and writeTitle.
 */
export type Hops = { writeStart?: number; writeEnd?: number; message?: number };
let hops: Hops = {};
let watchedTitle: string | undefined;

// Wraps the page's WebSocket (before any client opens one) to time the arrival of the realtime
// message carrying the watched title, before realtime-js parses it.
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.addEventListener('message', (event: MessageEvent) => {
      if (watchedTitle && hops.message === undefined && typeof event.data === 'string' && event.data.includes(watchedTitle)) hops.message = now();
    });
  }
};

/** Every HTTP request a client makes, by kind (RPC name or method + table), with its end time. */
class RequestLog {
  entries: Entry[] = [];
  failures: string[] = [];
  reset() {
    this.entries = [];
    this.failures = [];
  }
  summary(): Requests {
    const byKind: Record<string, number> = {};
    for (const e of this.entries) byKind[e.kind] = (byKind[e.kind] ?? 0) + 1;
    const writes = this.entries.filter((e) => e.write).map((e) => e.end);
    return { total: this.entries.length, byKind, lastWriteAt: writes.length ? Math.max(...writes) : null, busyMs: this.busyMs() };
  }
  /** The union of the requests' intervals: the rest of a step's time is the client's own work. */
  busyMs(): number {
    let busy = 0;
    let until = -Infinity;
    for (const { start, end } of [...this.entries].sort((a, b) => a.start - b.start)) {
      if (end <= until) continue;
      busy += end - Math.max(start, until);
      until = end;
    }
    return busy;
  }
  fetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const rpc = /\/rest\/v1\/rpc\/(\w+)/.exec(url.pathname)?.[1];
    const table = /\/rest\/v1\/(\w+)/.exec(url.pathname)?.[1] ?? url.pathname;
    const kind = rpc ? `rpc ${rpc}` : `${method} ${table}`;
    const write = rpc === 'sync_push' || (!rpc && method !== 'GET' && method !== 'HEAD');
    const start = now();
    if (write) hops.writeStart ??= start;
    const response = await fetch(input, init);
    const end = now();
    if (write) hops.writeEnd ??= end;
    // Answered = the server committed the write (PostgREST answers after commit).
    this.entries.push({ kind, write, start, end });
    if (!response.ok) this.failures.push(`${response.status} ${kind}: ${(await response.clone().text()).slice(0, 300)}`);
    return response;
  };
}

let setup: Setup;
const logs: Record<Way | 'raw', RequestLog> = { ours: new RequestLog(), stock: new RequestLog(), raw: new RequestLog() };
const clients = new Map<Way, SupabaseClient>();
const databases = new Map<Way, RxDatabase<Collections>>();
let oursSync: SyncHandle | undefined;
let stockReplications: RxReplicationState<Doc, unknown>[] = [];
let armed: Promise<number> | undefined;

/**
 * One sign-in (made by the bench in Node) shared by every client, as the app's session: a new
 * sign-in would end the others' sessions. setSession hands the token to realtime as well.
 */
async function connect(way: Way): Promise<void> {
  if (clients.has(way)) return;
  const client = createClient(setup.url, setup.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: `bench-${way}` },
    global: { fetch: logs[way].fetch },
  });
  const { error } = await client.auth.setSession({ access_token: setup.accessToken, refresh_token: setup.refreshToken });
  if (error) throw new Error(`session for ${way}: ${error.message}`);
  clients.set(way, client);
}

function clientFor(way: Way): SupabaseClient {
  const client = clients.get(way);
  if (!client) throw new Error(`${way} is not connected`);
  return client;
}

/**
 * The stock plugin compares every schema property with a column of the table, so its
 * collections leave out our local derived columns (the search field); otherwise the same schema.
 */
function stockSchema(name: Table): RxJsonSchema<Doc> {
  const definition = definitionOf(name);
  const schema = structuredClone(definition.schema) as unknown as { properties: Record<string, unknown>; required: string[]; indexes: (string | string[])[] };
  for (const field of definition.derived) delete schema.properties[field];
  schema.required = schema.required.filter((f) => !definition.derived.includes(f));
  schema.indexes = schema.indexes.filter((index) => ![index].flat().some((f) => definition.derived.includes(f)));
  return schema as unknown as RxJsonSchema<Doc>;
}

function stockRow(name: Table, row: Doc): Doc {
  const doc: Doc = fromServer(name, row);
  for (const field of definitionOf(name).derived) delete doc[field];
  return doc;
}

async function openWayDatabase(way: Way, suffix: string, tables: readonly Table[]): Promise<RxDatabase<Collections>> {
  const db =
    way === 'ours'
      ? ((await openDatabase({ userId: setup.userId, nameSuffix: suffix, multiInstance: false, collections: [...tables] })) as unknown as RxDatabase<Collections>)
      : await (async () => {
          const stock = await createRxDatabase<Collections>({ name: `stock_${suffix}`, storage: getRxStorageDexie(), multiInstance: false });
          await stock.addCollections(Object.fromEntries(tables.map((t) => [t, { schema: stockSchema(t) }])) as never);
          return stock;
        })();
  databases.set(way, db);
  return db;
}

function databaseOf(way: Way): RxDatabase<Collections> {
  const db = databases.get(way);
  if (!db) throw new Error(`no ${way} database on this page yet`);
  return db;
}

function start(way: Way) {
  const db = databaseOf(way);
  if (way === 'ours' && !oursSync) {
    oursSync = startSync({ database: db as unknown as AppDatabase, supabase: clientFor('ours'), userId: setup.userId, orgId: setup.orgId, serverUrl: setup.url });
  }
  if (way === 'stock' && stockReplications.length === 0) {
    // As the plugin's documentation sets it up; the modifiers give the same documents ours stores.
    stockReplications = (Object.keys(db.collections) as Table[]).map(
      (name) =>
        replicateSupabase<Doc>({
          replicationIdentifier: `bench-stock:${db.name}:${name}`,
          collection: db.collections[name]!,
          client: clientFor('stock'),
          tableName: name,
          live: true,
          pull: { batchSize: PULL_BATCH, modifier: (row) => stockRow(name, row) as WithDeleted<Doc> },
          push: { modifier: (doc) => toServer(name, doc) },
        }) as unknown as RxReplicationState<Doc, unknown>,
    );
  }
}

async function stop(way: Way) {
  if (way === 'ours') {
    await oursSync?.stop();
    oursSync = undefined;
  } else {
    await Promise.all(stockReplications.map((r) => r.cancel()));
    stockReplications = [];
  }
}

async function inSync(way: Way, timeoutMs = STEP_TIMEOUT_MS) {
  const done = way === 'ours' ? oursSync!.awaitInSync() : Promise.all(stockReplications.map((r) => r.awaitInSync()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${way} not in sync after ${timeoutMs / 1000} s; last HTTP failure: ${logs[way].failures.at(-1) ?? 'none'}`)), timeoutMs);
  });
  try {
    await Promise.race([done, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function counts(db: RxDatabase<Collections>) {
  return { estimates: await db.collections.estimates.count().exec(), items: (await db.collections.estimate_items?.count().exec()) ?? 0 };
}

/** The app's own write for ours; the same local change as a plain RxDB patch for stock. */
async function editTitle(way: Way, id: string, title: string) {
  const db = databaseOf(way);
  if (way === 'ours') {
    await patchDocument(db as unknown as AppDatabase, 'estimates', id, { title });
    return;
  }
  const doc = await db.collections.estimates.findOne(id).exec();
  if (!doc) throw new Error(`no estimate ${id}`);
  await doc.incrementalPatch({ title, updated_at: new Date().toISOString() });
}

const bench = {
  async init(values: Setup) {
    setup = values;
    await connect('ours');
    await connect('stock');
  },

  /** Initial pull into a fresh database until in sync. */
  async pull(way: Way): Promise<PullResult> {
    const db = await openWayDatabase(way, `bench${way}`, TABLES);
    logs[way].reset();
    const t0 = now();
    start(way);
    await inSync(way);
    const ms = now() - t0;
    return { ms, ...(await counts(db)), requests: logs[way].summary() };
  },

  /** The largest page ours pulls (it grows to it while pages come back full). */
  maxPullPage(): number {
    return MAX_PULL_PAGE;
  },

  /** The same rows fetched as JSON (PostgREST, keyset pages) and written with Dexie bulkPut. */
  async rawPull(pageSize = PULL_BATCH): Promise<PullResult> {
    const dexie = new Dexie(`bench-raw-${pageSize}`);
    dexie.version(1).stores({ estimates: 'id', estimate_items: 'id' });
    await dexie.open();
    logs.raw.reset();
    const headers = { apikey: setup.anonKey, Authorization: `Bearer ${setup.accessToken}` };
    const t0 = now();
    await Promise.all(
      TABLES.map(async (table) => {
        let after = '';
        for (;;) {
          const url = `${setup.url}/rest/v1/${table}?select=*&order=id.asc&limit=${pageSize}${after ? `&id=gt.${after}` : ''}`;
          const response = await logs.raw.fetch(url, { headers });
          if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`);
          const rows = (await response.json()) as { id: string }[];
          if (rows.length > 0) await dexie.table(table).bulkPut(rows);
          if (rows.length < pageSize) break;
          after = rows[rows.length - 1]!.id;
        }
      }),
    );
    const ms = now() - t0;
    const result = { ms, estimates: await dexie.table('estimates').count(), items: await dexie.table('estimate_items').count(), requests: logs.raw.summary() };
    dexie.close();
    return result;
  },

  /**
   * Stops the replication, edits `count` estimates locally (from `offset` in id order, so the
   * ways edit different estimates and none meets the other's change as a conflict), starts it
   * again: time until the server has them.
   */
  async pushOfflineEdits(way: Way, count: number, offset: number, marker: string, timeoutMs: number): Promise<PushResult> {
    const db = databaseOf(way);
    await stop(way);
    const docs = await db.collections.estimates.find({ sort: [{ id: 'asc' }], skip: offset, limit: count }).exec();
    for (const doc of docs) await editTitle(way, String(doc.get('id')), `${marker} ${String(doc.get('title'))}`.slice(0, 300));
    logs[way].reset();
    const t0 = now();
    start(way);
    await inSync(way, timeoutMs);
    const inSyncMs = now() - t0;
    const requests = logs[way].summary();
    // BENCH_DEBUG (the page's console is printed): each request of the push, from the start.
    for (const e of logs[way].entries) console.log(`push ${way} ${count}: ${e.kind} ${(e.start - t0).toFixed(0)} → ${(e.end - t0).toFixed(0)} ms`);
    return { inSyncMs, serverHasAllMs: requests.lastWriteAt === null ? Number.NaN : requests.lastWriteAt - t0, edited: docs.length, requests };
  },

  /** As armTitle, for several estimates: seenTitle then resolves once every one has the title. */
  async armTitles(way: Way, ids: string[], title: string): Promise<void> {
    const query = databaseOf(way).collections.estimates.findByIds(ids);
    let subscribed!: () => void;
    const ready = new Promise<void>((resolve) => (subscribed = resolve));
    armed = new Promise((resolve) => {
      const subscription = query.$.subscribe((docs) => {
        subscribed();
        if (ids.every((id) => docs.get(id)?.get('title') === title)) {
          const at = now();
          queueMicrotask(() => subscription.unsubscribe());
          resolve(at);
        }
      });
    });
    await ready;
  },

  /** The HTTP requests of a way on this page since the last reset; `reset` starts a new count. */
  requests(way: Way, reset = false): Requests {
    const summary = logs[way].summary();
    if (reset) logs[way].reset();
    return summary;
  },

  /** Second device for the live test: a fresh database with estimates only, pulled, live. */
  async openLive(way: Way): Promise<number> {
    const db = await openWayDatabase(way, `live${way}`, ['estimates']);
    start(way);
    await inSync(way);
    return db.collections.estimates.count().exec();
  },

  /** Starts a stopped replication of an existing database again and waits until in sync. */
  async resume(way: Way): Promise<void> {
    start(way);
    await inSync(way);
  },

  /** Starts watching for the estimate with the given title; resolves once the watch is in place. */
  async armTitle(way: Way, id: string, title: string): Promise<void> {
    hops = {};
    watchedTitle = title;
    const collection = databaseOf(way).collections.estimates;
    let subscribed!: () => void;
    const ready = new Promise<void>((resolve) => (subscribed = resolve));
    armed = new Promise((resolve) => {
      const subscription = collection.findOne(id).$.subscribe((doc) => {
        subscribed();
        if (doc?.get('title') === title) {
          const at = now();
          queueMicrotask(() => subscription.unsubscribe());
          resolve(at);
        }
      });
    });
    await ready;
  },

  /** The time this page first saw the title armed above (fails after 20 s: the change never arrived). */
  seenTitle(): Promise<number> {
    if (!armed) throw new Error('armTitle first');
    return Promise.race([armed, new Promise<number>((_, reject) => setTimeout(() => reject(new Error('the change did not arrive within 20 s')), 20_000))]);
  },

  /** Writes a title on this device; returns the time just before the local write. */
  async writeTitle(way: Way, id: string, title: string): Promise<number> {
    hops = {};
    const at = now();
    await editTitle(way, id, title);
    return at;
  },

  /** This page's hops of the last live edit (see Hops). */
  hops(): Hops {
    return hops;
  },

  async someEstimateIds(way: Way, count: number): Promise<string[]> {
    const docs = await databaseOf(way).collections.estimates.find({ sort: [{ id: 'desc' }], limit: count }).exec();
    return docs.map((d) => String(d.get('id')));
  },

  /** Whether ours' realtime subscription is up, and its last errors (for diagnostics). */
  async oursStatus(): Promise<{ live: boolean; errors: string[] }> {
    if (!oursSync) return { live: false, errors: ['not running'] };
    return new Promise((resolve) => {
      const s = oursSync!.status$.subscribe((d) => resolve({ live: d.live, errors: d.errors.map((e) => `${e.direction} ${e.collection ?? ''}: ${e.message}`) }));
      queueMicrotask(() => s.unsubscribe());
    });
  },

  stop,
};

export type Bench = typeof bench;
(window as unknown as { bench: Bench }).bench = bench;
