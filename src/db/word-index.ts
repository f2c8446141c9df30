// The estimates list's search: "every search word begins some word of the estimate's number,
// title or customer", answered by an index, not by scanning documents. RxDB's indexes cannot
// hold one entry per word, so the words of each estimate's normalized `search` column are
// kept beside the RxDB database in a small Dexie database with a multi-entry index
// (IndexedDB `*words`): a prefix lookup per search word, intersected.
//
// The index follows the estimates collection's change stream (local writes, pulled rows and
// other tabs' writes) and is rebuilt from the collection when it opens, so a write it missed
// (a crash between the two databases) never outlives the session.
import { Dexie, type EntityTable } from 'dexie';
import type { Subscription } from 'rxjs';
import type { AppDatabase } from './database';
import { indexWords, searchWords } from '../lib/text-search';

type WordRow = { id: string; words: string[] };
type WordDb = Dexie & { estimates: EntityTable<WordRow, 'id'> };

export type WordIndex = {
  /** Resolves when the first build is done; searches before that fall back to a scan. */
  ready: Promise<void>;
  isReady(): boolean;
  /** Ids of estimates matching every word of `query`; null when the query has no words. */
  search(query: string): Promise<Set<string> | null>;
  close(): void;
};

export type WordIndexOptions = { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange };

export function openWordIndex(db: AppDatabase, options: WordIndexOptions = {}): WordIndex {
  const words = new Dexie(`${db.name}_words`, options.indexedDB ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange } : undefined) as WordDb;
  words.version(1).stores({ estimates: 'id, *words' });
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
      .then(() => words.transaction('rw', words.estimates, async () => {
        if (puts.length) await words.estimates.bulkPut(puts);
        if (deletes.length) await words.estimates.bulkDelete(deletes);
      }))
      .catch(() => undefined);
    return flushing;
  };

  const subscription: Subscription = db.estimates.$.subscribe((event) => {
    const doc = event.documentData as { id: string; search?: string; _deleted?: boolean } | undefined;
    const removed = event.operation === 'DELETE' || !doc || doc._deleted;
    pending.set(event.documentId, removed ? null : { id: event.documentId, words: indexWords(doc.search ?? '') });
    if (pending.size === 1) queueMicrotask(() => void flush());
  });

  const build = (async () => {
    const docs = await db.estimates.find().exec();
    const rows = docs.map((d) => ({ id: d.id, words: indexWords(d.search) }));
    const live = new Set(rows.map((r) => r.id));
    await words.transaction('rw', words.estimates, async () => {
      const stale = (await words.estimates.toCollection().primaryKeys()).filter((id) => !live.has(id));
      await words.estimates.bulkPut(rows);
      if (stale.length) await words.estimates.bulkDelete(stale);
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
        const ids = (await words.estimates.where('words').startsWith(term).primaryKeys()) as string[];
        result = result === null ? new Set(ids) : new Set(ids.filter((id) => result!.has(id)));
        if (result.size === 0) break;
      }
      return result;
    },
    close,
  };
}

const indexes = new WeakMap<AppDatabase, WordIndex>();

/** One word index per open database (the list screen's search uses it). */
export function wordIndexOf(db: AppDatabase, options?: WordIndexOptions): WordIndex {
  let index = indexes.get(db);
  if (!index) {
    index = openWordIndex(db, options);
    indexes.set(db, index);
  }
  return index;
}
