import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from './database';
import { createEstimate, deleteDraft, isNeverSentDraft, restoreDraft } from './new-estimate';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const opened: AppDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

async function open() {
  const db = await openDatabase({ userId: USER, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, nameSuffix: crypto.randomUUID(), collections: ['organizations', 'estimates', 'estimate_items'] });
  opened.push(db);
  return db;
}

describe('isNeverSentDraft', () => {
  it.each([
    [{ status: 'draft', sent_at: null, version_number: 0 }, true],
    [{ status: 'sent', sent_at: '2026-11-01T00:00:00Z', version_number: 1 }, false],
    [{ status: 'draft', sent_at: '2026-11-01T00:00:00Z', version_number: 1 }, false],
    [{ status: 'draft', sent_at: null, version_number: 2 }, false],
    [{ status: 'archived', sent_at: null, version_number: 0 }, false],
  ] as const)('%o → %s', (estimate, expected) => {
    expect(isNeverSentDraft(estimate)).toBe(expected);
  });
});

describe('deleteDraft and restoreDraft', () => {
  it('deletes a draft (it leaves the queries) and undo brings the same document back', async () => {
    const db = await open();
    const draft = await createEstimate(db, { org_id: ORG, owner_id: USER, title: 'Deck' });
    const before = await db.estimates.count().exec();
    const saved = await deleteDraft(db, draft.id);
    expect(await db.estimates.findOne(draft.id).exec()).toBeNull();
    expect(await db.estimates.count().exec()).toBe(before - 1);

    await restoreDraft(db, saved);
    const back = await db.estimates.findOne(draft.id).exec();
    expect(back?.toJSON()).toMatchObject({ id: draft.id, number: draft.number, title: 'Deck', status: 'draft' });
  });

  it('refuses a sent estimate', async () => {
    const db = await open();
    const sent = await createEstimate(db, { org_id: ORG, owner_id: USER, title: 'Sent' });
    await db.estimates.findOne(sent.id).exec().then((d) => d!.incrementalPatch({ status: 'sent', sent_at: '2026-11-01T00:00:00.000Z' }));
    await expect(deleteDraft(db, sent.id)).rejects.toThrow('Only a draft that was never sent can be deleted');
  });
});
