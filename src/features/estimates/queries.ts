// Reads of the estimate screens: RxDB queries (`.$` for a live list, `.exec()` for once).
import type { EstimateStatus } from '../../db/collections/estimates';
import type { AppDatabase } from '../../db/database';
import { searchSelector, type ListOptions } from '../../db/queries';

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
