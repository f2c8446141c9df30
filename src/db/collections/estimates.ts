import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { bool, cents, decimal, integer, nullableCents, nullableDate, nullableDecimal, nullableTimestamp, nullableUuid, oneOf, search, searchText, text } from '../fields';

export const ESTIMATE_STATUSES = ['draft', 'sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'expired', 'archived'] as const;

export const estimates = defineCollection({
  name: 'estimates',
  // 1: customer_name, sent_to_email, acceptance_sha256; the customer's name joins the search.
  version: 1,
  fields: {
    ...replicatedColumns(),
    number: text(40),
    provisional_number: text(40),
    title: text(),
    account_id: nullableUuid(),
    prospect_id: nullableUuid(),
    owner_id: nullableUuid(),
    status: oneOf(ESTIMATE_STATUSES, 'draft'),
    valid_until: nullableDate(),
    tax_rate: decimal(),
    discount_cents: cents(),
    notes: text(),
    terms: text(),
    hidden_from_portal: bool(false),
    subtotal_cents: cents(),
    applied_discount_cents: cents(),
    tax_cents: cents(),
    total_cents: cents(),
    cost_cents: cents(),
    margin_cents: nullableCents(),
    margin_percent: nullableDecimal(),
    current_version_id: nullableUuid(),
    version_number: integer(0),
    sent_at: nullableTimestamp(),
    viewed_at: nullableTimestamp(),
    accepted_at: nullableTimestamp(),
    declined_at: nullableTimestamp(),
    expired_at: nullableTimestamp(),
    archived_at: nullableTimestamp(),
    accepted_version_id: nullableUuid(),
    accepted_by_name: text(),
    accepted_by_email: text(),
    acceptance_signature: text(),
    acceptance_ip: text(),
    acceptance_user_agent: text(),
    decline_reason: text(),
    /** The account's or prospect's display name, kept by the server; set locally when picked. */
    customer_name: text(),
    /** Where a send mails the customer link (the server mails it after sync). */
    sent_to_email: text(),
    /** SHA-256 of the snapshot a customer accepted on a staff device (streamlined flow). */
    acceptance_sha256: text(64),
    search: search(),
  },
  indexes: [['org_id', 'updated_at'], ['status', 'updated_at'], 'number', 'search'],
  // Final numbers and stored totals come from the server; the device shows a DRAFT-… number
  // and computes totals for display until the server's arrive.
  serverOwned: [
    'number', 'provisional_number', 'subtotal_cents', 'applied_discount_cents', 'tax_cents', 'total_cents',
    'cost_cents', 'margin_cents', 'margin_percent', 'current_version_id', 'version_number', 'accepted_version_id',
    'customer_name',
  ],
  derive: (d) => ({ search: searchText(d.number, d.provisional_number, d.title, d.customer_name) }),
});
export type Estimate = DocOf<typeof estimates.fields>;
export type EstimateStatus = Estimate['status'];
