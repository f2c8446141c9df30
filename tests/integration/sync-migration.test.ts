// A device that last ran an older app version has unpushed offline work in collections whose
// schema the new version changes. Opening the database with the new schema migrates the
// documents and the replication's meta state together, so the work is still pushed, once,
// without spurious conflicts (estimates went from schema 0 to 1 when customer_name,
// sent_to_email and acceptance_sha256 were added).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEstimateItem } from '../../src/features/estimates/commands';
import { createEstimate } from '../../src/db/new-estimate';
import { patchDocument } from '../../src/db/documents';
import { COLLECTIONS, databaseNameFor, openDatabase, type AppDatabase } from '../../src/db/database';
import { withPulledMeta } from '../../src/db/pulled-meta';
import { failedDocuments, openConflicts } from '../../src/db/sync-issues';
import { startSync, type SyncHandle } from '../../sync/index';
import { backendsToTest, startTestServer, type Backend } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();
const PASSWORD = 'Sync-Migration-Password-1';
const FAST = { retry: { baseDelayMs: 20, maxDelayMs: 100 }, backgroundRetryMs: 150, pushWindowMs: 10, blockedRetryMs: 100, liveDebounceMs: 10 };
const ADDED_IN_V1 = ['customer_name', 'sent_to_email', 'acceptance_sha256'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets sync run (pull again, wait) until `check` holds, or fails after a while with its last error. */
async function eventually(sync: SyncHandle, check: () => Promise<void>, attempts = 60): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await check();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
    sync.resync();
    await sleep(100);
    await sync.awaitInSync();
  }
}

type Net = { online: boolean };

function clientFor(endpoint: { url: string; anonKey: string }, net: Net): SupabaseClient {
  const guarded: typeof fetch = async (input, init) => {
    if (!net.online) throw new TypeError('fetch failed');
    return fetch(input, init);
  };
  return createClient(endpoint.url, endpoint.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: { fetch: guarded },
  });
}

/** The estimates schema as version 0 shipped it: the same minus the columns of version 1. */
function estimatesSchemaV0(): RxJsonSchema<Record<string, unknown>> {
  const schema = structuredClone(COLLECTIONS.estimates.schema) as unknown as RxJsonSchema<Record<string, unknown>> & { required: string[] };
  for (const key of ADDED_IN_V1) delete (schema.properties as Record<string, unknown>)[key];
  return { ...schema, version: 0, required: schema.required.filter((key) => !ADDED_IN_V1.includes(key)) } as RxJsonSchema<Record<string, unknown>>;
}

let pluginAdded = false;

/**
 * What the previous app version opened: estimates at schema 0, items as today; its storage
 * either RxDB's own (every record of a pulled document stored) or, as this version's, with the
 * pulled documents standing for their records (src/db/pulled-meta.ts).
 */
async function openVersion0(name: string, indexedDB: IDBFactory, records: 'stored' | 'pulled'): Promise<AppDatabase> {
  if (!pluginAdded) {
    addRxPlugin(RxDBLocalDocumentsPlugin);
    pluginAdded = true;
  }
  const dexie = getRxStorageDexie({ indexedDB, IDBKeyRange });
  const storage = records === 'pulled' ? withPulledMeta(dexie, async (_collection, doc) => doc) : dexie;
  const db = await createRxDatabase({ name, storage, multiInstance: false, localDocuments: true });
  await db.addCollections({
    estimates: { schema: estimatesSchemaV0() },
    estimate_items: { schema: COLLECTIONS.estimate_items.schema },
    sync_issues: { schema: COLLECTIONS.sync_issues.schema },
  } as never);
  return db as unknown as AppDatabase;
}

describe.each(backends)('local schema migration with pending changes on %s', (backend: Backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let client: SupabaseClient;
  const net: Net = { online: true };
  let userId = '';
  let orgId = '';

  beforeAll(async () => {
    server = await startTestServer(backend);
    client = clientFor(server, net);
    const email = `migration-${backend}@example.com`;
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
    if (error || !data.user) throw error ?? new Error('no user');
    userId = data.user.id;
    const { data: orgs, error: orgError } = await client.from('organizations').select('id');
    if (orgError || !orgs?.[0]) throw orgError ?? new Error('no organization');
    orgId = orgs[0].id as string;
  });
  afterAll(async () => {
    await client?.removeAllChannels();
    await server?.close();
  });

  it.each(['stored', 'pulled'] as const)('carries unpushed edits and new documents across the migration and pushes them once (records %s)', async (records) => {
    const indexedDB = new IDBFactory();
    const suffix = `mig${backend}${records}`;
    const name = databaseNameFor(userId, suffix);
    const start = (database: AppDatabase): SyncHandle =>
      startSync({ database, supabase: client, userId, orgId, serverUrl: server.url, timing: FAST });

    // Two estimates another device made: this one pulls them, edits one offline, leaves one be.
    const [pulledId, untouchedId] = [crypto.randomUUID(), crypto.randomUUID()];
    const made = await client.from('estimates').insert([
      { id: pulledId, org_id: orgId, owner_id: userId, title: `Pulled before the update ${records}` },
      { id: untouchedId, org_id: orgId, owner_id: userId, title: `Untouched ${records}` },
    ]);
    expect(made.error).toBeNull();
    const untouchedBefore = await client.from('estimates').select('updated_at').eq('id', untouchedId).single();

    // The old version: one estimate synced, then a day offline.
    const old = await openVersion0(name, indexedDB, records);
    let sync = start(old);
    const synced = await createEstimate(old, { org_id: orgId, owner_id: userId, title: 'Synced before the update' });
    await addEstimateItem(old, synced, { name: 'Survey', quantity: 1, unit_price_cents: 5000 });
    await eventually(sync, async () => {
      expect((await old.estimates.findOne(synced.id).exec())?.number).toMatch(/^EST-/);
      expect(await old.estimates.findByIds([pulledId, untouchedId]).exec()).toHaveProperty('size', 2);
    });
    const before = (await old.estimates.findOne(synced.id).exec())!;

    net.online = false;
    await patchDocument(old, 'estimates', synced.id, { title: 'Edited offline before the update' });
    await patchDocument(old, 'estimates', pulledId, { title: `Pulled, edited offline ${records}` });
    const offline = await createEstimate(old, { org_id: orgId, owner_id: userId, title: 'Created offline before the update' });
    await addEstimateItem(old, offline, { name: 'Tiles', quantity: 4, unit_price_cents: 2500 });
    await sleep(100);
    await sync.stop();
    await old.close();

    // The new version opens the same database: estimates migrate to schema 1.
    const db = await openDatabase({ userId, indexedDB, IDBKeyRange, multiInstance: false, nameSuffix: suffix, collections: ['estimates', 'estimate_items'] });
    const migrated = (await db.estimates.findOne(synced.id).exec())!.toJSON();
    expect(migrated.title).toBe('Edited offline before the update');
    expect(migrated).toMatchObject({ customer_name: '', sent_to_email: '', acceptance_sha256: '' });
    expect(migrated.search).toContain('edited offline');

    net.online = true;
    sync = start(db);
    await eventually(sync, async () => {
      const { data: rows, error } = await client.from('estimates').select('id, number, title, total_cents').in('id', [synced.id, offline.id]).order('created_at');
      expect(error).toBeNull();
      expect(rows).toEqual([
        expect.objectContaining({ id: synced.id, number: before.number, title: 'Edited offline before the update' }),
        expect.objectContaining({ id: offline.id, number: expect.stringMatching(/^EST-/), title: 'Created offline before the update', total_cents: 10000 }),
      ]);
      expect((await db.estimates.findOne(offline.id).exec())?.number).toMatch(/^EST-/);
    });
    await eventually(sync, async () => {
      const { data: rows } = await client.from('estimates').select('title, updated_at').in('id', [pulledId, untouchedId]).order('title');
      // The pulled estimate's edit arrives; the untouched one is not written again.
      expect(rows).toEqual([
        expect.objectContaining({ title: `Pulled, edited offline ${records}` }),
        { title: `Untouched ${records}`, updated_at: untouchedBefore.data?.updated_at },
      ]);
    });
    const { data: items } = await client.from('estimate_items').select('name').in('estimate_id', [synced.id, offline.id]).order('name');
    expect(items).toEqual([{ name: 'Survey' }, { name: 'Tiles' }]);
    expect(await openConflicts(db).exec()).toEqual([]);
    expect(await failedDocuments(db).exec()).toEqual([]);
    expect(await sync.pendingCount()).toBe(0);
    await sync.stop();
    await db.remove();
  });
});
