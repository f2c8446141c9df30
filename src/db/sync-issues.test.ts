import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { failureId, syncIssues } from './collections/sync-issues';
import { openDatabase, type AppDatabase } from './database';
import { createEstimate } from './new-estimate';
import { discardFailure, failedDocuments, retryFailure } from './sync-issues';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const opened: AppDatabase[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

async function withRefusedEstimate() {
  const db = await openDatabase({ userId: USER, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, collections: ['estimates'] });
  opened.push(db);
  const estimate = await createEstimate(db, { org_id: ORG, owner_id: USER, title: 'Refused title' });
  const id = failureId('estimates', estimate.id);
  await db.sync_issues.insert(
    syncIssues.create({ id, kind: 'failure', collection_name: 'estimates', doc_id: estimate.id, code: '42501', reason: 'forbidden', message: 'no', doc: JSON.stringify(estimate) }),
  );
  return { db, estimate, id };
}

describe('refused documents', () => {
  it('retries by writing the document again, leaving the failure open until the server answers', async () => {
    const { db, estimate, id } = await withRefusedEstimate();
    const before = (await db.estimates.findOne(estimate.id).exec())!.toJSON();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await retryFailure(db, id);
    const after = (await db.estimates.findOne(estimate.id).exec())!.toJSON();
    expect(after.title).toBe('Refused title');
    expect(after.updated_at > before.updated_at).toBe(true);
    expect((await failedDocuments(db).exec()).map((f) => f.id)).toEqual([id]);
  });

  it('discards a change the server has a version of by closing the failure (the next pull brings that version)', async () => {
    const { db, estimate, id } = await withRefusedEstimate();
    await discardFailure(db, id, true);
    expect((await db.estimates.findOne(estimate.id).exec())?.title).toBe('Refused title');
    expect(await failedDocuments(db).exec()).toEqual([]);
    expect((await db.sync_issues.findOne(id).exec())?.status).toBe('dismissed');
  });

  it('discards a document the server never had by dropping it from the device', async () => {
    const { db, estimate, id } = await withRefusedEstimate();
    await discardFailure(db, id, false);
    expect(await db.estimates.findOne(estimate.id).exec()).toBeNull();
    expect(await failedDocuments(db).exec()).toEqual([]);
  });
});
