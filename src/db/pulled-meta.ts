// A pulled document stands for RxDB's record of it while it is the document as pulled.
//
// RxDB's replication keeps, beside every document it pulls, a full copy in its meta storage:
// the state it assumes the server holds, which its upstream compares before pushing and sends
// as the base of the push. On a first sync that is half of everything written: measured in
// Chromium (npm run bench sync), 60,000 documents pulled in 11-13 s with the copies, 7-8 s
// without.
//
// RxDB already marks a document its downstream wrote (_meta.o: the replication's hash and the
// revision height it wrote) and treats a document so marked as the server's state when its
// record is missing. Here that is the rule, not the exception:
// - the downstream's record of a document it has just written, with no record stored for it,
//   is left out (the document is marked, and is that state);
// - a read of a missing record answers from the document while it is so marked;
// - a local write over a marked document keeps the state it replaces in the document itself
//   (_meta.base, with the replication's hash and the schema version), in the same write and
//   in whichever tab writes; a read of a missing record answers from it (migrated, when the
//   schema has moved on since);
// - every other record RxDB writes (after a push, a conflict, a state found equal) is stored
//   and read as before, and a stored record always wins.
// Only a replication linked here (linkPulledMeta, before it starts) is served this way; any
// other reads and writes its records as RxDB does.
import {
  getHeightOfRevision,
  getPrimaryFieldOfPrimaryKey,
  META_INSTANCE_SCHEMA_TITLE,
  writeDocToDocState,
  type RxDocumentData,
  type RxStorage,
  type RxStorageInstance,
} from 'rxdb';

type Meta = { lwt: number; o?: { hash: string; _rev: number }; base?: Base; [field: string]: unknown };
type Doc = Record<string, unknown> & { _rev: string; _deleted: boolean; _attachments: Record<string, unknown>; _meta: Meta };
/** The pulled state a local write replaced, and whose pull it was. */
type Base = { hash: string; version: number; doc: Record<string, unknown> };
type Record_ = RxDocumentData<{ id: string; isCheckpoint: '0' | '1'; itemId: string; docData?: Record<string, unknown>; isResolvedConflict?: string }>;
type Instance<T> = RxStorageInstance<T, unknown, unknown, unknown>;
type ForkInstance = Instance<Record<string, unknown>>;

/** Brings a document state of an older schema version to `version` (null: the migration drops it). */
export type MigrateState = (collectionName: string, doc: Record<string, unknown>, from: number, to: number) => Promise<Record<string, unknown> | null>;

/** The _rev of a record answered from a document; a write after it is checked against what is stored. */
export const ANSWERED_REV = '0-pulled';
const DOWN_RECORDS = 'replication-down-write-meta';

type Fork = {
  instance: ForkInstance;
  key: string;
  version: number;
  primary: string;
  pulled: Map<string, string>;
  /** Reads of documents under way or just done, by id: a record asked for meanwhile is answered from the same read. */
  reading: Map<string, Promise<Map<string, Doc>>>;
};
type Link = { fork: string; hash: string };
const forks = new Map<string, Fork>();
/** By meta storage: whose records it keeps. */
const links = new Map<string, Link>();
/** By collection: each linked replication's downstream write context → the hash it marks with. */
const marks = new Map<string, Map<string, string>>();
// By the database's instance token: two databases of one name (simulated devices, tests) never mix.
const key = (databaseToken: string, collectionName: string) => `${databaseToken}\u0000${collectionName}`;

/**
 * Serves the records of one replication from its documents: its meta storage `metaCollection`
 * (RxDB's metaInfoPromise), the collection it replicates, the hash RxDB marks pulled documents
 * with (its hashFunction of the replication's identifier) and the context of its downstream's
 * writes (RxDB's downstreamBulkWriteFlag).
 */
export function linkPulledMeta(link: { databaseToken: string; metaCollection: string; collection: string; hash: string; downstreamContext: string }): void {
  links.set(key(link.databaseToken, link.metaCollection), { fork: link.collection, hash: link.hash });
  const forkKey = key(link.databaseToken, link.collection);
  const byContext = marks.get(forkKey) ?? new Map<string, string>();
  byContext.set(link.downstreamContext, link.hash);
  marks.set(forkKey, byContext);
}

/** Marked by the downstream and unchanged since. */
function pulledBy(doc: Doc | undefined): string | undefined {
  const o = doc?._meta?.o;
  return o?.hash && o._rev === getHeightOfRevision(doc!._rev) ? o.hash : undefined;
}

/**
 * A downstream write marks what it writes (RxDB's own mark is lost on an insert: the
 * collection's storage wrapper gives every inserted document a fresh _meta) and clears a kept
 * base; a local write over a pulled state keeps it; a later local write carries it on.
 */
function keepBase(fork: Fork, row: { document: Doc; previous?: Doc }, pulledWith: string | undefined): void {
  const doc = row.document;
  if (pulledWith) {
    // A new object: RxDB shares one _meta among the inserts of a write.
    doc._meta = { ...withoutBase(doc._meta), o: { hash: pulledWith, _rev: getHeightOfRevision(doc._rev) } };
    return;
  }
  const previous = row.previous;
  const hash = pulledBy(previous);
  if (hash) doc._meta = { ...doc._meta, base: { hash, version: fork.version, doc: writeDocToDocState(previous as never, false, false) as Record<string, unknown> } };
  else if (previous?._meta?.base && !doc._meta?.base && !pulledBy(doc)) doc._meta = { ...doc._meta, base: previous._meta.base };
}

function withoutBase(meta: Meta): Meta {
  const { base: _dropped, ...rest } = meta;
  return rest;
}

function wrapFork(instance: ForkInstance, fork: Fork): void {
  const write = instance.bulkWrite.bind(instance);
  const find = instance.findDocumentsById.bind(instance);
  // RxDB reads the documents and their records side by side (downstream, upstream): the
  // records of pulled documents then need no second read of the documents.
  instance.findDocumentsById = (ids, withDeleted) => {
    const read = find(ids, withDeleted);
    if (!withDeleted) return read;
    // One promise for the whole read, shared by its ids (a pulled page reads thousands).
    const byId = read.then((docs) => new Map(docs.map((d) => [String(d[fork.primary]), d as unknown as Doc])));
    for (const id of ids) fork.reading.set(id, byId);
    // Kept a moment after it settles (the record read beside it may settle later), unless a
    // write in this tab changes the document first.
    const done = () => void setTimeout(() => ids.forEach((id) => fork.reading.get(id) === byId && fork.reading.delete(id)));
    void byId.then(done, done);
    return read;
  };
  instance.bulkWrite = async (rows, context) => {
    const pulledWith = marks.get(fork.key)?.get(context);
    for (const row of rows) fork.reading.delete(String(row.document[fork.primary]));
    for (const row of rows) keepBase(fork, row as unknown as { document: Doc; previous?: Doc }, pulledWith);
    const result = await write(rows, context);
    if (pulledWith) {
      const failed = new Set(result.error.map((e) => e.documentId));
      fork.pulled = new Map();
      for (const row of rows) {
        const id = String(row.document[fork.primary]);
        const hash = pulledBy(row.document as unknown as Doc);
        if (hash && !failed.has(id)) fork.pulled.set(id, hash);
      }
    }
    return result;
  };
}

async function answered(fork: Fork, link: Link, doc: Doc, migrate: MigrateState, collectionName: string): Promise<Record<string, unknown> | undefined> {
  if (pulledBy(doc) === link.hash) return writeDocToDocState(doc as never, false, false) as Record<string, unknown>;
  const base = doc._meta?.base;
  if (base?.hash !== link.hash) return undefined;
  if (base.version === fork.version) return base.doc;
  return (await migrate(collectionName, base.doc, base.version, fork.version)) ?? undefined;
}

/** The documents of `ids` from the reads under way that cover them (`reads[i]` covers `ids[i]`). */
async function fromReads(ids: string[], reads: Promise<Map<string, Doc>>[]): Promise<Doc[]> {
  const unique = [...new Set(reads)];
  const settled = new Map(unique.map((read, i) => [read, i]));
  const maps = await Promise.all(unique);
  return ids.flatMap((id, i) => maps[settled.get(reads[i]!)!]!.get(id) ?? []);
}

function wrapRecords(instance: Instance<Record_>, databaseToken: string, link: Link, migrate: MigrateState): void {
  const find = instance.findDocumentsById.bind(instance);
  const write = instance.bulkWrite.bind(instance);
  const forkOf = () => forks.get(key(databaseToken, link.fork));

  instance.findDocumentsById = async (ids, withDeleted) => {
    const found = await find(ids, withDeleted);
    const fork = forkOf();
    const stored = new Set(found.map((r) => r.id));
    const missing = ids.filter((id) => !stored.has(id) && id.endsWith('|0'));
    if (!fork || missing.length === 0) return found;
    const itemIds = missing.map((id) => id.slice(0, -2));
    const reads = itemIds.map((id) => fork.reading.get(id));
    const docs = reads.every(Boolean)
      ? await fromReads(itemIds, reads as Promise<Map<string, Doc>>[])
      : ((await fork.instance.findDocumentsById(itemIds, true)) as unknown as Doc[]);
    for (const doc of docs) {
      const docData = await answered(fork, link, doc, migrate, link.fork);
      if (!docData) continue;
      const itemId = String(doc[fork.primary]);
      found.push({ id: `${itemId}|0`, isCheckpoint: '0', itemId, docData, _deleted: false, _attachments: {}, _rev: ANSWERED_REV, _meta: { lwt: doc._meta.lwt } });
    }
    return found;
  };

  instance.bulkWrite = async (rows, context) => {
    let use = rows;
    const fork = forkOf();
    if (context === DOWN_RECORDS && fork) {
      // The documents this downstream pass has just written stand for these records.
      use = rows.filter((r) => {
        const written = r.document.isCheckpoint === '0' && (!r.previous || r.previous._rev === ANSWERED_REV) && fork.pulled.get(r.document.itemId) === link.hash;
        if (written) fork.pulled.delete(r.document.itemId);
        return !written;
      });
    }
    const afterAnswer = use.filter((r) => r.previous?._rev === ANSWERED_REV);
    if (afterAnswer.length > 0) {
      const stored = new Map((await find(afterAnswer.map((r) => r.document.id), true)).map((r) => [r.id, r]));
      use = use.map((r) => (r.previous?._rev === ANSWERED_REV ? { ...r, previous: stored.get(r.document.id) } : r));
    }
    return use.length === 0 ? { error: [] } : write(use, context);
  };
}

/** `storage`, serving the records of linked replications from their pulled documents. */
export function withPulledMeta<Internals, Options>(storage: RxStorage<Internals, Options>, migrate: MigrateState): RxStorage<Internals, Options> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance(params) {
      const instance = await storage.createStorageInstance(params);
      if (params.schema.title === META_INSTANCE_SCHEMA_TITLE) {
        const link = links.get(key(params.databaseInstanceToken, params.collectionName));
        if (link) wrapRecords(instance as unknown as Instance<Record_>, params.databaseInstanceToken, link, migrate);
        return instance;
      }
      const name = key(params.databaseInstanceToken, params.collectionName);
      const fork: Fork = {
        instance: instance as unknown as ForkInstance,
        key: name,
        version: params.schema.version,
        primary: getPrimaryFieldOfPrimaryKey(params.schema.primaryKey) as string,
        pulled: new Map(),
        reading: new Map(),
      };
      // An older version's instance (a migration reads it) must not take the place of the current one.
      const current = forks.get(name);
      if (!current || current.version <= fork.version) forks.set(name, fork);
      wrapFork(fork.instance, fork);
      // Closed with its database: nothing of it is served or marked any more.
      const forget = () => {
        if (forks.get(name) !== fork) return;
        forks.delete(name);
        marks.delete(name);
        for (const [metaKey, link] of links) if (metaKey.startsWith(`${params.databaseInstanceToken}\u0000`) && link.fork === params.collectionName) links.delete(metaKey);
      };
      const [close, remove] = [instance.close.bind(instance), instance.remove.bind(instance)];
      instance.close = () => (forget(), close());
      instance.remove = () => (forget(), remove());
      return instance;
    },
  };
}
