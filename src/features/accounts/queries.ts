// Reads of the accounts screens (live RxDB queries).
import type { AppDatabase } from '../../db/database';

export function accountById(db: AppDatabase, id: string) {
  return db.accounts.findOne(id);
}

/** Prospects linked to an account: its contacts. */
export function contactsOf(db: AppDatabase, accountId: string) {
  return db.prospects.find({ selector: { account_id: accountId }, sort: [{ updated_at: 'desc' }] });
}

/** Every prospect that is some account's contact (the figures count their estimates). */
export function allContacts(db: AppDatabase, orgId: string) {
  return db.prospects.find({ selector: { org_id: orgId, account_id: { $ne: null } } });
}

/** The organization's estimates, for the accounts' figures. */
export function orgEstimates(db: AppDatabase, orgId: string) {
  return db.estimates.find({ selector: { org_id: orgId } });
}

export function estimatesOfAccount(db: AppDatabase, accountId: string, contactIds: readonly string[]) {
  return db.estimates.find({
    selector: { $or: [{ account_id: accountId }, ...(contactIds.length ? [{ account_id: null, prospect_id: { $in: [...contactIds] } }] : [])] },
    sort: [{ updated_at: 'desc' }],
  });
}

export function portalsOfAccount(db: AppDatabase, accountId: string) {
  return db.portals.find({ selector: { account_id: accountId } });
}
