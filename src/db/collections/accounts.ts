import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { nullableUuid, search, text } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

export const accounts = defineCollection({
  name: 'accounts',
  fields: {
    ...replicatedColumns(),
    name: text(200),
    industry: text(),
    website: text(),
    phone: text(),
    email: text(),
    billing_address: text(),
    notes: text(),
    owner_id: nullableUuid(),
    tags: text(),
    search: search(),
  },
  indexes: [['org_id', 'name'], ['org_id', 'updated_at'], 'search'],
  derive: (d) => ({ search: normalizeSearchText(d.name, d.industry, d.email, d.phone, d.tags) }),
});
export type Account = DocOf<typeof accounts.fields>;
