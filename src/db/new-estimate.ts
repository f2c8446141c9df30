// A new estimate, shared by every screen that starts one (estimates, prospects, the request
// inbox): a device-made id and a provisional number until the server assigns the final one.
import { addDays, format } from 'date-fns';
import type { Estimate } from './collections/estimates';
import type { AppDatabase } from './database';
import { insertDocument, newId, removeDocument } from './documents';

/** Shown until the server assigns the final per-organization number on first sync. */
export function provisionalNumber(id: string): string {
  return `DRAFT-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export function isProvisionalNumber(number: string): boolean {
  return number.startsWith('DRAFT-');
}

export type NewEstimate = Partial<Estimate> & { org_id: string; owner_id: string | null };

export async function createEstimate(db: AppDatabase, values: NewEstimate): Promise<Estimate> {
  const id = values.id ?? newId();
  const number = provisionalNumber(id);
  return insertDocument(db, 'estimates', { ...values, id, number, provisional_number: number, status: 'draft' });
}

/**
 * A draft with the organization's defaults (validity, tax rate, terms), as the estimates
 * screens start one; the prospects, accounts and request inbox start theirs here.
 */
export async function createDraftEstimate(db: AppDatabase, values: NewEstimate): Promise<Estimate> {
  const org = await db.organizations.findOne(values.org_id).exec();
  return createEstimate(db, {
    valid_until: format(addDays(new Date(), org?.default_validity_days ?? 30), 'yyyy-MM-dd'),
    tax_rate: org?.default_tax_rate ?? 0,
    terms: org?.default_terms ?? '',
    ...values,
  });
}

/**
 * A draft that was never sent: no customer can have seen it, so it may be deleted (the server
 * refuses to delete any other, supabase/migrations/20261126000200_draft_delete.sql). A sent
 * estimate revised back to draft keeps its sent_at; a version is taken when it is sent.
 */
export function isNeverSentDraft(estimate: Pick<Estimate, 'status' | 'sent_at' | 'version_number'>): boolean {
  return estimate.status === 'draft' && !estimate.sent_at && !estimate.version_number;
}

/** Soft-deletes a never-sent draft; returns the estimate as it was, for undo. */
export async function deleteDraft(db: AppDatabase, id: string): Promise<Estimate> {
  const doc = await db.estimates.findOne(id).exec();
  if (!doc) throw new Error('This estimate is no longer on this device');
  const estimate = doc.toJSON() as Estimate;
  if (!isNeverSentDraft(estimate)) throw new Error('Only a draft that was never sent can be deleted');
  await removeDocument(db, 'estimates', id);
  return estimate;
}

/** Undo of deleteDraft: the same document (id, number, content) is back; sync carries it. */
export async function restoreDraft(db: AppDatabase, estimate: Estimate): Promise<Estimate> {
  return insertDocument(db, 'estimates', { ...estimate });
}
