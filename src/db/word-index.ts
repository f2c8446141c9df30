// The prospects table's search: "every search word begins some word of the prospect's name,
// e-mail or company", answered by an index, not by scanning documents. (The estimates list
// applies the same rule by scanning its rows in memory, which measured faster at 10,000
// estimates: src/features/estimates/list/estimate-list.ts.) It serves any collection with a
// normalized `search` column. RxDB's indexes cannot
// hold one entry per word, so the words of each estimate's normalized `search` column are
// kept beside the RxDB database in a small Dexie database with a multi-entry index
// (IndexedDB `*words`): a prefix lookup per search word, intersected.
//
// The index follows the estimates collection's change stream (local writes, pulled rows and
// other tabs' writes) and is rebuilt from the collection when it opens, so a write it missed
// (a crash between the two databases) never outlives the session.
import { Dexie, type EntityTable } from 'dexie';
import type { RxCollection } from 'rxdb';
import type { Subscription } from 'rxjs';
import type { AppDatabase } from './database';
import { indexWords, searchWords } from '../lib/text-search';

type WordRow = { id: string; words: string[] };

/** The collections a word index serves: each has a normalized `search` column. */
type WordIndexed = 'estimates' | 'prospects';

export type WordIndex = {
  /** Resolves when the first build is done; searches before that fall back to a scan. */
  ready: Promise<void>;
  isReady(): boolean;
  /** Ids of estimates matching every word of `query`; null when the query has no words. */
  search(query: string): Promise<Set<string> | null>;
  close(): void;
};

export type WordIndexOptions = { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange; collection: WordIndexed };

export function openWordIndex(db: AppDatabase, options: WordIndexOptions): WordIndex {
  const { collection } = options;
  const name = `${db.name}_${collection}_words`;
  const words = new Dexie(name, options.indexedDB ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange } : undefined);
  words.version(1).stores({ [collection]: 'id, *words' });
  const table = words.table(collection) as EntityTable<WordRow, 'id'>;
  const source = db[collection] as unknown as RxCollection<{ id: string; search: string }>;
  let ready = false;
  let closed = false;
  let pending = new Map<string, WordRow | null>();
  let flushing: Promise<void> = Promise.resolve();

  const flush = () => {
    const batch = pending;
    pending = new Map();
    const puts = [...batch.values()].filter((row): row is WordRow => row !== null);
    const deletes = [...batch].filter(([, row]) => row === null).map(([id]) => id);
    flushing = flushing
      .then(() => words.transaction('rw', table, async () => {
        if (puts.length) await table.bulkPut(puts);
        if (deletes.length) await table.bulkDelete(deletes);
      }))
      .catch(() => undefined);
    return flushing;
  };

  const subscription: Subscription = source.$.subscribe((event) => {
    const doc = event.documentData as { id: string; search?: string; _deleted?: boolean } | undefined;
    const removed = event.operation === 'DELETE' || !doc || doc._deleted;
    pending.set(event.documentId, removed ? null : { id: event.documentId, words: indexWords(doc.search ?? '') });
    if (pending.size === 1) queueMicrotask(() => void flush());
  });

  const build = (async () => {
    const docs = await source.find().exec();
    const rows = docs.map((d) => ({ id: d.id, words: indexWords(d.search) }));
    const live = new Set(rows.map((r) => r.id));
    await words.transaction('rw', table, async () => {
      const stale = (await table.toCollection().primaryKeys()).filter((id) => !live.has(id));
      await table.bulkPut(rows);
      if (stale.length) await table.bulkDelete(stale);
    });
    // Changes that arrived during the build are newer than what it read.
    await flush();
    ready = true;
  })();

  const close = () => {
    if (closed) return;
    closed = true;
    subscription.unsubscribe();
    void flushing.then(() => words.close());
  };
  db.onClose.push(async () => close());

  return {
    ready: build,
    isReady: () => ready,
    async search(query) {
      const terms = searchWords(query);
      if (terms.length === 0) return null;
      await flushing;
      let result: Set<string> | null = null;
      // The longest word first: it usually matches least, so the intersection stays small.
      for (const term of terms.sort((a, b) => b.length - a.length)) {
        const ids = (await table.where('words').startsWith(term).primaryKeys()) as string[];
        result = result === null ? new Set(ids) : new Set(ids.filter((id) => result!.has(id)));
        if (result.size === 0) break;
      }
      return result;
    },
    close,
  };
}

const indexes = new WeakMap<AppDatabase, Map<WordIndexed, WordIndex>>();

/** One word index per open database and collection (the list screens' search uses it). */
export function wordIndexOf(db: AppDatabase, options: WordIndexOptions): WordIndex {
  const { collection } = options;
  let byCollection = indexes.get(db);
  if (!byCollection) {
    byCollection = new Map();
    indexes.set(db, byCollection);
  }
  let index = byCollection.get(collection);
  if (!index) {
    index = openWordIndex(db, options);
    byCollection.set(collection, index);
  }
  return index;
}
