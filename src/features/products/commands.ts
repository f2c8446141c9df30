// Catalogue writes: RxDB documents only; sync carries them to the server, whose policies let
// only owners and admins write products.
import type { Product } from '../../db/collections/products';
import { insertDocument, patchDocument } from '../../db/documents';
import type { AppDatabase } from '../../db/database';
import { FIELDS_OF, type ImportRow } from './csv';
import type { ProductValues } from './schemas';

export function createProduct(db: AppDatabase, orgId: string, values: ProductValues): Promise<Product> {
  return insertDocument(db, 'products', { ...values, org_id: orgId });
}

export function updateProduct(db: AppDatabase, id: string, values: Partial<ProductValues>): Promise<Product> {
  return patchDocument(db, 'products', id, values);
}

export function setProductActive(db: AppDatabase, id: string, active: boolean): Promise<Product> {
  return patchDocument(db, 'products', id, { active });
}

export type ImportResult = { created: number; updated: number };

/**
 * Writes validated rows: a row with a known SKU updates the columns the file has (the SKU
 * itself, matched case-insensitively, keeps its spelling), others become new products.
 */
export async function importProducts(db: AppDatabase, orgId: string, rows: readonly ImportRow[]): Promise<ImportResult> {
  let created = 0;
  let updated = 0;
  for (const row of rows) {
    if (row.existingId) {
      const patch: Partial<ProductValues> = {};
      for (const column of row.columns.filter((c) => c !== 'sku')) for (const field of FIELDS_OF[column]) Object.assign(patch, { [field]: row.values[field] });
      await updateProduct(db, row.existingId, patch);
      updated++;
    } else {
      await createProduct(db, orgId, row.values);
      created++;
    }
  }
  return { created, updated };
}
