import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { nullableDate, nullableTimestamp, nullableUuid, oneOf, search, text } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

export const ESTIMATE_REQUEST_STATUSES = ['new', 'in_review', 'converted', 'dismissed'] as const;

export const estimateRequests = defineCollection({
  name: 'estimate_requests',
  // 1: the request inbox (issue 13): the reference the requester was given (set by the
  //    server), why a request was dismissed, when its status last changed.
  version: 1,
  fields: {
    ...replicatedColumns(),
    reference: text(40),
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
    dismiss_reason: text(),
    status_changed_at: nullableTimestamp(),
    ip_address: text(),
    user_agent: text(),
    search: search(),
  },
  indexes: [['status', 'created_at'], ['org_id', 'created_at'], 'search'],
  // status_changed_at: the device's moment is a claim the server checks (and renders).
  serverOwned: ['reference', 'ip_address', 'user_agent', 'status_changed_at'],
  derive: (d) => ({ search: normalizeSearchText(d.reference, d.name, d.company, d.email, d.description) }),
});
export type EstimateRequest = DocOf<typeof estimateRequests.fields>;
export type EstimateRequestStatus = EstimateRequest['status'];
