import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../db/database';
import { createProduct, importProducts, setProductActive } from './commands';
import { planImport } from './csv';
import { allProducts, categoriesOf, filteredProducts, type ProductFilter } from './queries';
import { EMPTY_PRODUCT_FORM, productFormSchema } from './schemas';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '44444444-4444-4444-8444-444444444444';
let db: AppDatabase;

const values = (sku: string, name: string, category: string, unitPrice: string) =>
  productFormSchema(() => false).parse({ ...EMPTY_PRODUCT_FORM, sku, name, category, unitPrice });

beforeAll(async () => {
  db = await openDatabase({ userId: '22222222-2222-4222-8222-222222222222', indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, collections: ['products'] });
  await createProduct(db, ORG, values('CF-100', 'Cedar fence panel', 'Fencing', '45'));
  await createProduct(db, ORG, values('GL-1', 'Gate latch', 'Hardware', '12'));
  await createProduct(db, ORG, values('DK-9', 'Décking board', 'Decking', '8'));
  const old = await createProduct(db, ORG, values('OLD-1', 'Old gate hinge', 'Hardware', '3'));
  await setProductActive(db, old.id, false);
  await createProduct(db, OTHER_ORG, values('CF-100', 'Cedar elsewhere', 'Fencing', '1'));
});

afterAll(async () => {
  await db.remove();
});

async function names(filter: Partial<ProductFilter>) {
  const docs = await filteredProducts(db, { orgId: ORG, search: '', category: null, status: 'all', ...filter }).exec();
  return docs.map((d) => d.name);
}

describe('catalogue queries', () => {
  it('searches the start of any word, case- and accent-insensitively, within the organization', async () => {
    expect(await names({ search: 'CED' })).toEqual(['Cedar fence panel']);
    expect(await names({ search: 'gate' })).toEqual(['Gate latch', 'Old gate hinge']);
    expect(await names({ search: 'decking' })).toEqual(['Décking board']);
    expect(await names({ search: 'ate' })).toEqual([]);
    expect(await names({ search: 'hard lat' })).toEqual(['Gate latch']);
    expect(await names({ search: 'cf-1' })).toEqual(['Cedar fence panel']);
    expect(await names({ search: '.*' })).toEqual([]);
  });

  it('filters by category and active flag', async () => {
    expect(await names({ category: 'Hardware' })).toEqual(['Gate latch', 'Old gate hinge']);
    expect(await names({ category: 'Hardware', status: 'active' })).toEqual(['Gate latch']);
    expect(await names({ status: 'inactive' })).toEqual(['Old gate hinge']);
    expect(categoriesOf(await allProducts(db, ORG).exec())).toEqual(['Decking', 'Fencing', 'Hardware']);
  });
});

describe('importProducts', () => {
  it('updates the columns the file has on products matched by SKU and creates the rest', async () => {
    const before = await allProducts(db, ORG).exec();
    const plan = planImport('sku,name,unit_price\ncf-100,Cedar fence panel 6ft,49.99\nNEW-7,Post cap,2.50\n', before);
    expect(plan.problems).toEqual([]);
    expect(await importProducts(db, ORG, plan.valid)).toEqual({ created: 1, updated: 1 });

    const after = await allProducts(db, ORG).exec();
    expect(after).toHaveLength(before.length + 1);
    const cedar = after.find((p) => p.sku === 'CF-100')!;
    expect(cedar.toJSON()).toMatchObject({ name: 'Cedar fence panel 6ft', unit_price_cents: 4999, category: 'Fencing', sku: 'CF-100' });
    expect(after.find((p) => p.sku === 'NEW-7')!.toJSON()).toMatchObject({ org_id: ORG, unit_price_cents: 250, unit: 'each', active: true });
    expect(await names({ search: '6ft' })).toEqual(['Cedar fence panel 6ft']);
  });
});
