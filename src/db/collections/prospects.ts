import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { bool, nullableTimestamp, nullableUuid, oneOf, search, text } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

export const PROSPECT_STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'] as const;
export const PROSPECT_SOURCES = ['manual', 'request_form', 'portal', 'import'] as const;

/** The lower-case, trimmed e-mail: how two prospects are recognised as the same person. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase().slice(0, 254);
}

export const prospects = defineCollection({
  name: 'prospects',
  // 1: the CRM (issue 13): why a prospect was won or lost, when its status changed, its status
  //    history (kept by the server), an archive mark; locally the e-mail key and the archive
  //    flag, indexed for the duplicate check and the board's columns.
  version: 1,
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
    /** Why the prospect was won or lost; empty in every other status. */
    status_reason: text(),
    status_changed_at: nullableTimestamp(),
    /** JSON array of {status, from, at, by, reason}, appended by the server on each status change. */
    status_history: text(undefined, '[]'),
    archived_at: nullableTimestamp(),
    search: search(),
    /** Local: emailKey(email). */
    email_key: text(254),
    /** Local: archived_at is set (an index cannot hold a nullable column). */
    archived: bool(false),
  },
  indexes: [['org_id', 'updated_at'], ['org_id', 'archived', 'status', 'updated_at'], 'search', 'email_key'],
  // The server keeps the history (taking the device's own entries) and the moment of the
  // current stage from it; the device's values stand in until it answers.
  serverOwned: ['status_history', 'status_changed_at'],
  derive: (d) => ({
    // The e-mail's domain on its own too, so "example.com" finds everyone at it.
    search: normalizeSearchText(d.first_name, d.last_name, d.company, d.email, d.email.split('@')[1], d.phone),
    email_key: emailKey(d.email),
    archived: d.archived_at !== null,
  }),
});
export type Prospect = DocOf<typeof prospects.fields>;
export type ProspectStatus = Prospect['status'];
export type ProspectSource = Prospect['source'];
