import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { bool, cents, nullableCents, search, text } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

export const products = defineCollection({
  name: 'products',
  fields: {
    ...replicatedColumns(),
    sku: text(100),
    name: text(200),
    description: text(),
    category: text(100),
    unit: text(20, 'each'),
    unit_price_cents: cents(),
    unit_cost_cents: nullableCents(),
    taxable: bool(true),
    active: bool(true),
    search: search(),
  },
  indexes: [['org_id', 'name'], ['active', 'category', 'name'], 'sku', 'search'],
  derive: (d) => ({ search: normalizeSearchText(d.sku, d.name, d.category, d.description) }),
});
export type Product = DocOf<typeof products.fields>;
