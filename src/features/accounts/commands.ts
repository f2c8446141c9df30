// Account writes, all to the device database (sync carries them; sales and above may write).
import type { Account } from '../../db/collections/accounts';
import type { Estimate } from '../../db/collections/estimates';
import type { AppDatabase } from '../../db/database';
import { insertDocument, patchDocument } from '../../db/documents';
import { createDraftEstimate } from '../../db/new-estimate';
import type { AccountValues } from './schemas';

export type Actor = { orgId: string; userId: string };

export function createAccount(db: AppDatabase, actor: Actor, values: AccountValues): Promise<Account> {
  return insertDocument(db, 'accounts', { ...values, org_id: actor.orgId });
}

export function updateAccount(db: AppDatabase, id: string, values: AccountValues): Promise<Account> {
  return patchDocument(db, 'accounts', id, values);
}

export function setArchived(db: AppDatabase, id: string, archived: boolean): Promise<Account> {
  return patchDocument(db, 'accounts', id, { archived_at: archived ? new Date().toISOString() : null });
}

export function createEstimateForAccount(db: AppDatabase, actor: Actor, accountId: string): Promise<Estimate> {
  return createDraftEstimate(db, { org_id: actor.orgId, owner_id: actor.userId, account_id: accountId });
}
