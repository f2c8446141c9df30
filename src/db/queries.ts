// Reads that several features share (pickers, owners, customers): RxDB queries, `.$` for a
// live list, `.exec()` for once. A read only one feature needs lives in that feature's
// queries.ts. Search follows the one rule of src/lib/text-search.ts.
import type { AppDatabase } from './database';
import { wordPrefixPattern } from '../lib/text-search';

export type ListOptions = { orgId: string; search?: string; limit?: number };

/** A selector part for the normalized `search` column; empty when there is nothing to match. */
export function searchSelector(search: string | undefined) {
  const pattern = wordPrefixPattern(search ?? '');
  return pattern ? { search: { $regex: pattern } } : {};
}

export function listAccounts(db: AppDatabase, options: ListOptions) {
  return db.accounts.find({ selector: { org_id: options.orgId, ...searchSelector(options.search) }, sort: [{ name: 'asc' }], ...(options.limit ? { limit: options.limit } : {}) });
}

export function listProspects(db: AppDatabase, options: ListOptions) {
  return db.prospects.find({ selector: { org_id: options.orgId, ...searchSelector(options.search) }, sort: [{ updated_at: 'desc' }], ...(options.limit ? { limit: options.limit } : {}) });
}

export function listProducts(db: AppDatabase, options: ListOptions & { activeOnly?: boolean; category?: string }) {
  return db.products.find({
    selector: {
      org_id: options.orgId,
      ...(options.activeOnly ? { active: true } : {}),
      ...(options.category !== undefined ? { category: options.category } : {}),
      ...searchSelector(options.search),
    },
    sort: [{ name: 'asc' }],
    ...(options.limit ? { limit: options.limit } : {}),
  });
}

export function teamOf(db: AppDatabase, orgId: string) {
  return db.profiles.find({ selector: { org_id: orgId }, sort: [{ search: 'asc' }] });
}

/** Members' display names by user id (first and last name, else e-mail). */
export function memberNames(profiles: readonly { user_id: string; first_name: string; last_name: string; email: string }[] | null | undefined): Map<string, string> {
  return new Map((profiles ?? []).map((p) => [p.user_id, `${p.first_name} ${p.last_name}`.trim() || p.email]));
}
