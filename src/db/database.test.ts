import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { COLLECTIONS, databaseNameFor, MAX_OPEN_COLLECTIONS, openDatabase, REPLICATED_COLLECTIONS, type AppDatabase, type ReplicatedName } from './database';
import { insertDocument, patchDocument, removeDocument } from './documents';
import { createEstimate, provisionalNumber } from './new-estimate';
import { searchSelector } from './queries';
import { restoreConflict } from './sync-issues';
import { estimates } from './collections/estimates';
import { syncIssues } from './collections/sync-issues';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const opened: AppDatabase[] = [];

async function open(userId = USER, collections?: ReplicatedName[]) {
  const db = await openDatabase({ userId, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, collections });
  opened.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

describe('database', () => {
  it('creates every collection within the open-collection limit, replicated ones named as their tables', async () => {
    const db = await open();
    expect(Object.keys(db.collections).sort()).toEqual(Object.keys(COLLECTIONS).sort());
    expect(Object.keys(COLLECTIONS).length).toBeLessThanOrEqual(MAX_OPEN_COLLECTIONS);
    expect(REPLICATED_COLLECTIONS).toHaveLength(12);
  });

  it('keeps one database per user', async () => {
    expect(databaseNameFor(USER)).not.toBe(databaseNameFor('33333333-3333-4333-8333-333333333333'));
    const a = await open(USER, ['estimates']);
    await createEstimate(a, { org_id: ORG, owner_id: USER, title: 'Mine' });
    const b = await open('33333333-3333-4333-8333-333333333333', ['estimates']);
    expect(await b.estimates.count().exec()).toBe(0);
  });

  it('every indexed column is required and bounded', () => {
    for (const definition of Object.values(COLLECTIONS)) {
      const schema = definition.schema as unknown as { properties: Record<string, Record<string, unknown>>; required: string[]; indexes: (string | string[])[] };
      for (const index of schema.indexes) {
        for (const key of [index].flat()) {
          const property = schema.properties[key]!;
          expect(schema.required, `${definition.name}.${key}`).toContain(key);
          expect(Array.isArray(property.type), `${definition.name}.${key} nullable`).toBe(false);
          if (property.type === 'string') expect(property.maxLength, `${definition.name}.${key}`).toBeTypeOf('number');
          if (property.type === 'integer' || property.type === 'number') expect(property).toMatchObject({ minimum: expect.any(Number), maximum: expect.any(Number), multipleOf: expect.any(Number) });
        }
      }
    }
  });

  it('normalizes a server row: drops server internals, keeps _deleted, fills derived columns', () => {
    const doc = estimates.normalize({ ...estimates.create({ id: ORG, org_id: ORG, number: 'EST-000007', title: 'Roof' }), _modified: 'x', _txid: '5', _deleted: true });
    expect(doc).not.toHaveProperty('_modified');
    expect(doc).not.toHaveProperty('_txid');
    expect(doc._deleted).toBe(true);
    expect(doc.search).toBe('est-000007 roof');
  });

  it('rejects documents that break the schema', () => {
    expect(() => estimates.create({ id: 'not-a-uuid', org_id: ORG })).toThrow();
    expect(() => estimates.create({ id: ORG, org_id: ORG, status: 'bogus' as never })).toThrow();
  });
});

describe('documents, new estimates and sync issues', () => {
  it('creates an estimate with a provisional DRAFT number and finds it by search', async () => {
    const db = await open();
    const estimate = await createEstimate(db, { org_id: ORG, owner_id: USER, title: 'Kitchen remodel' });
    expect(estimate.number).toBe(provisionalNumber(estimate.id));
    expect(estimate.number).toMatch(/^DRAFT-[0-9A-F]{8}$/);
    expect(estimate.status).toBe('draft');
    const search = (text: string) => db.estimates.find({ selector: { org_id: ORG, ...searchSelector(text) } }).exec();
    expect((await search('KITCHEN')).map((d) => d.id)).toEqual([estimate.id]);
    expect(await search('bathroom')).toHaveLength(0);
  });

  it('inserts with defaults and patches with validation', async () => {
    const db = await open();
    const estimate = await createEstimate(db, { org_id: ORG, owner_id: USER });
    const itemsOf = () => db.estimate_items.find({ selector: { estimate_id: estimate.id }, sort: [{ sort_order: 'asc' }] }).exec();
    await insertDocument(db, 'estimate_items', { org_id: ORG, estimate_id: estimate.id, name: 'Tiles', quantity: 12.5, unit_price_cents: 1999, sort_order: 0 });
    await insertDocument(db, 'estimate_items', { org_id: ORG, estimate_id: estimate.id, name: 'Labour', sort_order: 1 });
    const items = await itemsOf();
    expect(items.map((i) => [i.name, i.sort_order])).toEqual([['Tiles', 0], ['Labour', 1]]);
    await patchDocument(db, 'estimates', estimate.id, { title: 'Bath' });
    expect((await db.estimates.findOne(estimate.id).exec())?.search).toContain('bath');
    await expect(patchDocument(db, 'estimates', estimate.id, { status: 'nope' as never })).rejects.toThrow();
    await removeDocument(db, 'estimate_items', items[0]!.id);
    expect(await itemsOf()).toHaveLength(1);
  });

  it('keeps both of two quick patches of different fields (no lost update)', async () => {
    const db = await open(USER, ['estimates', 'estimate_items']);
    const estimate = await createEstimate(db, { org_id: ORG, owner_id: USER, title: 'Quick' });
    const item = await insertDocument(db, 'estimate_items', { org_id: ORG, estimate_id: estimate.id, name: 'Tiles' });
    await Promise.all([
      patchDocument(db, 'estimate_items', item.id, { quantity: 2 }),
      patchDocument(db, 'estimate_items', item.id, { unit_price_cents: 7500 }),
      patchDocument(db, 'estimate_items', item.id, { name: 'Floor tiles' }),
    ]);
    expect((await db.estimate_items.findOne(item.id).exec())?.toJSON()).toMatchObject({ quantity: 2, unit_price_cents: 7500, name: 'Floor tiles' });
  });

  it('restores a value that lost a merge as a new local edit', async () => {
    const db = await open();
    const estimate = await createEstimate(db, { org_id: ORG, owner_id: USER, title: 'Server title' });
    await db.sync_issues.insert(syncIssues.create({
      id: `estimates:${estimate.id}:title:1`, kind: 'conflict', collection_name: 'estimates', doc_id: estimate.id, field: 'title',
      local_value: JSON.stringify('My title'), server_value: JSON.stringify('Server title'), base_value: JSON.stringify('Old'),
      rule: 'server-wins',
    }));
    await restoreConflict(db, `estimates:${estimate.id}:title:1`);
    expect((await db.estimates.findOne(estimate.id).exec())?.title).toBe('My title');
    expect((await db.sync_issues.findOne(`estimates:${estimate.id}:title:1`).exec())?.status).toBe('restored');
  });
});
