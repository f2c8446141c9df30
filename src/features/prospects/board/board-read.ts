// The board's first screen in one read: each stage's newest open cards and its count, on the
// [org_id, archived, status, updated_at] index, in one IndexedDB transaction.
//
// RxDB answers a descending sort by reading every match and sorting it (its indexes run
// ascending only), so a column of 2,000 prospects read 2,000 documents for 25 cards, and twelve
// live queries re-rendered the board one by one. Here the same index of RxDB's own Dexie
// storage (src/db/dexie-storage.ts) is walked backwards and stops after the page;
// board-read.test.ts opens a real RxDB database and fails if its layout changes.
import { Dexie } from 'dexie';
import type { ProspectStatus } from '../../../db/collections/prospects';
import type { AppDatabase } from '../../../db/database';
import { storedDocs, storedIndexName } from '../../../db/dexie-storage';
import { STAGES } from '../pipeline';
import type { CardProspect } from './prospect-card';

export type BoardColumn = { cards: CardProspect[]; count: number };
export type BoardColumns = Record<ProspectStatus, BoardColumn>;

/** Each stage's `limits[status]` newest open cards (last change first) and how many it holds. */
export async function readBoard(db: AppDatabase, orgId: string, limits: Readonly<Record<ProspectStatus, number>>): Promise<BoardColumns> {
  const { dexieDb, table } = await storedDocs<CardProspect>(db.prospects);
  const indexName = storedIndexName(db.prospects, ['org_id', 'archived', 'status', 'updated_at']);
  return dexieDb.transaction('r', table, async () => {
    const columns = await Promise.all(
      STAGES.map(async (status) => {
        // Not deleted, of the organization, not archived ('0'), of the stage: any time, any id.
        const range = table.where(indexName).between(['0', orgId, '0', status, Dexie.minKey], ['0', orgId, '0', status, Dexie.maxKey]);
        const [cards, count] = await Promise.all([range.clone().reverse().limit(limits[status]).toArray(), range.count()]);
        return [status, { cards, count }] as const;
      }),
    );
    return Object.fromEntries(columns) as BoardColumns;
  });
}
