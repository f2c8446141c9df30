// A blank draft: "New estimate" was clicked and nothing was put in it yet. Such a draft stays on
// the device: the server would give it the organization's next final number at its first
// insert (gap-free, never reused), so every abandoned click would use up a number. It is
// pushed, and numbered, once it has content; pure functions so the rule is tested as a table.
import { isProvisionalNumber } from '../src/db/new-estimate';
import type { Doc } from './merge';

/** The collections whose rows count as content of their estimate (through estimate_id). */
export const ESTIMATE_CHILDREN = ['estimate_items', 'milestones', 'comments'] as const;

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * A draft with its provisional number (the server never numbered it), no title, no customer
 * (account or prospect), no notes, and no items, milestones or comments (`children` counts
 * those on the device). The organization's defaults (validity, tax rate, terms) are no content.
 */
export function isBlankDraft(estimate: Doc, children: number): boolean {
  return (
    estimate.status === 'draft' &&
    typeof estimate.number === 'string' &&
    isProvisionalNumber(estimate.number) &&
    blank(estimate.title) &&
    blank(estimate.account_id) &&
    blank(estimate.prospect_id) &&
    blank(estimate.notes) &&
    children === 0
  );
}

/**
 * Whether a push of this estimate is held back: it is blank now, and the server has not seen a
 * version of it with content either (RxDB's assumed server state is missing or blank too). A
 * draft that reached the server with content and was emptied again is pushed as usual.
 */
export function holdsBack(estimate: Doc, assumed: Doc | undefined, children: number): boolean {
  return isBlankDraft(estimate, children) && (assumed === undefined || isBlankDraft(assumed, 0));
}
