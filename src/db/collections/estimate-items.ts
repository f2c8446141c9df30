import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { bool, cents, decimal, integer, nullableCents, nullableUuid, text, uuid } from '../fields';

export const estimateItems = defineCollection({
  name: 'estimate_items',
  fields: {
    ...replicatedColumns(),
    estimate_id: uuid(),
    product_id: nullableUuid(),
    name: text(300),
    description: text(),
    quantity: decimal(1),
    unit: text(20, 'each'),
    unit_price_cents: cents(),
    unit_cost_cents: nullableCents(),
    discount_percent: decimal(),
    taxable: bool(true),
    optional: bool(false),
    selected: bool(true),
    sort_order: integer(),
  },
  indexes: [['estimate_id', 'sort_order']],
});
export type EstimateItem = DocOf<typeof estimateItems.fields>;
