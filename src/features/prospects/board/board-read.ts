// The board's first screen in one read: each stage's newest open cards and its count, on the
// [org_id, archived, status, updated_at] index, in one IndexedDB transaction.
//
// RxDB answers a descending sort by reading every match and sorting it (its indexes run
// ascending only), so a column of 2,000 prospects read 2,000 documents for 25 cards, and twelve
// live queries re-rendered the board one by one. Here the same index of RxDB's own Dexie
// storage is walked backwards and stops after the page. This follows that storage's layout
// (the schema's final index, `_deleted` first, booleans kept as '0'/'1'); board-read.test.ts
// opens a real RxDB database and fails if the layout changes.
import { Dexie, type Table } from 'dexie';
import type { ProspectStatus } from '../../../db/collections/prospects';
import type { AppDatabase } from '../../../db/database';
import { STAGES } from '../pipeline';
import type { CardProspect } from './prospect-card';

export type BoardColumn = { cards: CardProspect[]; count: number };
export type BoardColumns = Record<ProspectStatus, BoardColumn>;

type DexieInternals = { dexieDb: Dexie; dexieTable: Table<CardProspect, string> };

const COLUMN_FIELDS = ['org_id', 'archived', 'status', 'updated_at'];

/** The storage's name of the column index: the schema's index holding COLUMN_FIELDS in order. */
function columnIndexName(db: AppDatabase): string {
  const index = db.prospects.schema.indexes.find((fields) => COLUMN_FIELDS.every((field, i) => fields[i + 1] === field));
  if (!index || index[0] !== '_deleted') throw new Error('The prospects collection has no board column index');
  return `[${index.join('+')}]`;
}

/** Each stage's `limits[status]` newest open cards (last change first) and how many it holds. */
export async function readBoard(db: AppDatabase, orgId: string, limits: Readonly<Record<ProspectStatus, number>>): Promise<BoardColumns> {
  const { dexieDb, dexieTable } = (await db.prospects.storageInstance.internals) as DexieInternals;
  const indexName = columnIndexName(db);
  return dexieDb.transaction('r', dexieTable, async () => {
    const columns = await Promise.all(
      STAGES.map(async (status) => {
        // Not deleted, of the organization, not archived ('0'), of the stage: any time, any id.
        const range = dexieTable.where(indexName).between(['0', orgId, '0', status, Dexie.minKey], ['0', orgId, '0', status, Dexie.maxKey]);
        const [cards, count] = await Promise.all([range.clone().reverse().limit(limits[status]).toArray(), range.count()]);
        return [status, { cards, count }] as const;
      }),
    );
    return Object.fromEntries(columns) as BoardColumns;
  });
}
