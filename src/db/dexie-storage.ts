// Direct reads of RxDB's Dexie storage, for the few screens whose speed needs what RxDB's query
// engine does not do: walk an index backwards and stop after a page (RxDB reads and sorts every
// match of a descending sort), or read a whole index range in one request without making an
// RxDocument of each of 10,000 documents. Reads only; writes always go through RxDB.
//
// The layout followed: one Dexie table `docs` per collection, an index per schema index with
// `_deleted` first and the primary key last, booleans of indexed fields stored as '0'/'1'
// (src/features/prospects/board/board-read.test.ts and src/features/home/home-mirror.test.ts
// open real RxDB databases and fail if it changes).
import type { Dexie, Table } from 'dexie';
import type { RxCollection } from 'rxdb';

export type StoredDocs<T> = { dexieDb: Dexie; table: Table<T, string> };

/** The Dexie database and documents table RxDB's storage keeps `collection` in. */
export async function storedDocs<T>(collection: RxCollection): Promise<StoredDocs<T>> {
  const { dexieDb, dexieTable } = (await collection.storageInstance.internals) as { dexieDb: Dexie; dexieTable: Table<T, string> };
  return { dexieDb, table: dexieTable };
}

/** The storage's name of the schema index that begins with `fields` (after `_deleted`). */
export function storedIndexName(collection: RxCollection, fields: readonly string[]): string {
  const index = collection.schema.indexes.find((names) => names[0] === '_deleted' && fields.every((field, i) => names[i + 1] === field));
  if (!index) throw new Error(`${collection.name} has no index on ${fields.join(', ')}`);
  return `[${index.join('+')}]`;
}
