import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { bool, cents, decimal, integer, nullableCents, nullableDate, nullableDecimal, nullableTimestamp, nullableUuid, oneOf, search, text } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

export const ESTIMATE_STATUSES = ['draft', 'sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'expired', 'archived'] as const;

// 2026-11-22T16:38:45.05+00:00 (Postgres, up to 6 decimals) or 2026-11-22T16:38:45.050Z.
const TIMESTAMP_PARTS = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * The list's newest-first order as an ascending number: minus the creation time in
 * microseconds (Postgres keeps microseconds; Date.parse stops at milliseconds). 0 for text that
 * is no timestamp (it sorts last).
 */
export function newestFirst(createdAt: string): number {
  const parts = TIMESTAMP_PARTS.exec(createdAt);
  if (!parts) return 0;
  const [, day, minutes, seconds = '00', fraction = '', zone = 'Z'] = parts;
  const offset = zone === 'Z' ? zone : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
  const ms = Date.parse(`${day}T${minutes}:${seconds}${offset}`);
  if (Number.isNaN(ms)) return 0;
  const micros = Number(fraction.padEnd(6, '0').slice(0, 6));
  return -(ms * 1000 + micros);
}

export const estimates = defineCollection({
  name: 'estimates',
  // 1: customer_name, sent_to_email, acceptance_sha256; the customer's name joins the search.
  // 2: newest_first and its index, for the list's first screen.
  // 3: the customer's side: views, how an acceptance was signed, the version the customer
  //    reviewed before choosing options, a change request.
  version: 3,
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
    /** How the acceptance was signed: drawn, or typed (the name rendered as the signature). */
    acceptance_signature_method: oneOf(['', 'drawn', 'typed'], ''),
    /** Accepted by link with a changed choice of options: the sent version the customer reviewed. */
    acceptance_reviewed_version_id: nullableUuid(),
    /** Openings of the customer link (viewed_at is the first). */
    view_count: integer(0),
    last_viewed_at: nullableTimestamp(),
    /** The customer's latest request for changes (or for an updated estimate once expired). */
    changes_request: text(),
    changes_requested_at: nullableTimestamp(),
    search: search(),
    /**
     * Local: minus the creation time in microseconds, so that an ascending index walk gives the
     * newest estimates first. RxDB re-sorts every match of a descending sort, so a limited
     * `created_at desc` query would still read all estimates (10,000 before the first row).
     */
    newest_first: integer(-Number.MAX_SAFE_INTEGER, 0),
  },
  indexes: [['org_id', 'updated_at'], ['status', 'updated_at'], ['org_id', 'newest_first'], 'number', 'search'],
  // Final numbers and stored totals come from the server; the device shows a DRAFT-… number
  // and computes totals for display until the server's arrive.
  serverOwned: [
    'number', 'provisional_number', 'subtotal_cents', 'applied_discount_cents', 'tax_cents', 'total_cents',
    'cost_cents', 'margin_cents', 'margin_percent', 'current_version_id', 'version_number', 'accepted_version_id',
    'customer_name', 'acceptance_reviewed_version_id', 'view_count', 'last_viewed_at', 'changes_request', 'changes_requested_at',
  ],
  derive: (d) => ({ search: normalizeSearchText(d.number, d.provisional_number, d.title, d.customer_name), newest_first: newestFirst(d.created_at) }),
});
export type Estimate = DocOf<typeof estimates.fields>;
export type EstimateStatus = Estimate['status'];
