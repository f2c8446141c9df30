// The device's sync issues: values that lost a merge (conflicts, restorable) and documents
// the server refused (kept here, shown as failed). Read by the screens that show a document's
// state and by the monitoring page; written by sync, and here only by the user's choice.
import type { AppDatabase, CollectionName, ReplicatedName } from './database';
import { definitionOf } from './database';
import { failureId } from './collections/sync-issues';
import { markSaved, patchDocument } from './documents';

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

/** Writes a value that lost a merge back as a new local edit (which then syncs). */
export async function restoreConflict(db: AppDatabase, conflictId: string): Promise<void> {
  const conflict = await db.sync_issues.findOne(conflictId).exec();
  if (!conflict || conflict.kind !== 'conflict' || conflict.status !== 'open') return;
  const name = conflict.collection_name as ReplicatedName;
  const collection = db[name] as AppDatabase[CollectionName];
  const value = JSON.parse(conflict.local_value) as unknown;
  const current = await collection.findOne(conflict.doc_id).exec();
  if (current) {
    await patchDocument(db, name, conflict.doc_id, { [conflict.field]: value } as never);
  } else {
    // Deleted on the server while edited here: bring the document back with the value.
    const stored = await collection.storageInstance.findDocumentsById([conflict.doc_id], true);
    const previous = stored[0] as Record<string, unknown> | undefined;
    if (!previous) throw new Error(`No ${name} document ${conflict.doc_id}`);
    const definition = definitionOf(name);
    const doc = definition.normalize({ ...previous, [conflict.field]: value, updated_at: new Date().toISOString() });
    delete doc._deleted;
    await collection.upsert(doc as never);
    markSaved();
  }
  await conflict.incrementalPatch({ status: 'restored', resolved_at: new Date().toISOString() });
}

/** A refused document sent again as it is (its cause may be gone: a parent synced, a role changed). */
export async function retryFailure(db: AppDatabase, failureIssueId: string): Promise<void> {
  const failure = await db.sync_issues.findOne(failureIssueId).exec();
  if (!failure || failure.kind !== 'failure' || failure.status !== 'open') return;
  const name = failure.collection_name as ReplicatedName;
  const current = await (db[name] as AppDatabase[CollectionName]).findOne(failure.doc_id).exec();
  // A new write is what sync pushes: the same content with a fresh updated_at.
  if (current) await patchDocument(db, name, failure.doc_id, {});
  else await failure.incrementalPatch({ status: 'dismissed', resolved_at: new Date().toISOString() });
}

/**
 * Gives up a refused local change. `onServer`: the server has the document and was asked to
 * send it again (sync_resend_row), so the next pull puts the server's version back here; when
 * it never had the document, the device drops it.
 */
export async function discardFailure(db: AppDatabase, failureIssueId: string, onServer: boolean): Promise<void> {
  const failure = await db.sync_issues.findOne(failureIssueId).exec();
  if (!failure || failure.kind !== 'failure' || failure.status !== 'open') return;
  if (!onServer) {
    const name = failure.collection_name as ReplicatedName;
    await (await (db[name] as AppDatabase[CollectionName]).findOne(failure.doc_id).exec())?.remove();
  }
  await failure.incrementalPatch({ status: 'dismissed', resolved_at: new Date().toISOString() });
}
