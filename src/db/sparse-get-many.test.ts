import Dexie, { type DBCore, type Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { sparseGetMany, SPARSE_GET_MANY_MIN_KEYS } from './sparse-get-many';

const opened: Dexie[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));

/** A table of docs keyed by id, with or without the middleware, counting the keys read one by one below it. */
async function openDocs(sparse: boolean) {
  const read = { keys: 0 };
  const counting: Middleware<DBCore> = {
    stack: 'dbcore',
    level: -10,
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return { ...table, getMany: (req) => ((read.keys += req.keys.length), table.getMany(req)) };
      },
    }),
  };
  const db = new Dexie(`docs-${sparse}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  db.use(counting);
  if (sparse) db.use(sparseGetMany(IDBKeyRange));
  db.version(1).stores({ docs: 'id' });
  await db.open();
  opened.push(db);
  return { table: db.table<{ id: string; n: number }, string>('docs'), read };
}

const id = (n: number) => `doc-${String(n).padStart(5, '0')}`;
const docs = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: id(from + i), n: from + i }));

describe('sparseGetMany', () => {
  it('returns what one get per key returns, in the order asked, for missing, present, repeated and unsorted keys', async () => {
    const plain = await openDocs(false);
    const sparse = await openDocs(true);
    for (const { table } of [plain, sparse]) await table.bulkPut([...docs(0, 50), ...docs(500, 50)]);
    const keys = [id(999), ...docs(20, 100).map((d) => d.id).reverse(), id(510), id(510), id(3), 'zzz', id(540)];
    expect(keys.length).toBeGreaterThanOrEqual(SPARSE_GET_MANY_MIN_KEYS);
    const expected = await plain.table.bulkGet(keys);
    expect(expected.filter(Boolean)).toHaveLength(34);
    expect(await sparse.table.bulkGet(keys)).toEqual(expected);
  });

  it('reads nothing by key when none of the keys exists (a first sync)', async () => {
    const { table, read } = await openDocs(true);
    await table.bulkPut(docs(1000, 10));
    const keys = docs(0, 500).map((d) => d.id);
    expect(await table.bulkGet(keys)).toEqual(keys.map(() => undefined));
    expect(read.keys).toBe(0);
  });

  it('reads only the keys that exist', async () => {
    const { table, read } = await openDocs(true);
    await table.bulkPut(docs(0, 300));
    const keys = docs(250, 200).map((d) => d.id);
    const found = await table.bulkGet(keys);
    expect(found.filter(Boolean).map((d) => d!.n)).toEqual(docs(250, 50).map((d) => d.n));
    expect(read.keys).toBe(50);
  });

  it('reads each key by itself when few keys are asked for, or the range holds many more keys than asked for', async () => {
    const { table, read } = await openDocs(true);
    await table.bulkPut(docs(0, 2000));
    await table.bulkGet([id(1), id(2)]);
    expect(read.keys).toBe(2);
    const spread = Array.from({ length: 100 }, (_, i) => id(i * 20));
    const found = await table.bulkGet(spread);
    expect(found.map((d) => d?.n)).toEqual(spread.map((_, i) => i * 20));
    expect(read.keys).toBe(102);
  });

  it('works inside a read-write transaction, before the writes it guards', async () => {
    const { table } = await openDocs(true);
    await table.bulkPut(docs(0, 10));
    const keys = docs(0, 100).map((d) => d.id);
    await table.db.transaction('rw', table, async () => {
      const found = await table.bulkGet(keys);
      await table.bulkPut(keys.filter((_, i) => !found[i]).map((key) => ({ id: key, n: -1 })));
    });
    expect(await table.count()).toBe(100);
    expect((await table.get(id(5)))?.n).toBe(5);
  });
});
