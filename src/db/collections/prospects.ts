import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { nullableUuid, oneOf, search, text } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

export const PROSPECT_STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'] as const;
export const PROSPECT_SOURCES = ['manual', 'request_form', 'portal', 'import'] as const;

export const prospects = defineCollection({
  name: 'prospects',
  fields: {
    ...replicatedColumns(),
    first_name: text(),
    last_name: text(),
    email: text(),
    phone: text(),
    company: text(),
    account_id: nullableUuid(),
    status: oneOf(PROSPECT_STATUSES, 'new'),
    source: oneOf(PROSPECT_SOURCES, 'manual'),
    owner_id: nullableUuid(),
    notes: text(),
    search: search(),
  },
  indexes: [['org_id', 'updated_at'], ['status', 'updated_at'], 'search'],
  derive: (d) => ({ search: normalizeSearchText(d.first_name, d.last_name, d.company, d.email, d.phone) }),
});
export type Prospect = DocOf<typeof prospects.fields>;
