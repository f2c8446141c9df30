// Catalogue reads. The products collection keeps a normalized `search` text (SKU, name,
// category, description) for matching typed text.
import type { AppDatabase } from '../../db/database';
import { wordPrefixPattern } from '../../lib/text-search';

export type StatusFilter = 'active' | 'inactive' | 'all';

export type ProductFilter = {
  orgId: string;
  search: string;
  /** null: every category; '' is the "no category" bucket. */
  category: string | null;
  status: StatusFilter;
};

function productSelector(filter: ProductFilter) {
  const pattern = wordPrefixPattern(filter.search);
  return {
    org_id: filter.orgId,
    ...(filter.status === 'all' ? {} : { active: filter.status === 'active' }),
    ...(filter.category === null ? {} : { category: filter.category }),
    ...(pattern ? { search: { $regex: pattern } } : {}),
  };
}

/** The filtered catalogue, by name; [active, category, name] serves the status and category filters. */
export function filteredProducts(db: AppDatabase, filter: ProductFilter) {
  return db.products.find({ selector: productSelector(filter), sort: [{ name: 'asc' }, { id: 'asc' }] });
}

/** Every product of the organization: categories, SKU uniqueness and import matching. */
export function allProducts(db: AppDatabase, orgId: string) {
  return db.products.find({ selector: { org_id: orgId }, sort: [{ name: 'asc' }, { id: 'asc' }] });
}

/** Products the server refused on their last push (still saved on this device). */
export function refusedProducts(db: AppDatabase) {
  return db.sync_issues.find({ selector: { kind: 'failure', status: 'open', collection_name: 'products' } });
}

export function categoriesOf(products: readonly { category: string }[]): string[] {
  return [...new Set(products.map((p) => p.category.trim()))].filter(Boolean).sort((a, b) => a.localeCompare(b));
}
