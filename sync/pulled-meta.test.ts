// A replication's records of what the server holds, served from the pulled documents
// (src/db/pulled-meta.ts), in a real RxDB replication over fake-indexeddb: what its upstream
// pushes, and with which base, must be what it would be with every record stored.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getChangedDocumentsSince, type RxStorageInstance } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { definitionOf, openDatabase, type AppDatabase } from '../src/db/database';
import { ANSWERED_REV } from '../src/db/pulled-meta';
import { fakeSyncPull } from './fake-sync-pull';
import { createPullTriggers } from './pull-triggers';
import type { PushBatcher, PushRow } from './push-batcher';
import { createStatus } from './status';
import { openTerm, type Term } from './term';

const ORG = '0b9e7c1a-5d2f-4e8a-9c3b-7a6d5e4f3a2b';
const ids = ['a', 'b', 'c'].map((c) => `6f1c2a9e-1b7d-4c3e-9a51-2f0e8d7c6b5${c}`);
const [A, B] = ids as [string, string];

function accountRow(id: string, name: string, second = 1): Record<string, unknown> {
  const definition = definitionOf('accounts');
  const doc = definition.normalize({ id, org_id: ORG, name }) as Record<string, unknown>;
  for (const key of definition.derived) delete doc[key];
  return { ...doc, updated_at: `2026-11-27T08:00:0${second}+00:00`, _modified: `2026-11-27T08:00:0${second}+00:00`, _deleted: false };
}

type Record_ = { id: string; itemId: string; isCheckpoint: '0' | '1'; docData?: Record<string, unknown>; _rev: string };

/** One device: its database, and terms of replication that record every push they make. */
async function device() {
  const server = fakeSyncPull();
  ids.forEach((id, n) => server.write(accountRow(id, `Account ${n}`), 10 + n));
  const factory = new IDBFactory();
  const suffix = crypto.randomUUID();
  const open = () => openDatabase({ userId: ORG, indexedDB: factory, IDBKeyRange, multiInstance: false, nameSuffix: suffix, collections: ['accounts'] });
  const pushed: PushRow[] = [];
  let gate = Promise.resolve();
  const batcher = { push: async (_name: string, rows: PushRow[]) => (await gate, pushed.push(...rows), []) } as unknown as PushBatcher;
  const start = (database: AppDatabase, identifier = 'test:server-1') => {
    const pulls = createPullTriggers(['accounts']);
    const ctx = { database, supabase: server.supabase, names: ['accounts'] as const, batcher, status: createStatus(), streams: pulls.streams, identifier: () => identifier, retry: { attempts: 1 }, later: () => undefined, onIdle: () => undefined };
    const term = openTerm(ctx, 1);
    return { term, pulls, replication: term.replications[0]! };
  };
  return { server, open, start, pushed, hold: () => { let release = () => undefined as void; gate = new Promise((r) => (release = r)); return release; } };
}

const opened: { database: AppDatabase; term?: Term }[] = [];

/** A device whose replication has pulled the server's rows, closed after the test. */
async function syncedDevice() {
  const d = await device();
  const database = await d.open();
  const { term, pulls, replication } = d.start(database);
  opened.push({ database, term });
  await replication.awaitInSync();
  return { d, database, pulls, replication };
}
afterEach(async () => {
  for (const { database, term } of opened.splice(0)) {
    await term?.close();
    await database.close();
  }
});

/** What the meta storage holds (not what it answers): its stored per-document records. */
async function storedRecords(meta: RxStorageInstance<Record_, unknown, unknown, unknown>) {
  const { documents } = await getChangedDocumentsSince(meta, 1000);
  return documents.filter((r) => r.isCheckpoint === '0');
}

const metaOf = (replication: { metaInstance?: unknown }) => replication.metaInstance as RxStorageInstance<Record_, unknown, unknown, unknown>;
const answer = async (replication: { metaInstance?: unknown }, id: string) => (await metaOf(replication).findDocumentsById([`${id}|0`], true))[0];

async function rename(database: AppDatabase, id: string, name: string) {
  const doc = await database.accounts.findOne(id).exec();
  await doc!.incrementalPatch({ name });
}

describe('records of pulled documents', () => {
  it('a first pull stores no per-document records, and each is answered from its document', async () => {
    const { d, database, replication } = await syncedDevice();
    expect(await database.accounts.count().exec()).toBe(3);
    expect(await storedRecords(metaOf(replication))).toEqual([]);
    const record = await answer(replication, A);
    expect(record).toMatchObject({ itemId: A, isCheckpoint: '0', _rev: ANSWERED_REV, docData: { id: A, name: 'Account 0', _deleted: false } });
    expect(record!.docData).not.toHaveProperty('_meta');
    expect(d.pushed).toEqual([]);
  });

  it('a local edit is pushed with the pulled state as its base, the next with that edit as its base; the record is then stored', async () => {
    const { d, database, replication } = await syncedDevice();
    const release = d.hold();
    await rename(database, A, 'Edited once');
    await rename(database, A, 'Edited twice');
    release();
    await replication.awaitInSync();
    // RxDB hands the first edit to the push at once; the second waits for it.
    expect(d.pushed.map((r) => [r.assumedMasterState?.name, r.newDocumentState.name])).toEqual([
      ['Account 0', 'Edited once'],
      ['Edited once', 'Edited twice'],
    ]);
    expect((await storedRecords(metaOf(replication))).map((r) => [r.itemId, r.docData?.name])).toEqual([[A, 'Edited twice']]);
    expect(await answer(replication, B)).toMatchObject({ _rev: ANSWERED_REV, docData: { name: 'Account 1' } });
  });

  it('an edit made while no replication runs (after a restart, or in another tab) keeps its base', async () => {
    const d = await device();
    let database = await d.open();
    let { term, replication } = d.start(database);
    await replication.awaitInSync();
    await term.close();
    await rename(database, A, 'Offline 1');
    await database.close();
    database = await d.open();
    await rename(database, A, 'Offline 2');
    ({ term, replication } = d.start(database));
    opened.push({ database, term });
    await replication.awaitInSync();
    expect(d.pushed.map((r) => [r.assumedMasterState?.name, r.newDocumentState.name])).toEqual([['Account 0', 'Offline 2']]);
  });

  it('documents pulled by another replication (another server) count as unknown to this one', async () => {
    const d = await device();
    const database = await d.open();
    const first = d.start(database, 'test:server-1');
    await first.replication.awaitInSync();
    await rename(database, A, 'Edited');
    await first.replication.awaitInSync();
    await first.term.close();
    d.pushed.length = 0;
    const other = d.start(database, 'test:server-2');
    opened.push({ database, term: other.term });
    await other.replication.awaitInSync();
    // A fresh replication pushes every document it has no record of, with no base.
    expect(d.pushed.map((r) => [r.newDocumentState.id, r.assumedMasterState]).sort()).toEqual(ids.map((id) => [id, undefined]));
  });

  it('a server change to an unedited document is pulled without a stored record; to a pushed one, its stored record follows', async () => {
    const { d, database, pulls, replication } = await syncedDevice();
    await rename(database, A, 'Edited');
    await replication.awaitInSync();
    d.server.write(accountRow(A, 'Server A', 2), 20);
    d.server.write(accountRow(B, 'Server B', 2), 21);
    pulls.one('accounts');
    await replication.awaitInSync();
    expect((await database.accounts.findByIds([A, B]).exec()).get(B)?.name).toBe('Server B');
    expect(await answer(replication, B)).toMatchObject({ _rev: ANSWERED_REV, docData: { name: 'Server B' } });
    expect((await storedRecords(metaOf(replication))).map((r) => [r.itemId, r.docData?.name])).toEqual([[A, 'Server A']]);
    // Edited again after that pull: the base is the server's latest state.
    await rename(database, B, 'B edited');
    await replication.awaitInSync();
    expect(d.pushed.at(-1)).toMatchObject({ assumedMasterState: { name: 'Server B' }, newDocumentState: { name: 'B edited' } });
  });

  it('a record read beside its document (as RxDB reads them) takes no second read of the document', async () => {
    const { database, replication } = await syncedDevice();
    const fork = (database.accounts.storageInstance as unknown as { originalStorageInstance: RxStorageInstance<Record<string, unknown>, unknown, unknown, unknown> }).originalStorageInstance;
    const reads: string[][] = [];
    const find = fork.findDocumentsById.bind(fork);
    fork.findDocumentsById = (ids, withDeleted) => (reads.push(ids), find(ids, withDeleted));
    const [docs, records] = await Promise.all([fork.findDocumentsById([A, B], true), metaOf(replication).findDocumentsById([`${A}|0`, `${B}|0`], true)]);
    expect(docs).toHaveLength(2);
    expect(records.map((r) => r.docData?.name).sort()).toEqual(['Account 0', 'Account 1']);
    expect(reads).toEqual([[A, B]]);
    // Alone, a moment later, the record reads its document.
    await new Promise((resolve) => setTimeout(resolve, 5));
    reads.length = 0;
    expect((await metaOf(replication).findDocumentsById([`${B}|0`], true))[0]?.docData?.name).toBe('Account 1');
    expect(reads).toEqual([[B]]);
  });
});
