// Reads for features: RxDB queries (call .$ for a live list, .exec() for once).
import type { AppDatabase } from './database';
import type { EstimateStatus } from './collections/estimates';
import { failureId } from './collections/sync-issues';
import { searchText } from './fields';

type ListOptions = { orgId: string; search?: string; limit?: number };

function searchSelector(search: string | undefined) {
  const term = searchText(search);
  // Escaped so a user's text is matched literally.
  return term ? { search: { $regex: term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') } } : {};
}

export function listEstimates(db: AppDatabase, options: ListOptions & { status?: EstimateStatus }) {
  return db.estimates.find({
    selector: { org_id: options.orgId, ...(options.status ? { status: options.status } : {}), ...searchSelector(options.search) },
    sort: [{ updated_at: 'desc' }],
    ...(options.limit ? { limit: options.limit } : {}),
  });
}

/**
 * The newest estimates of the organization, read by walking the [org_id, newest_first] index
 * and stopping after `limit`: the list's first screen without loading every estimate.
 */
export function newestEstimates(db: AppDatabase, options: { orgId: string; limit: number }) {
  return db.estimates.find({ selector: { org_id: options.orgId }, sort: [{ newest_first: 'asc' }], limit: options.limit });
}

/** How many estimates the organization has, counted on an index (no document is read). */
export function countEstimates(db: AppDatabase, orgId: string) {
  return db.estimates.count({ selector: { org_id: orgId } });
}

export function estimateById(db: AppDatabase, id: string) {
  return db.estimates.findOne(id);
}

export function estimateByNumber(db: AppDatabase, number: string) {
  return db.estimates.findOne({ selector: { number } });
}

export function itemsOfEstimate(db: AppDatabase, estimateId: string) {
  return db.estimate_items.find({ selector: { estimate_id: estimateId }, sort: [{ sort_order: 'asc' }] });
}

export function milestonesOfEstimate(db: AppDatabase, estimateId: string) {
  return db.milestones.find({ selector: { estimate_id: estimateId }, sort: [{ sort_order: 'asc' }] });
}

export function versionsOfEstimate(db: AppDatabase, estimateId: string) {
  return db.estimate_versions.find({ selector: { estimate_id: estimateId }, sort: [{ version_number: 'desc' }] });
}

export function commentsOf(db: AppDatabase, threadId: string) {
  return db.comments.find({ selector: { thread_id: threadId }, sort: [{ created_at: 'asc' }] });
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

export function listPortals(db: AppDatabase, options: ListOptions) {
  return db.portals.find({ selector: { org_id: options.orgId, ...searchSelector(options.search) }, sort: [{ updated_at: 'desc' }] });
}

export function listEstimateRequests(db: AppDatabase, options: ListOptions & { status?: 'new' | 'in_review' | 'converted' | 'dismissed' }) {
  return db.estimate_requests.find({
    selector: { org_id: options.orgId, ...(options.status ? { status: options.status } : {}), ...searchSelector(options.search) },
    sort: [{ created_at: 'desc' }],
  });
}

/** Values that lost a merge and can still be restored. */
export function openConflicts(db: AppDatabase) {
  return db.sync_issues.find({ selector: { kind: 'conflict', status: 'open' }, sort: [{ created_at: 'desc' }] });
}

/** Documents the server refused; they stay on this device, shown as failed. */
export function failedDocuments(db: AppDatabase) {
  return db.sync_issues.find({ selector: { kind: 'failure', status: 'open' }, sort: [{ created_at: 'desc' }] });
}

/** The failure of one document, if the server refused its last push. */
export function failureOf(db: AppDatabase, collection: string, docId: string) {
  return db.sync_issues.findOne(failureId(collection, docId));
}
