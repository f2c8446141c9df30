import { IDBCursor, IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, getChangedDocumentsSince, type RxCollection, type RxDatabase, type RxStorageDefaultCheckpoint } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withChangedSince } from './changed-since';

type Row = { id: string; n: number };
const schema = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 40 }, n: { type: 'number' } },
  required: ['id', 'n'],
} as const;

const opened: RxDatabase[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

let serial = 0;
async function openRows(): Promise<RxCollection<Row>> {
  const storage = withChangedSince(getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }));
  const db = await createRxDatabase({ name: `changed-since-${serial++}`, storage, multiInstance: false });
  opened.push(db);
  await db.addCollections({ rows: { schema } });
  return db.collections.rows as RxCollection<Row>;
}

const id = (n: number) => `row-${String(n).padStart(4, '0')}`;
/** Two bulk writes (each gives all its documents one lwt) and an update of a few from the first. */
async function fill(rows: RxCollection<Row>) {
  await rows.bulkInsert(Array.from({ length: 300 }, (_, n) => ({ id: id(n), n })));
  await rows.bulkInsert(Array.from({ length: 200 }, (_, n) => ({ id: id(1000 - n), n })));
  await rows.bulkUpsert([id(5), id(150), id(299)].map((key) => ({ id: key, n: -1 })));
}

type Storage = RxCollection<Row>['storageInstance'];
/** The same storage instance read RxDB's default way (a query planned from the checkpoint's lwt). */
const rxdbDefault = (instance: Storage): Storage => Object.create(instance, { getChangedDocumentsSince: { value: undefined } });

/** Every page from `checkpoint` on, as getChangedDocumentsSince hands them out. */
async function pages(instance: Storage, limit: number, checkpoint?: RxStorageDefaultCheckpoint) {
  const seen: { ids: string[]; checkpoint: RxStorageDefaultCheckpoint }[] = [];
  for (;;) {
    const page = await getChangedDocumentsSince(instance, limit, checkpoint);
    seen.push({ ids: page.documents.map((doc) => doc.id), checkpoint: page.checkpoint });
    if (page.documents.length === 0) return seen;
    checkpoint = page.checkpoint;
  }
}

describe('withChangedSince', () => {
  it('hands out the same pages and checkpoints as RxDB, from the start and from inside, at the end of and between bulk writes', async () => {
    const rows = await openRows();
    await fill(rows);
    const exact = rows.storageInstance;
    expect(exact.getChangedDocumentsSince).toBeTypeOf('function');
    const stock = rxdbDefault(exact);
    const all = await pages(stock, 1000);
    expect(all[0]!.ids).toHaveLength(500);
    expect(await pages(exact, 1000)).toEqual(all);
    for (const limit of [7, 64, 300]) expect(await pages(exact, limit)).toEqual(await pages(stock, limit));
    const order = (await getChangedDocumentsSince(stock, 1000)).documents;
    for (const at of [0, 1, 150, 299, 300, 301, 496, 499]) {
      const checkpoint = { id: order[at]!.id, lwt: order[at]!._meta.lwt };
      expect(await pages(exact, 50, checkpoint)).toEqual(await pages(stock, 50, checkpoint));
    }
  });

  it('starts reading at the checkpoint, not at the first document of its bulk write', async () => {
    const rows = await openRows();
    await rows.bulkInsert(Array.from({ length: 400 }, (_, n) => ({ id: id(n), n })));
    const { checkpoint } = await getChangedDocumentsSince(rows.storageInstance, 400);
    const steps = vi.spyOn(IDBCursor.prototype, 'continue');
    const after = await getChangedDocumentsSince(rows.storageInstance, 500, checkpoint);
    expect(after.documents).toEqual([]);
    expect(after.checkpoint).toEqual(checkpoint);
    expect(steps).not.toHaveBeenCalled();
    // RxDB's default walks the whole bulk write to find that nothing comes after it.
    await getChangedDocumentsSince(rxdbDefault(rows.storageInstance), 500, checkpoint);
    expect(steps).toHaveBeenCalledTimes(400);
  });
});
