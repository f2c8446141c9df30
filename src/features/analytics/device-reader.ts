// Reads the device database's documents straight from IndexedDB, for the analytics worker: the
// page's RxDB instance lives on the main thread, and reading 60,000 documents through it would
// block the screen for seconds. This follows the layout of RxDB's Dexie storage (one IndexedDB
// database per collection, `rxdb-dexie-{database}--{schema version}--{collection}`, documents in
// the `docs` store, booleans of indexes stored as '0'/'1', an index on [_meta.lwt+id] that RxDB's
// own replication reads changes from); engine.test.ts opens a real RxDB database and
// fails if that layout changes. The reader only reads: a database that does not exist is not
// created, and an existing one is opened at its version, never upgraded.

export type RawDoc = Record<string, unknown> & { id: string; _deleted: unknown; _meta: { lwt: number } };
export type Checkpoint = { lwt: number; id: string };

export type IdbEnv = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

const DOCS = 'docs';
const LWT_INDEX = '[_meta.lwt+id]';

export function dexieDatabaseName(databaseName: string, schemaVersion: number, collection: string): string {
  return `rxdb-dexie-${databaseName}--${schemaVersion}--${collection}`;
}

export function isDeleted(doc: RawDoc): boolean {
  return doc._deleted === '1' || doc._deleted === true;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Opens an existing database at its current version; null when there is none (nothing is created). */
export function openExisting(env: IdbEnv, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const req = env.indexedDB.open(name);
    let created = false;
    req.onupgradeneeded = () => {
      created = true;
      req.transaction?.abort();
    };
    req.onsuccess = () => {
      // Another connection upgrading the collection (a schema migration) closes ours.
      req.result.onversionchange = () => req.result.close();
      resolve(req.result);
    };
    req.onerror = () => (created ? resolve(null) : reject(req.error));
    req.onblocked = () => resolve(null);
  });
}

function docs(db: IDBDatabase): IDBObjectStore {
  return db.transaction(DOCS, 'readonly').objectStore(DOCS);
}

export function hasDocs(db: IDBDatabase): boolean {
  return db.objectStoreNames.contains(DOCS);
}

/** Every document, deleted ones included (their checkpoint counts too). */
export function readAll(db: IDBDatabase): Promise<RawDoc[]> {
  return request(docs(db).getAll() as IDBRequest<RawDoc[]>);
}

/** Documents written after `since` (in RxDB's write order), deleted ones included. */
export function readChangedSince(env: IdbEnv, db: IDBDatabase, since: Checkpoint | null): Promise<RawDoc[]> {
  const index = docs(db).index(LWT_INDEX);
  return request(index.getAll(since ? env.IDBKeyRange.lowerBound([since.lwt, since.id], true) : undefined) as IDBRequest<RawDoc[]>);
}

export function readByIds(db: IDBDatabase, ids: readonly string[]): Promise<(RawDoc | undefined)[]> {
  const store = docs(db);
  return Promise.all(ids.map((id) => request(store.get(id) as IDBRequest<RawDoc | undefined>)));
}

/** Documents whose indexed `field` equals each value, through the collection's [_deleted+field+…] index; deleted ones left out. */
export function readByIndexPrefix(env: IdbEnv, db: IDBDatabase, indexName: string, values: readonly string[]): Promise<RawDoc[][]> {
  const index = docs(db).index(indexName);
  return Promise.all(values.map((value) => request(index.getAll(env.IDBKeyRange.bound(['0', value], ['0', value, []])) as IDBRequest<RawDoc[]>)));
}

/** The last write among `docs`, in the order of the [_meta.lwt+id] index. */
export function lastCheckpoint(docs: readonly RawDoc[], start: Checkpoint | null = null): Checkpoint | null {
  let last = start;
  for (const doc of docs) {
    const lwt = doc._meta.lwt;
    if (!last || lwt > last.lwt || (lwt === last.lwt && doc.id > last.id)) last = { lwt, id: doc.id };
  }
  return last;
}
