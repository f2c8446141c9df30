import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { nullableDate, nullableUuid, oneOf, search, text } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

export const ESTIMATE_REQUEST_STATUSES = ['new', 'in_review', 'converted', 'dismissed'] as const;

export const estimateRequests = defineCollection({
  name: 'estimate_requests',
  fields: {
    ...replicatedColumns(),
    name: text(),
    email: text(),
    phone: text(),
    company: text(),
    description: text(),
    desired_start: nullableDate(),
    budget_range: text(),
    source: oneOf(['request_form', 'portal', 'manual'], 'manual'),
    portal_id: nullableUuid(),
    prospect_id: nullableUuid(),
    status: oneOf(ESTIMATE_REQUEST_STATUSES, 'new'),
    converted_estimate_id: nullableUuid(),
    ip_address: text(),
    user_agent: text(),
    search: search(),
  },
  indexes: [['status', 'created_at'], ['org_id', 'created_at'], 'search'],
  serverOwned: ['ip_address', 'user_agent'],
  derive: (d) => ({ search: normalizeSearchText(d.name, d.company, d.email, d.description) }),
});
export type EstimateRequest = DocOf<typeof estimateRequests.fields>;
