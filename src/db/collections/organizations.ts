import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { decimal, integer, text } from '../fields';

export const organizations = defineCollection({
  name: 'organizations',
  // 1: request_slug (the public request link /requests?org=…); the prefix is at most 10 characters.
  version: 1,
  fields: {
    ...replicatedColumns(),
    name: text(200),
    address: text(),
    phone: text(),
    logo: text(),
    brand_color: text(7, '#2563eb'),
    estimate_prefix: text(10, 'EST-'),
    default_validity_days: integer(1, 365, 30),
    default_tax_rate: decimal(),
    default_terms: text(),
    request_slug: text(60),
  },
  indexes: ['name'],
});
export type Organization = DocOf<typeof organizations.fields>;
