// The sync engine end to end: devices with their own IndexedDB (fake-indexeddb) and their own
// supabase-js client, against the local backend (helpers in sync-support.ts). "Offline" cuts a
// device's fetch.
import { createServer } from 'node:net';
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEstimateItem } from '../../src/features/estimates/commands';
import { createEstimate } from '../../src/db/new-estimate';
import { insertDocument, patchDocument } from '../../src/db/documents';
import { restoreConflict } from '../../src/db/sync-issues';
import { failedDocuments, openConflicts } from '../../src/db/sync-issues';
import { itemsOfEstimate } from '../../src/features/estimates/queries';
import { loadConfig } from '../../supabase/local/config';
import { openPglite, type Db } from '../../supabase/local/db';
import { startServer, type RunningServer } from '../../supabase/local/server';
import { backendsToTest, createTestDatabase, startTestServer, type Backend } from '../../supabase/local/testing/harness';
import { closeDevice, openDevice, serverRows, settle, signUp, sleep, type Device } from './sync-support';

const backends = await backendsToTest();

/** Waits for a condition the devices reach on their own (polled; fails after 10 s). */
async function until(condition: () => Promise<boolean>) {
  for (const start = Date.now(); Date.now() - start < 10_000; await sleep(10)) if (await condition()) return;
  throw new Error('the condition was not reached within 10 s');
}

describe.each(backends)('sync engine on %s', (backend: Backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let user: Awaited<ReturnType<typeof signUp>>;
  let a: Device;
  let b: Device;

  beforeAll(async () => {
    server = await startTestServer(backend);
    user = await signUp(server, `sync-${backend}@example.com`);
    a = await openDevice(server, user, ['accounts', 'estimates', 'estimate_items']);
    b = await openDevice(server, user, ['accounts', 'estimates', 'estimate_items']);
  });
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(closeDevice));
    await server?.close();
  });

  it('two devices edit offline and converge, with final numbers from the server', async () => {
    const estimate = await createEstimate(a.db, { org_id: user.orgId, owner_id: user.userId, title: 'Kitchen' });
    expect(estimate.number).toMatch(/^DRAFT-/);
    await addEstimateItem(a.db, estimate, { name: 'Tiles', quantity: 10, unit_price_cents: 1250 });
    await settle([a, b]);
    const onB = await b.db.estimates.findOne(estimate.id).exec();
    expect(onB?.title).toBe('Kitchen');
    expect(onB?.number).toMatch(/^EST-\d{6}$/);
    expect((await a.db.estimates.findOne(estimate.id).exec())?.number).toBe(onB?.number);
    expect(onB?.total_cents).toBe(12500);

    a.net.online = false;
    b.net.online = false;
    await patchDocument(a.db, 'estimates', estimate.id, { title: 'Kitchen v2' });
    await addEstimateItem(a.db, estimate, { name: 'Grout' });
    await patchDocument(b.db, 'estimates', estimate.id, { notes: 'Call before coming' });
    await addEstimateItem(b.db, estimate, { name: 'Labour' });
    await sleep(100);
    expect(await a.sync.pendingCount()).toBeGreaterThan(0);
    expect(await b.sync.pendingCount()).toBeGreaterThan(0);

    a.net.online = true;
    b.net.online = true;
    await settle([a, b]);
    for (const device of [a, b]) {
      const doc = await device.db.estimates.findOne(estimate.id).exec();
      expect(doc?.title).toBe('Kitchen v2');
      expect(doc?.notes).toBe('Call before coming');
      const items = await itemsOfEstimate(device.db, estimate.id).exec();
      expect(items.map((i) => i.name).sort()).toEqual(['Grout', 'Labour', 'Tiles']);
      expect(await openConflicts(device.db).exec()).toHaveLength(0);
      expect(await device.sync.pendingCount()).toBe(0);
    }
    const [row] = await serverRows(a, 'estimates', [estimate.id]);
    expect(row).toMatchObject({ title: 'Kitchen v2', notes: 'Call before coming', number: onB?.number });
  });

  it('the same field edited on both devices: the first to sync wins, the other value is logged and can be restored', async () => {
    const account = await insertDocument(a.db, 'accounts', { org_id: user.orgId, name: 'Acme' });
    await settle([a, b]);
    expect((await b.db.accounts.findOne(account.id).exec())?.name).toBe('Acme');

    a.net.online = false;
    b.net.online = false;
    await patchDocument(a.db, 'accounts', account.id, { name: 'Acme (A)', phone: '555-0100' });
    await patchDocument(b.db, 'accounts', account.id, { name: 'Acme (B)', website: 'acme.example' });
    a.net.online = true;
    await settle([a]);
    b.net.online = true;
    await settle([a, b]);

    for (const device of [a, b]) {
      const doc = await device.db.accounts.findOne(account.id).exec();
      expect(doc).toMatchObject({ name: 'Acme (A)', phone: '555-0100', website: 'acme.example' });
    }
    const conflicts = await openConflicts(b.db).exec();
    expect(conflicts.map((c) => [c.doc_id, c.field, JSON.parse(c.local_value), JSON.parse(c.server_value), c.rule])).toEqual([
      [account.id, 'name', 'Acme (B)', 'Acme (A)', 'server-wins'],
    ]);

    await restoreConflict(b.db, conflicts[0]!.id);
    await settle([a, b]);
    expect((await a.db.accounts.findOne(account.id).exec())?.name).toBe('Acme (B)');
    expect(await openConflicts(b.db).exec()).toHaveLength(0);
  });

  it('a retried batch is a no-op on the server', async () => {
    const device = crypto.randomUUID();
    const id = crypto.randomUUID();
    const first = [{ seq: 1, table: 'accounts', doc: { id, org_id: user.orgId, name: 'Dup 1' } }];
    const push = (changes: unknown) => a.client.rpc('sync_push', { p_device_id: device, p_changes: changes });
    expect((await push(first)).data.results[0]).toMatchObject({ status: 'applied' });
    const second = await push([{ seq: 2, table: 'accounts', doc: { id, org_id: user.orgId, name: 'Dup 2' }, assumed: { id, org_id: user.orgId, name: 'Dup 1' } }]);
    expect(second.data.results[0]).toMatchObject({ status: 'applied' });
    const again = await push(first);
    // Its answer is no longer kept (only the last batch's are): answered from the row as it is
    // now, which no longer holds what seq 1 wrote.
    expect(again.data.results[0]).toMatchObject({ seq: 1, status: 'conflict', duplicate: true, server_doc: { name: 'Dup 2' } });
    expect((await serverRows(a, 'accounts', [id]))[0]).toMatchObject({ name: 'Dup 2' });
  });

  it('an answer lost on the way back changes nothing: the batch is sent again and recognised', async () => {
    a.net.dropPushResponses = 1;
    const estimate = await createEstimate(a.db, { org_id: user.orgId, owner_id: user.userId, title: 'Lost answer' });
    await settle([a, b]);
    expect(a.net.dropPushResponses).toBe(0);
    const [row] = await serverRows(a, 'estimates', [estimate.id]);
    expect(row).toMatchObject({ title: 'Lost answer', provisional_number: estimate.number });
    expect((await b.db.estimates.findOne(estimate.id).exec())?.number).toBe(row!.number);
    expect(await openConflicts(a.db).exec()).toHaveLength(0);
    expect(await failedDocuments(a.db).exec()).toHaveLength(0);
  });

  it('a change reaches a live device from the realtime message, without a pull', async () => {
    const estimate = await createEstimate(a.db, { org_id: user.orgId, owner_id: user.userId, title: 'Live, before' });
    await settle([a, b]);
    await until(async () => (await b.db.estimates.findOne(estimate.id).exec())?.title === 'Live, before');
    const live = await firstValueFrom(b.sync.status$.pipe(filter((s) => s.live)));
    expect(live.live).toBe(true);

    b.net.rpcCalls = [];
    await patchDocument(a.db, 'estimates', estimate.id, { title: 'Live, after' });
    await until(async () => (await b.db.estimates.findOne(estimate.id).exec())?.title === 'Live, after');
    const calls = b.net.rpcCalls;
    b.net.rpcCalls = undefined;
    expect(calls.filter((name) => name === 'sync_pull')).toEqual([]);
    // The server's columns came with it (the row as the server wrote it, not the local edit).
    const [row] = await serverRows(a, 'estimates', [estimate.id]);
    expect((await b.db.estimates.findOne(estimate.id).exec())?.updated_at).toBe(row!.updated_at);
  });

  it('a refused document is reported with its reason, stays on the device, and does not block the rest', async () => {
    const bad = await insertDocument(a.db, 'accounts', { org_id: user.orgId, name: '' });
    const good = await insertDocument(a.db, 'accounts', { org_id: user.orgId, name: 'Good one' });
    const otherOrg = await insertDocument(a.db, 'accounts', { org_id: crypto.randomUUID(), name: 'Not my org' });
    await settle([a]);
    const rows = await serverRows(a, 'accounts', [bad.id, good.id, otherOrg.id]);
    expect(rows.map((r) => r.name)).toEqual(['Good one']);
    const failures = await failedDocuments(a.db).exec();
    expect(failures.map((f) => [f.doc_id, f.reason]).sort()).toEqual(
      [[bad.id, 'invalid_value'], [otherOrg.id, expect.stringMatching(/forbidden|missing_reference/)]].sort(),
    );
    expect(await a.db.accounts.findOne(bad.id).exec()).not.toBeNull();

    await patchDocument(a.db, 'accounts', bad.id, { name: 'Fixed' });
    await settle([a, b]);
    expect((await serverRows(a, 'accounts', [bad.id]))[0]).toMatchObject({ name: 'Fixed' });
    expect((await failedDocuments(a.db).exec()).map((f) => f.doc_id)).toEqual([otherOrg.id]);
    expect((await b.db.accounts.findOne(bad.id).exec())?.name).toBe('Fixed');
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe.each(backends)('sync across a server restart on %s', (backend: Backend) => {
  let running: RunningServer | undefined;
  let pglite: Db | undefined;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let env: Record<string, string>;
  let device: Device | undefined;

  async function start() {
    const config = loadConfig(env);
    running = await startServer(config, pglite ? { db: pglite } : {});
    return running;
  }

  beforeAll(async () => {
    const port = await freePort();
    env = { PORT: String(port), LOG_LEVEL: 'error', SEED: 'false', BCRYPT_COST: '4', RATE_LIMITS: 'false' };
    if (backend === 'postgres') {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url;
    } else {
      pglite = await openPglite();
    }
    await start();
  });
  afterAll(async () => {
    if (device) await closeDevice(device);
    await running?.close();
    await pglite?.close();
    await database?.drop();
  });

  it('a server restart in the middle of a push loses and duplicates nothing', async () => {
    const endpoint = { url: running!.url, anonKey: running!.anonKey };
    const user = await signUp(endpoint, `restart-${backend}@example.com`);
    device = await openDevice(endpoint, user, ['accounts', 'estimates']);
    device.net.online = false;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await insertDocument(device.db, 'accounts', { org_id: user.orgId, name: `Offline ${i}` })).id);
    const estimate = await createEstimate(device.db, { org_id: user.orgId, owner_id: user.userId, title: 'During restart' });

    // The first push reaches the server and commits; the server goes down before the answer.
    let restarted!: () => void;
    const backUp = new Promise<void>((resolve) => (restarted = resolve));
    device.net.beforePushResponse = async () => {
      await running!.close();
      setTimeout(() => void start().then(() => restarted()), 300);
    };
    device.net.online = true;
    device.sync.resync();
    await backUp;
    await settle([device]);
    expect(device.net.beforePushResponse).toBeUndefined();

    const rows = await serverRows(device, 'accounts', ids);
    expect(rows.map((r) => r.name).sort()).toEqual(ids.map((_, i) => `Offline ${i}`).sort());
    const estimates = await serverRows(device, 'estimates', [estimate.id]);
    expect(estimates).toHaveLength(1);
    expect(estimates[0]!.number).toBe('EST-000001');
    expect(await failedDocuments(device.db).exec()).toHaveLength(0);
    expect(await openConflicts(device.db).exec()).toHaveLength(0);
    expect(await device.sync.pendingCount()).toBe(0);
  });
});
