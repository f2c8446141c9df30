// Reads of the prospects screens: RxDB queries (`.$` for a live list, `.exec()` for once),
// each answered by an index where the screen's speed depends on it.
import type { EstimateRequestStatus } from '../../db/collections/estimate-requests';
import type { AppDatabase } from '../../db/database';

// The board reads its columns in one transaction of its own (board/board-read.ts).

/** Every prospect of the organization, archived ones too (the table filters them). */
export function allProspects(db: AppDatabase, orgId: string) {
  return db.prospects.find({ selector: { org_id: orgId }, sort: [{ updated_at: 'desc' }] });
}

export function prospectById(db: AppDatabase, id: string) {
  return db.prospects.findOne(id);
}

export function prospectsWithEmailKey(db: AppDatabase, key: string) {
  return db.prospects.find({ selector: { email_key: key } });
}

export function estimatesOfProspect(db: AppDatabase, prospectId: string) {
  return db.estimates.find({ selector: { prospect_id: prospectId }, sort: [{ updated_at: 'desc' }] });
}

export function portalsOfProspect(db: AppDatabase, prospectId: string) {
  return db.portals.find({ selector: { prospect_id: prospectId } });
}

export function requestsOfProspect(db: AppDatabase, prospectId: string) {
  return db.estimate_requests.find({ selector: { prospect_id: prospectId }, sort: [{ created_at: 'desc' }] });
}

/** Comments on the prospect's estimates and portal, newest first. */
export function commentsOnThreads(db: AppDatabase, threadIds: readonly string[]) {
  return db.comments.find({ selector: { thread_id: { $in: [...threadIds] } }, sort: [{ created_at: 'desc' }], limit: 50 });
}

export function accountById(db: AppDatabase, id: string) {
  return db.accounts.findOne(id);
}

/** The inbox: requests of the organization, newest first, of one status or all. */
export function inboxRequests(db: AppDatabase, orgId: string, status: EstimateRequestStatus | '') {
  return status
    ? db.estimate_requests.find({ selector: { status, org_id: orgId }, sort: [{ created_at: 'desc' }] })
    : db.estimate_requests.find({ selector: { org_id: orgId }, sort: [{ created_at: 'desc' }] });
}

export function requestById(db: AppDatabase, id: string) {
  return db.estimate_requests.findOne(id);
}

/** Requests waiting for someone (status new), newest first: the inbox badge and the arrival toast. */
export function newRequests(db: AppDatabase, orgId: string) {
  return db.estimate_requests.find({ selector: { status: 'new', org_id: orgId }, sort: [{ created_at: 'desc' }] });
}
