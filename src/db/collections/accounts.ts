import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { bool, nullableTimestamp, nullableUuid, search, text } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

export const accounts = defineCollection({
  name: 'accounts',
  // 1: an archive mark (issue 13), and locally whether it is set, indexed with the name.
  version: 1,
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
    archived_at: nullableTimestamp(),
    search: search(),
    /** Local: archived_at is set (an index cannot hold a nullable column). */
    archived: bool(false),
  },
  indexes: [['org_id', 'name'], ['org_id', 'updated_at'], ['archived', 'name'], 'search'],
  derive: (d) => ({ search: normalizeSearchText(d.name, d.industry, d.email, d.phone, d.tags), archived: d.archived_at !== null }),
});
export type Account = DocOf<typeof accounts.fields>;
