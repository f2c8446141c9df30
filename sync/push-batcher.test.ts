// The push batcher against an in-memory stand-in for sync_push that behaves like the SQL
// function where it matters here: per-device sequence numbers, a retried batch answered from
// the last batch's results, conflicts detected by content, and a column the server fills in
// (owner_id, like the accounts trigger). An answer can be lost after the batch committed.
import type { SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/collections/accounts';
import { estimateItems } from '../src/db/collections/estimate-items';
import { estimates } from '../src/db/collections/estimates';
import { milestones } from '../src/db/collections/milestones';
import { openDatabase, type AppDatabase } from '../src/db/database';
import { createConflictHandler } from './conflict-handler';
import { sameValue, type Doc } from './merge';
import type { Change, PushResult } from './protocol';
import { chunkChanges, createPushBatcher, type PushRow } from './push-batcher';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const STAMPED = new Set(['created_at', 'updated_at']);
const opened: AppDatabase[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

async function open() {
  const db = await openDatabase({ userId: USER, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, nameSuffix: crypto.randomUUID(), collections: ['accounts', 'estimates'] });
  opened.push(db);
  return db;
}

function fakeServer() {
  const rows = new Map<string, Doc>();
  let lastSeq = 0;
  let lastResults: PushResult[] = [];
  const server = {
    rows,
    /** Non-duplicate changes applied per row id. */
    writes: new Map<string, number>(),
    /** Answers of these request numbers (1-based) are lost after the batch committed. */
    loseAnswers: new Set<number>(),
    requests: 0,
    apply(change: Change): PushResult {
      const id = String(change.doc.id);
      const existing = rows.get(id);
      if (existing) {
        // As sync_push makes a base whole (private.sync_whole_changes).
        const base = change.assumed ?? { ...change.doc, ...change.assumed_changes };
        const changed = Object.keys(base).some((k) => !STAMPED.has(k) && k !== '_deleted' && !sameValue(base[k], existing[k]));
        if (changed) return { seq: change.seq, table: change.table, id, status: 'conflict', server_doc: { ...existing } };
      }
      const now = new Date().toISOString();
      const row: Doc = { ...existing, ...change.doc, updated_at: now, created_at: existing?.created_at ?? now };
      if (!existing && row.owner_id === null) row.owner_id = USER;
      rows.set(id, row);
      server.writes.set(id, (server.writes.get(id) ?? 0) + 1);
      return { seq: change.seq, table: change.table, id, status: 'applied', server_doc: { ...row } };
    },
    rpc(fn: string, args: { p_changes: Change[] }) {
      if (fn !== 'sync_push') throw new Error(`unexpected rpc ${fn}`);
      const request = ++server.requests;
      const results = args.p_changes.map((change): PushResult => {
        if (change.seq <= lastSeq) {
          const previous = lastResults.find((r) => r.seq === change.seq) ?? { seq: change.seq, status: 'applied' as const };
          return { ...previous, duplicate: true, server_doc: { ...rows.get(String(change.doc.id)) } };
        }
        return server.apply(change);
      });
      const max = Math.max(...args.p_changes.map((c) => c.seq));
      if (max > lastSeq) {
        lastSeq = max;
        lastResults = results.filter((r) => !r.duplicate).map(({ server_doc: _, ...r }) => r);
      }
      if (server.loseAnswers.has(request)) return Promise.reject(new TypeError('fetch failed: response lost'));
      return Promise.resolve({ data: { results, last_seq: lastSeq }, error: null, status: 200 });
    },
  };
  return server;
}

function batcherFor(db: AppDatabase, server: ReturnType<typeof fakeServer>, maxChangesPerRequest?: number) {
  return createPushBatcher({
    db,
    supabase: { rpc: (fn: string, args: { p_changes: Change[] }) => server.rpc(fn, args) } as unknown as SupabaseClient,
    windowMs: 1,
    retry: { attempts: 1 },
    maxChangesPerRequest,
  });
}

const newRow = (doc: Doc): PushRow => ({ newDocumentState: { ...doc, _deleted: false } }) as PushRow;
const newAccounts = (n: number) => Array.from({ length: n }, (_, i) => newRow(accounts.create({ id: crypto.randomUUID(), org_id: ORG, name: `Account ${i}` })));

describe('push batcher after a lost answer', () => {
  it("settles rows from the answer another collection's push received, without writing them again, and hands RxDB the server's rows", async () => {
    const db = await open();
    const server = fakeServer();
    const batcher = batcherFor(db, server);
    const rows = newAccounts(3);

    server.loseAnswers.add(1);
    await expect(batcher.push('accounts', rows)).rejects.toThrow(/response lost/);
    expect(server.rows.size).toBe(3);

    // The estimates push goes first after the outage and re-sends the lost batch.
    const estimate = estimates.create({ id: crypto.randomUUID(), org_id: ORG, owner_id: USER, title: 'Roof', number: 'DRAFT-1' });
    expect(await batcher.push('estimates', [newRow(estimate)])).toEqual([]);
    // RxDB then retries the accounts push with the same rows; it takes the server's rows.
    const taken = await batcher.push('accounts', rows);
    expect(taken.map((doc) => doc.id)).toEqual(rows.map((row) => row.newDocumentState.id));
    expect(taken.every((doc) => doc.owner_id === USER)).toBe(true);

    for (const row of rows) expect(server.writes.get(String(row.newDocumentState.id))).toBe(1);
    expect(await db.sync_issues.count().exec()).toBe(0);
  });

  it('keeps the answers of the chunks that arrived when a later chunk of the same push is lost', async () => {
    const db = await open();
    const server = fakeServer();
    const batcher = batcherFor(db, server, 2);
    const rows = newAccounts(4);

    server.loseAnswers.add(2);
    await expect(batcher.push('accounts', rows)).rejects.toThrow(/response lost/);
    // The rows of the lost chunk come back as the server has them (see the next test).
    expect((await batcher.push('accounts', rows)).map((doc) => doc.id)).toEqual(rows.slice(2).map((row) => row.newDocumentState.id));

    for (const row of rows) expect(server.writes.get(String(row.newDocumentState.id))).toBe(1);
    expect(await db.sync_issues.count().exec()).toBe(0);
  });

  // While the answer was lost, RxDB may have skipped a pull of the row (a row whose push it has
  // not recorded looks like an unpushed change) and moved its checkpoint past it: recording the
  // pushed document as the server's would leave the device on a stale row.
  it("hands RxDB the server's row for a change applied before its answer was lost, merged without a conflict", async () => {
    const db = await open();
    const server = fakeServer();
    const batcher = batcherFor(db, server);
    const handler = createConflictHandler(db, 'accounts', { baseOf: (docId, local) => batcher.knownBase('accounts', docId, local) });
    const [row] = newAccounts(1);
    const created = row!.newDocumentState;

    // A new row: the server fills in its owner.
    server.loseAnswers.add(1);
    await expect(batcher.push('accounts', [row!])).rejects.toThrow(/response lost/);
    const [first] = await batcher.push('accounts', [row!]);
    expect(first).toMatchObject({ id: created.id, owner_id: USER, updated_at: server.rows.get(String(created.id))!.updated_at });
    // RxDB has no base for a new row: the batcher's (the device's own write) makes it no conflict.
    expect(await handler.resolve({ assumedMasterState: undefined, realMasterState: first!, newDocumentState: created }, 'test')).toMatchObject({ owner_id: USER, updated_at: first!.updated_at });

    // An edit RxDB pushes against the state it recorded, answered again after a lost answer.
    const recorded = { ...first!, _deleted: false };
    const edit = { newDocumentState: { ...recorded, phone: '555-0100' }, assumedMasterState: recorded } as PushRow;
    server.loseAnswers.add(3);
    await expect(batcher.push('accounts', [edit])).rejects.toThrow(/response lost/);
    const [second] = await batcher.push('accounts', [edit]);
    expect(second).toMatchObject({ phone: '555-0100', updated_at: server.rows.get(String(created.id))!.updated_at });
    expect(await handler.resolve({ assumedMasterState: recorded, realMasterState: second!, newDocumentState: edit.newDocumentState }, 'test')).toMatchObject({ phone: '555-0100', updated_at: second!.updated_at });

    expect(server.writes.get(String(created.id))).toBe(2);
    expect(await db.sync_issues.count().exec()).toBe(0);
  });

  it('a later edit of a row whose answer was lost is sent against what the server made of it', async () => {
    const db = await open();
    const server = fakeServer();
    const batcher = batcherFor(db, server);
    const [row] = newAccounts(1);
    const doc = row!.newDocumentState;

    server.loseAnswers.add(1);
    await expect(batcher.push('accounts', [row!])).rejects.toThrow(/response lost/);
    const edited = newRow({ ...doc, phone: '555-0100' });
    expect(await batcher.push('accounts', [edited])).toEqual([]);

    expect(server.rows.get(String(doc.id))).toMatchObject({ phone: '555-0100', owner_id: USER });
    expect(server.writes.get(String(doc.id))).toBe(2);
  });

  it("gives the conflict handler the server state the lost answer carried, so the device's own write is no conflict", async () => {
    const db = await open();
    const server = fakeServer();
    const batcher = batcherFor(db, server);
    const [row] = newAccounts(1);
    const doc = row!.newDocumentState;
    const id = String(doc.id);

    server.loseAnswers.add(1);
    await expect(batcher.push('accounts', [row!])).rejects.toThrow(/response lost/);
    // The device edits the name; another device edits it too, after the lost batch and
    // before this device's next change reaches the server.
    const edited = newRow({ ...doc, name: 'Mine' });
    const original = server.apply.bind(server);
    server.apply = (change) => {
      if (change.seq === 2) server.rows.set(id, { ...server.rows.get(id)!, name: 'Theirs' });
      return original(change);
    };
    const [conflict] = await batcher.push('accounts', [edited]);
    expect(conflict).toMatchObject({ name: 'Theirs', owner_id: USER });

    // What RxDB does with it: resolve without a base of its own.
    const handler = createConflictHandler(db, 'accounts', { baseOf: (docId, local) => batcher.knownBase('accounts', docId, local) });
    const merged = await handler.resolve({ assumedMasterState: undefined, realMasterState: conflict!, newDocumentState: edited.newDocumentState }, 'test');
    expect(merged).toMatchObject({ name: 'Theirs', owner_id: USER });
    const logged = await db.sync_issues.find().exec();
    expect(logged.map((issue) => [issue.field, JSON.parse(issue.local_value), JSON.parse(issue.server_value)])).toEqual([['name', 'Mine', 'Theirs']]);
  });
});

describe('conflict handler', () => {
  it('logs nothing when the server state differs from the device only in server-owned fields', async () => {
    const db = await open();
    const local = { ...estimates.create({ id: crypto.randomUUID(), org_id: ORG, owner_id: USER, title: 'Roof', number: 'DRAFT-1', provisional_number: 'DRAFT-1' }), _deleted: false };
    const server = { ...local, number: 'EST-000001', total_cents: 1200, subtotal_cents: 1200, updated_at: '2030-01-01T00:00:00.000Z', created_at: '2030-01-01T00:00:00.000Z' };
    const handler = createConflictHandler(db, 'estimates');
    const merged = await handler.resolve({ assumedMasterState: undefined, realMasterState: server, newDocumentState: local }, 'test');
    expect(merged).toMatchObject({ number: 'EST-000001', total_cents: 1200, title: 'Roof' });
    expect(await db.sync_issues.count().exec()).toBe(0);
  });
});

describe('chunkChanges', () => {
  const change = (seq: number, bytes: number): Change => ({ seq, table: 'accounts', doc: { id: String(seq), notes: 'x'.repeat(bytes) } });

  it('keeps order and splits by count and by size; a change larger than the limit goes alone', () => {
    const changes = [change(1, 100), change(2, 100), change(3, 5000), change(4, 100), change(5, 100), change(6, 100)];
    const sizes = (chunks: Change[][]) => chunks.map((c) => c.map((x) => x.seq));
    expect(sizes(chunkChanges(changes, 500, 1000))).toEqual([[1, 2], [3], [4, 5, 6]]);
    expect(sizes(chunkChanges(changes, 2, 1_000_000))).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(chunkChanges([], 10, 10)).toEqual([]);
  });
});

describe('blank drafts', () => {
  async function openWithChildren() {
    const db = await openDatabase({ userId: USER, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, nameSuffix: crypto.randomUUID(), collections: ['estimates', 'estimate_items', 'milestones', 'comments'] });
    opened.push(db);
    return db;
  }
  const draft = (values: Doc = {}) => {
    const id = crypto.randomUUID();
    const number = `DRAFT-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    return estimates.create({ id, org_id: ORG, owner_id: USER, number, provisional_number: number, status: 'draft', terms: 'Net 30', ...values }) as Doc;
  };

  it('holds a blank draft back and sends nothing, not even a sequence number', async () => {
    const db = await openWithChildren();
    const server = fakeServer();
    const batcher = batcherFor(db, server);
    const blank = draft();
    await db.estimates.insert(blank as never);

    expect(await batcher.push('estimates', [newRow(blank)])).toEqual([]);
    expect(server.requests).toBe(0);
    expect(server.rows.size).toBe(0);

    // Deleted while still blank: still nothing for the server.
    expect(await batcher.push('estimates', [{ newDocumentState: { ...blank, _deleted: true }, assumedMasterState: { ...blank, _deleted: false } } as PushRow])).toEqual([]);
    expect(server.requests).toBe(0);
  });

  it('pushes the draft once it has a title (RxDB pushes it against the blank state it recorded)', async () => {
    const db = await openWithChildren();
    const server = fakeServer();
    const batcher = batcherFor(db, server);
    const blank = draft();
    await batcher.push('estimates', [newRow(blank)]);
    const titled = { ...blank, title: 'Deck' };
    expect(await batcher.push('estimates', [{ newDocumentState: { ...titled, _deleted: false }, assumedMasterState: { ...blank, _deleted: false } } as PushRow])).toEqual([]);
    expect(server.rows.get(String(blank.id))).toMatchObject({ title: 'Deck' });
  });

  it("brings a blank draft along, parent first, with its first item (the item does not touch the estimate's columns)", async () => {
    const db = await openWithChildren();
    const server = fakeServer();
    const order: string[] = [];
    const original = server.apply.bind(server);
    server.apply = (change) => {
      order.push(change.table);
      return original(change);
    };
    const batcher = batcherFor(db, server);
    const blank = draft();
    await db.estimates.insert(blank as never);
    await batcher.push('estimates', [newRow(blank)]);
    expect(server.rows.size).toBe(0);

    const item = estimateItems.create({ id: crypto.randomUUID(), org_id: ORG, estimate_id: blank.id as string, name: 'Cedar' }) as Doc;
    await db.estimate_items.insert(item as never);
    expect(await batcher.push('estimate_items', [newRow(item)])).toEqual([]);
    expect(order).toEqual(['estimates', 'estimate_items']);
    expect(server.rows.has(String(blank.id))).toBe(true);
  });

  it('sends a child refused for its missing parent again with the parent that was pushed meanwhile, in the same push', async () => {
    const db = await openWithChildren();
    const server = fakeServer();
    const original = server.apply.bind(server);
    // Like the foreign key: an item of an estimate the server does not have is refused.
    server.apply = (change) =>
      change.table === 'estimate_items' && !server.rows.has(String(change.doc.estimate_id))
        ? { seq: change.seq, table: change.table, id: String(change.doc.id), status: 'rejected', code: '23503', reason: 'missing_reference' }
        : original(change);
    const sent: string[][] = [];
    const rpc = server.rpc.bind(server);
    // The first request is answered once the test lets it: the estimates' call comes while it is on its way.
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    server.rpc = async (fn, args) => {
      sent.push(args.p_changes.map((c) => c.table));
      if (sent.length === 1) await firstAnswered;
      return rpc(fn, args);
    };
    const batcher = createPushBatcher({
      db,
      supabase: { rpc: (fn: string, args: { p_changes: Change[] }) => server.rpc(fn, args) } as unknown as SupabaseClient,
      retry: { attempts: 1 },
      // Long enough that only a taken-along parent can make the item land before RxDB's retry.
      missingParentDelayMs: 60_000,
    });
    const estimate = draft({ title: 'Deck' });
    const item = estimateItems.create({ id: crypto.randomUUID(), org_id: ORG, estimate_id: estimate.id as string, name: 'Cedar' }) as Doc;
    await db.estimates.insert(estimate as never);
    await db.estimate_items.insert(item as never);

    // The items' call finds the batcher idle and goes at once; the estimates' call comes while it is on its way.
    const itemPush = batcher.push('estimate_items', [newRow(item)]);
    while (sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const estimatePush = batcher.push('estimates', [newRow(estimate)]);
    answerFirst();

    expect(await itemPush).toEqual([]);
    expect(await estimatePush).toEqual([]);
    expect(sent).toEqual([['estimate_items'], ['estimates', 'estimate_items']]);
    expect(server.rows.has(String(item.id))).toBe(true);
  });

  it('pushes an untitled draft whose items are on the device', async () => {
    const db = await openWithChildren();
    const server = fakeServer();
    const batcher = batcherFor(db, server);
    const blank = draft();
    await db.estimates.insert(blank as never);
    await db.milestones.insert(milestones.create({ id: crypto.randomUUID(), org_id: ORG, estimate_id: blank.id as string, title: 'Phase 1' }) as never);
    await batcher.push('estimates', [newRow(blank)]);
    expect(server.rows.has(String(blank.id))).toBe(true);
  });

  it("waits for the lines before an offline acceptance's refusal counts, then lands it", async () => {
    const db = await openWithChildren();
    const server = fakeServer();
    const original = server.apply.bind(server);
    // Like sync_push: an accepted estimate whose signed lines are not on the server is refused.
    server.apply = (change) => {
      const id = String(change.doc.id);
      const hasLines = [...server.rows.values()].some((row) => row.estimate_id === id);
      if (change.table === 'estimates' && change.doc.status === 'accepted' && !hasLines) {
        return { seq: change.seq, table: change.table, id, status: 'rejected', code: 'PT409', reason: 'acceptance_mismatch', server_doc: { ...server.rows.get(id) } };
      }
      return original(change);
    };
    const batcher = batcherFor(db, server);
    const accepted = draft({ title: 'Deck', status: 'accepted', accepted_by_name: 'Jordan' });
    await db.estimates.insert(accepted as never);
    const item = estimateItems.create({ id: crypto.randomUUID(), org_id: ORG, estimate_id: accepted.id as string, name: 'Cedar' }) as Doc;
    await db.estimate_items.insert(item as never);

    // The estimate's batch goes first, alone: it waits (RxDB pushes it again), not refused.
    await expect(batcher.push('estimates', [newRow(accepted)])).rejects.toThrow(/sync first/);
    expect(server.rows.has(String(accepted.id))).toBe(false);
    await batcher.push('estimate_items', [newRow(item)]);
    expect(await batcher.push('estimates', [newRow(accepted)])).toEqual([]);
    expect(server.rows.get(String(accepted.id))).toMatchObject({ status: 'accepted' });
  });

  it('lets the refusal count once the acceptance has waited its pushes', async () => {
    const db = await openWithChildren();
    const server = fakeServer();
    server.apply = (change) => ({ seq: change.seq, table: change.table, id: String(change.doc.id), status: 'rejected', code: 'PT409', reason: 'acceptance_mismatch', message: 'changed', server_doc: {} });
    const batcher = batcherFor(db, server);
    const accepted = draft({ title: 'Deck', status: 'accepted' });
    await db.estimates.insert(accepted as never);
    for (let i = 0; i < 2; i++) await expect(batcher.push('estimates', [newRow(accepted)])).rejects.toThrow(/sync first/);
    await expect(batcher.push('estimates', [newRow(accepted)])).resolves.toBeDefined();
  });
});
