// What the home page summarizes, kept in memory per open database and organization from its
// first visit on: the organization's estimates, requests and customer comments as the
// documents' own data (no copies), followed through the collections' change events (local
// writes, pulled rows and other tabs' writes) until the database closes. Coming back to / then
// summarizes memory (or reuses the summary of the same version) instead of reading 10,000
// estimates from IndexedDB again.
//
// Change events only update a map entry each: nothing is queried again while a first sync
// writes thousands of rows (queries kept open across pages did that, and made the sync crawl).
// The summary is computed once per change set: on demand by whoever shows it, or, once the home
// page has asked for one, when the page is idle after the change set (so coming back to / after
// a change finds the summary of the current documents made instead of making it then).
import { Dexie } from 'dexie';
import type { RxChangeEventBulk, RxCollection } from 'rxdb';
import type { Subscription } from 'rxjs';
import type { AppDatabase } from '../../db/database';
import { storedDocs, storedIndexName } from '../../db/dexie-storage';
import { summarizeHome, type HomeComment, type HomeEstimate, type HomeRequest, type HomeSummary } from './dashboard';

type Sources = { estimates: HomeEstimate; estimate_requests: HomeRequest; comments: HomeComment };
type SourceName = keyof Sources;
type Row = { id: string; org_id: string; author_kind?: string; _deleted?: boolean | string };

const SOURCES: readonly SourceName[] = ['estimates', 'estimate_requests', 'comments'];

export type HomeMirror = {
  /** Bumped on every change set that touched a summarized document. */
  version(): number;
  /** False until every source was read once (the summary is not known yet). */
  isReady(): boolean;
  /** Calls `listener` after each change set; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The summary of the current documents, computed at most once per version, day and user. */
  summary(userId: string, today: string): HomeSummary | null;
  close(): void;
};

/** Only the organization's documents, and of comments only the customers' (what the summary reads). */
function belongs(name: SourceName, orgId: string, doc: Row): boolean {
  return doc.org_id === orgId && doc._deleted !== true && doc._deleted !== '1' && (name !== 'comments' || doc.author_kind === 'customer');
}

/**
 * The organization's documents of a source, read in one request on its [org_id, …] index of
 * RxDB's storage (not deleted: '0'): RxDB's query would walk 10,000 estimates with a cursor
 * and make an RxDocument of each. The summary reads no indexed boolean, the one field the
 * storage keeps differently ('0'/'1').
 */
async function readStored(db: AppDatabase, name: SourceName, orgId: string): Promise<Row[]> {
  const collection = db[name] as unknown as RxCollection;
  const { table } = await storedDocs<Row>(collection);
  const index = storedIndexName(collection, ['org_id', name === 'estimates' ? 'updated_at' : 'created_at']);
  return table.where(index).between(['0', orgId, Dexie.minKey], ['0', orgId, Dexie.maxKey]).toArray();
}

/** Runs `job` once the page has been quiet for a moment (a first sync writes many change sets in a row). */
function whenIdle(job: () => void): void {
  const run = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(job, { timeout: 2000 }) : job());
  setTimeout(run, 200);
}

export function openHomeMirror(
  db: AppDatabase,
  orgId: string,
  onFailed: (error: unknown) => void = () => undefined,
  idle: (job: () => void) => void = whenIdle,
): HomeMirror {
  const maps: { [N in SourceName]: Map<string, Sources[N]> } = { estimates: new Map(), estimate_requests: new Map(), comments: new Map() };
  const listeners = new Set<() => void>();
  let version = 0;
  let ready = false;
  let kept: { version: number; userId: string; today: string; value: HomeSummary } | null = null;
  // Whom the page last summarized for: after a change set, that summary is made when idle.
  let wanted: { userId: string; today: string } | null = null;
  let scheduled = false;
  let closed = false;
  // Change sets that arrive before the first read finished are newer than what it read: they
  // are applied after it, in order.
  let buffered: [SourceName, RxChangeEventBulk<unknown>][] | null = [];

  const apply = (name: SourceName, bulk: RxChangeEventBulk<unknown>): boolean => {
    const map = maps[name] as Map<string, unknown>;
    let touched = false;
    for (const event of bulk.events) {
      const doc = event.documentData as unknown as Row | undefined;
      if (event.operation !== 'DELETE' && doc && belongs(name, orgId, doc)) {
        map.set(event.documentId, doc);
        touched = true;
      } else touched = map.delete(event.documentId) || touched;
    }
    return touched;
  };
  const summarize = (userId: string, today: string): HomeSummary | null => {
    if (!ready) return null;
    if (kept?.version !== version || kept.userId !== userId || kept.today !== today) {
      const value = summarizeHome({ estimates: maps.estimates.values(), requests: newestFirst(maps.estimate_requests), comments: maps.comments.values(), userId, today });
      kept = { version, userId, today, value };
    }
    return kept.value;
  };
  const changed = () => {
    version++;
    for (const listener of listeners) listener();
    if (!wanted || scheduled) return;
    scheduled = true;
    idle(() => {
      scheduled = false;
      if (!closed && wanted) summarize(wanted.userId, wanted.today);
    });
  };

  const subscriptions: Subscription[] = SOURCES.map((name) =>
    db[name].eventBulks$.subscribe((bulk) => {
      if (bulk.isLocal) return;
      if (buffered) buffered.push([name, bulk as RxChangeEventBulk<unknown>]);
      else if (apply(name, bulk as RxChangeEventBulk<unknown>)) changed();
    }),
  );

  void Promise.all(SOURCES.map(async (name) => [name, await readStored(db, name, orgId)] as const)).then(
    (read) => {
      for (const [name, docs] of read) {
        const map = maps[name] as Map<string, unknown>;
        for (const doc of docs) if (belongs(name, orgId, doc)) map.set(doc.id, doc);
      }
      for (const [name, bulk] of buffered ?? []) apply(name, bulk);
      buffered = null;
      ready = true;
      changed();
    },
    (error: unknown) => onFailed(error),
  );

  return {
    version: () => version,
    isReady: () => ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    summary(userId, today) {
      wanted = { userId, today };
      return summarize(userId, today);
    },
    close() {
      closed = true;
      for (const subscription of subscriptions) subscription.unsubscribe();
      listeners.clear();
    },
  };
}

/** Requests newest first, as the inbox lists them (equal moments by id), so ties keep one order. */
function newestFirst(requests: Map<string, HomeRequest>): HomeRequest[] {
  return [...requests.values()].sort((a, b) => (a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? -1 : 1));
}

const mirrors = new WeakMap<AppDatabase, HomeMirror & { orgId: string }>();

/** One mirror per open database (and organization), opened by the first visit of the home page. */
export function homeMirrorOf(db: AppDatabase, orgId: string): HomeMirror {
  const existing = mirrors.get(db);
  if (existing?.orgId === orgId) return existing;
  existing?.close();
  // A failed first read (the database closing meanwhile) is tried again by the next visit.
  const mirror = Object.assign(
    openHomeMirror(db, orgId, (error) => {
      console.error('The home page could not read the device database', error);
      mirror.close();
      if (mirrors.get(db) === mirror) mirrors.delete(db);
    }),
    { orgId },
  );
  mirrors.set(db, mirror);
  db.onClose.push(async () => mirror.close());
  return mirror;
}
