// An estimate edited on this device shows its new figures at once, before any sync: the list,
// the home page and the detail page read the same stored columns.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from './database';
import { insertDocument, patchDocument, removeDocument } from './documents';
import { estimateFigures } from './estimate-figures';
import { createEstimate } from './new-estimate';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const opened: AppDatabase[] = [];

async function open() {
  const db = await openDatabase({ userId: USER, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false });
  opened.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

async function stored(db: AppDatabase, id: string) {
  const doc = (await db.estimates.findOne(id).exec())!;
  return { total: doc.total_cents, subtotal: doc.subtotal_cents, tax: doc.tax_cents, cost: doc.cost_cents, margin: doc.margin_percent };
}

describe('stored figures on the device', () => {
  it('follow lines added, changed and removed, and the discount and tax rate', async () => {
    const db = await open();
    const estimate = await createEstimate(db, { org_id: ORG, owner_id: USER });
    const line = { org_id: ORG, estimate_id: estimate.id, name: 'Tiles', quantity: 2, unit_price_cents: 10_000, unit_cost_cents: 6_000 };
    const tiles = await insertDocument(db, 'estimate_items', { ...line, sort_order: 0 });
    expect(await stored(db, estimate.id)).toEqual({ total: 20_000, subtotal: 20_000, tax: 0, cost: 12_000, margin: 40 });

    await patchDocument(db, 'estimate_items', tiles.id, { quantity: 3 });
    await patchDocument(db, 'estimates', estimate.id, { tax_rate: 10, discount_cents: 5_000 });
    const items = (await db.estimate_items.find({ selector: { estimate_id: estimate.id } }).exec()).map((d) => d.toJSON());
    const figures = estimateFigures({ tax_rate: 10, discount_cents: 5_000 }, items);
    expect(await stored(db, estimate.id)).toEqual({ total: figures.total, subtotal: 30_000, tax: 2_500, cost: 18_000, margin: figures.marginPercent });

    const extra = await insertDocument(db, 'estimate_items', { ...line, name: 'Optional', optional: true, selected: false, sort_order: 1 });
    expect((await stored(db, estimate.id)).total).toBe(figures.total);
    await patchDocument(db, 'estimate_items', extra.id, { selected: true });
    expect((await stored(db, estimate.id)).subtotal).toBe(50_000);
    await removeDocument(db, 'estimate_items', extra.id);
    await removeDocument(db, 'estimate_items', tiles.id);
    expect(await stored(db, estimate.id)).toEqual({ total: 0, subtotal: 0, tax: 0, cost: 0, margin: null });
  });

  it('leave the estimate alone when nothing that counts changed', async () => {
    const db = await open();
    const estimate = await createEstimate(db, { org_id: ORG, owner_id: USER });
    const item = await insertDocument(db, 'estimate_items', { org_id: ORG, estimate_id: estimate.id, name: 'Tiles', quantity: 1, unit_price_cents: 500 });
    const before = (await db.estimates.findOne(estimate.id).exec())!.revision;
    await patchDocument(db, 'estimate_items', item.id, { name: 'Floor tiles' });
    expect((await db.estimates.findOne(estimate.id).exec())!.revision).toBe(before);
  });
});
