import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { insertDocument, patchDocument, removeDocument } from './documents';
import { createEstimate } from './new-estimate';
import { openDatabase, type AppDatabase } from './database';
import { openWordIndex, type WordIndex } from './word-index';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const opened: { db: AppDatabase; index?: WordIndex }[] = [];

async function open() {
  const indexedDB = new IDBFactory();
  const db = await openDatabase({ userId: USER, indexedDB, IDBKeyRange, multiInstance: false, collections: ['accounts', 'prospects', 'estimates'] });
  const entry: { db: AppDatabase; index?: WordIndex } = { db };
  opened.push(entry);
  return { db, indexOf: () => (entry.index = openWordIndex(db, { indexedDB, IDBKeyRange, collection: 'estimates' })) };
}

afterEach(async () => {
  for (const { db, index } of opened.splice(0)) {
    index?.close();
    await db.remove();
  }
});

/** Waits until the index answers `query` with exactly `ids` (it follows the change stream). */
async function expectMatches(index: WordIndex, query: string, ids: string[]) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = [...((await index.search(query)) ?? [])].sort();
    if (JSON.stringify(found) === JSON.stringify([...ids].sort())) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect([...((await index.search(query)) ?? [])].sort()).toEqual([...ids].sort());
}

describe('word index', () => {
  it('finds estimates by the beginning of any word of number, title and customer', async () => {
    const { db, indexOf } = await open();
    const account = await insertDocument(db, 'accounts', { org_id: ORG, name: 'Harbor Café' });
    const kitchen = await createEstimate(db, { org_id: ORG, owner_id: USER, title: 'Kitchen remodel', account_id: account.id });
    const deck = await createEstimate(db, { org_id: ORG, owner_id: USER, title: 'Deck' });
    expect(kitchen.customer_name).toBe('Harbor Café');
    const index = indexOf();
    await index.ready;
    expect(index.isReady()).toBe(true);
    await expectMatches(index, 'harb', [kitchen.id]);
    await expectMatches(index, 'REMO', [kitchen.id]);
    await expectMatches(index, 'model', []);
    await expectMatches(index, 'café kit', [kitchen.id]);
    await expectMatches(index, kitchen.number.slice(6, 10).toLowerCase(), [kitchen.id]);
    await expectMatches(index, 'draft', [kitchen.id, deck.id]);
    expect(await index.search('   ')).toBeNull();
  });

  it('follows edits and deletions made after it was built', async () => {
    const { db, indexOf } = await open();
    const index = indexOf();
    await index.ready;
    const roof = await createEstimate(db, { org_id: ORG, owner_id: USER, title: 'Roof' });
    await expectMatches(index, 'roof', [roof.id]);
    await patchDocument(db, 'estimates', roof.id, { title: 'Gutters' });
    await expectMatches(index, 'roof', []);
    await expectMatches(index, 'gutt', [roof.id]);
    const prospect = await insertDocument(db, 'prospects', { org_id: ORG, first_name: 'Ada', last_name: 'Byron', email: 'ada@example.com' });
    await patchDocument(db, 'estimates', roof.id, { prospect_id: prospect.id });
    await expectMatches(index, 'byr', [roof.id]);
    await removeDocument(db, 'estimates', roof.id);
    await expectMatches(index, 'gutt', []);
  });
});
