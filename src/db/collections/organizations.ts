import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { decimal, integer, text } from '../fields';

export const organizations = defineCollection({
  name: 'organizations',
  fields: {
    ...replicatedColumns(),
    name: text(200),
    address: text(),
    phone: text(),
    logo: text(),
    brand_color: text(7, '#2563eb'),
    estimate_prefix: text(12, 'EST-'),
    default_validity_days: integer(1, 365, 30),
    default_tax_rate: decimal(),
    default_terms: text(),
  },
  indexes: ['name'],
});
export type Organization = DocOf<typeof organizations.fields>;
