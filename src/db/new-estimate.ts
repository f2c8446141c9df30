// A new estimate, shared by every screen that starts one (estimates, prospects, the request
// inbox): a device-made id and a provisional number until the server assigns the final one.
import { addDays, format } from 'date-fns';
import type { Estimate } from './collections/estimates';
import type { AppDatabase } from './database';
import { insertDocument, newId } from './documents';

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
