// The estimates list's first screen: a limited walk of the [org_id, newest_first] index that
// stops after the page (RxDB re-sorts every match of a descending sort, so `created_at desc`
// would read them all), and schema version 2 that added the column to existing documents.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { estimates, newestFirst } from '../../db/collections/estimates';
import { openDatabase, type AppDatabase } from '../../db/database';
import { countEstimates, listEstimates, newestEstimates } from './queries';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '44444444-4444-4444-8444-444444444444';
const USER = '22222222-2222-4222-8222-222222222222';
const opened: AppDatabase[] = [];

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Creation times with collisions and both timestamp formats the device sees. */
const createdAt = (n: number) => (n % 3 === 0 ? `2026-03-${String(1 + (n % 20)).padStart(2, '0')}T09:30:00.250+00:00` : `2026-03-${String(1 + (n % 20)).padStart(2, '0')}T09:30:00.25${n % 2}Z`);

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

describe('newestFirst', () => {
  it('orders by the creation instant, to the microsecond, whatever the format', () => {
    expect(newestFirst('2026-03-01T09:30:00.25+00:00')).toBe(newestFirst('2026-03-01T09:30:00.250Z'));
    expect(newestFirst('2026-03-01 11:30:00.25+02')).toBe(newestFirst('2026-03-01T09:30:00.250Z'));
    expect(newestFirst('2026-03-01T09:30:00.250001Z')).toBe(newestFirst('2026-03-01T09:30:00.25Z') - 1);
    expect(newestFirst('2026-03-01T09:30Z')).toBe(-Date.parse('2026-03-01T09:30:00Z') * 1000);
    expect(newestFirst('not a time')).toBe(0);
  });
});

describe('newestEstimates', () => {
  it('returns the first page of the full list by walking the index, and counts on the index', async () => {
    const db = await openDatabase({ userId: USER, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, collections: ['estimates'] });
    opened.push(db);
    await db.estimates.bulkInsert([
      ...Array.from({ length: 60 }, (_, n) => estimates.create({ id: id(n), org_id: ORG, title: `Estimate ${n}`, created_at: createdAt(n) })),
      estimates.create({ id: id(99), org_id: OTHER_ORG, title: 'Another organization', created_at: '2027-01-01T00:00:00Z' }),
    ]);

    const query = newestEstimates(db, { orgId: ORG, limit: 15 });
    const plan = query.getPreparedQuery().queryPlan;
    expect(plan.index).toContain('newest_first');
    // Without a re-sort the storage stops reading at the 15th document.
    expect(plan.sortSatisfiedByIndex).toBe(true);

    const page = (await query.exec()).map((d) => d.id);
    const full = (await listEstimates(db, { orgId: ORG }).exec()).map((d) => d.toJSON());
    const expected = full.sort((a, b) => a.newest_first - b.newest_first || (a.id < b.id ? -1 : 1)).slice(0, 15).map((d) => d.id);
    expect(page).toEqual(expected);
    expect(await countEstimates(db, ORG).exec()).toBe(60);
  });

  it('finds estimates of a database that schema version 1 wrote, with the column filled in', async () => {
    const indexedDB = new IDBFactory();
    addRxPlugin(RxDBLocalDocumentsPlugin);
    const schema = structuredClone(estimates.schema) as unknown as RxJsonSchema<Record<string, unknown>> & { required: string[]; indexes: (string | string[])[] };
    delete (schema.properties as Record<string, unknown>).newest_first;
    const v1 = {
      ...schema,
      version: 1,
      required: schema.required.filter((k) => k !== 'newest_first'),
      indexes: schema.indexes.filter((index) => ![index].flat().includes('newest_first')),
    };
    const name = `cep_${USER.replace(/-/g, '')}`;
    const old = await createRxDatabase({ name, storage: getRxStorageDexie({ indexedDB, IDBKeyRange }), multiInstance: false, localDocuments: true });
    await old.addCollections({ estimates: { schema: v1, migrationStrategies: { 1: (doc: unknown) => doc } } });
    const doc = estimates.create({ id: id(1), org_id: ORG, title: 'Written by version 1', created_at: '2026-02-02T10:00:00.123456+00:00' }) as Record<string, unknown>;
    delete doc.newest_first;
    await old.estimates!.insert(doc);
    await old.close();

    const db = await openDatabase({ userId: USER, indexedDB, IDBKeyRange, multiInstance: false, collections: ['estimates'] });
    opened.push(db);
    const [found] = await newestEstimates(db, { orgId: ORG, limit: 5 }).exec();
    expect(found?.toJSON()).toMatchObject({ id: id(1), title: 'Written by version 1', newest_first: newestFirst('2026-02-02T10:00:00.123456+00:00') });
  });
});
