// The worker's state: the facts of the organization's estimates, kept current from the device
// database and saved beside it (fact-cache.ts), so that opening analytics reads one saved
// record and the documents written since, not 60,000 documents. A catch-up reads what RxDB
// wrote after the last checkpoint of each collection and recomputes only the estimates it
// touches; a first open, a schema version change or a large batch of changes (a first sync)
// rebuilds everything from all documents: the same pure functions either way (facts.ts).
import { addLineNames, buildFacts, estimateFact, ownerName, requestFact, type AnalyticsDocs, type EstimateDoc, type Facts, type ItemDoc, type RequestDoc } from './facts';
import { loadCache, saveCache, type CachedFacts } from './fact-cache';
import { hasDocs, isDeleted, lastCheckpoint, openExisting, readAll, readByIds, readByIndexPrefix, readChangedSince, type Checkpoint, type IdbEnv, type RawDoc } from './device-reader';
import { summarize, type AnalyticsQuery, type AnalyticsResult } from './summarize';

export const SOURCES = ['estimates', 'estimate_items', 'estimate_requests', 'profiles', 'accounts', 'products', 'prospects'] as const;
export type Source = (typeof SOURCES)[number];
/** Source collection → the IndexedDB database RxDB keeps it in. */
export type SourceNames = Record<Source, string>;
type Checkpoints = Record<Source, Checkpoint | null>;

/** More estimates touched than this since the last checkpoint: read everything again. */
const REBUILD_ABOVE = 1500;
/** The index RxDB builds from the estimate_items schema's ['estimate_id', 'sort_order']. */
const ITEMS_BY_ESTIMATE = '[_deleted+estimate_id+sort_order+id]';

export type OpenOutcome = 'cache' | 'rebuilt' | 'empty';
/**
 * Saves of the facts wait for changes to pause this long, and at most SAVE_AFTER_MS after the
 * first unsaved change (a first sync writes for minutes): the end of a sync is saved moments
 * after it, so a page closed then does not leave the next open thousands of documents behind.
 */
const SAVE_AFTER_MS = 2000;
const SAVE_WHEN_QUIET_MS = 400;

/**
 * The estimates and items themselves (their analytics columns), kept after a full read, so a
 * catch-up recomputes a touched estimate without reading its items again. Facts loaded from
 * the saved record come without them; a catch-up then reads the touched estimates' items.
 */
type DocIndex = {
  estimates: Map<string, EstimateDoc>;
  items: Map<string, Map<string, ItemDoc>>;
  estimateOfItem: Map<string, string>;
};

const ESTIMATE_COLUMNS = ['id', 'status', 'owner_id', 'account_id', 'created_at', 'sent_at', 'viewed_at', 'accepted_at', 'discount_cents', 'tax_rate'] as const;
const ITEM_COLUMNS = ['id', 'estimate_id', 'product_id', 'name', 'quantity', 'unit_price_cents', 'unit_cost_cents', 'discount_percent'] as const;

function pick<K extends string>(doc: Record<string, unknown>, keys: readonly K[]): Record<K, unknown> {
  const out = {} as Record<K, unknown>;
  for (const key of keys) out[key] = doc[key];
  return out;
}

const bool = (value: unknown) => value === true || value === '1';
const live = (docs: readonly RawDoc[]) => docs.filter((d) => !isDeleted(d));
const asEstimate = (d: RawDoc) => pick(d, ESTIMATE_COLUMNS) as EstimateDoc;
const asItem = (d: RawDoc): ItemDoc => ({ ...(pick(d, ITEM_COLUMNS) as Omit<ItemDoc, 'taxable' | 'optional' | 'selected'>), taxable: bool(d.taxable), optional: bool(d.optional), selected: bool(d.selected) });

function indexDocs(docs: Pick<AnalyticsDocs, 'estimates' | 'items'>): DocIndex {
  const index: DocIndex = { estimates: new Map(docs.estimates.map((e) => [e.id, e])), items: new Map(), estimateOfItem: new Map() };
  for (const item of docs.items) putItem(index, item);
  return index;
}

function putItem(index: DocIndex, item: ItemDoc) {
  let items = index.items.get(item.estimate_id);
  if (!items) index.items.set(item.estimate_id, (items = new Map()));
  items.set(item.id, item);
  index.estimateOfItem.set(item.id, item.estimate_id);
}

/** Applies changed item documents; returns the estimates whose items changed. */
function applyItems(index: DocIndex, changed: readonly RawDoc[]): string[] {
  const touched: string[] = [];
  for (const doc of changed) {
    const before = index.estimateOfItem.get(doc.id);
    if (before !== undefined) {
      index.items.get(before)?.delete(doc.id);
      index.estimateOfItem.delete(doc.id);
      touched.push(before);
    }
    if (!isDeleted(doc)) {
      const item = asItem(doc);
      putItem(index, item);
      touched.push(item.estimate_id);
    }
  }
  return touched;
}

export type Engine = {
  /** Loads the saved facts (or rebuilds them) and catches up with the device database. */
  open(sources: SourceNames, databaseName: string): Promise<OpenOutcome>;
  /**
   * The same open from saved facts only, for a warm-up while the app is idle: when there are
   * none, or the documents written since are too many to catch up one by one, it reads nothing
   * more, leaves the engine unopened and returns null (open() then does the whole work).
   */
  warm(sources: SourceNames, databaseName: string): Promise<OpenOutcome | null>;
  /** Catches up with documents written since; true when any fact changed. */
  refresh(): Promise<boolean>;
  summarize(query: AnalyticsQuery): AnalyticsResult;
  /** How many estimates the facts hold (for the page's note and the bench). */
  size(): number;
  /** Documents the last catch-up read (estimates, for a rebuild). */
  lastRead(): number;
  close(): void;
};

// The worker's one state holder: a closure over the facts, checkpoints and save timer, whose
// steps are named inner functions; splitting it would pass that state around instead.
// eslint-disable-next-line max-lines-per-function -- reason above
export function createEngine(env: IdbEnv, options: { now?: () => number; saveAfterMs?: number } = {}): Engine {
  const now = options.now ?? Date.now;
  let facts: Facts = noFacts();
  let checkpoints = emptyCheckpoints();
  let sources: SourceNames | null = null;
  let index: DocIndex | null = null;
  let cacheName = '';
  /** Documents the last catch-up read (the bench reports the open's). */
  let read = 0;
  const dbs = new Map<Source, Promise<IDBDatabase | null>>();

  /** The collection's database, opened once (concurrent callers share the opening). */
  function connect(source: Source): Promise<IDBDatabase | null> {
    let db = dbs.get(source);
    if (!db) {
      db = openExisting(env, sources![source]).then((opened) => {
        if (!opened || !hasDocs(opened)) {
          opened?.close();
          dbs.delete(source);
          return null;
        }
        opened.addEventListener('close', () => dbs.delete(source));
        return opened;
      });
      db.catch(() => dbs.delete(source));
      dbs.set(source, db);
    }
    return db;
  }

  async function rebuild(): Promise<boolean> {
    const all = {} as Record<Source, RawDoc[]>;
    for (const source of SOURCES) {
      const db = await connect(source);
      all[source] = db ? await readAll(db) : [];
      checkpoints[source] = lastCheckpoint(all[source]);
    }
    const docs = docsOf(all);
    index = indexDocs(docs);
    facts = buildFacts(docs);
    return all.estimates.length > 0;
  }

  /** Every collection's documents written since its checkpoint, read side by side. */
  async function readChanged(): Promise<Record<Source, RawDoc[]>> {
    const lists = await Promise.all(
      SOURCES.map(async (source) => {
        const db = await connect(source);
        return db ? readChangedSince(env, db, checkpoints[source]) : [];
      }),
    );
    return Object.fromEntries(SOURCES.map((source, i) => [source, lists[i]!])) as Record<Source, RawDoc[]>;
  }

  /** Whether any fact changed; null when it would have to rebuild and `mayRebuild` is false (nothing changed then). */
  async function catchUp(mayRebuild = true): Promise<boolean | null> {
    const changed = await readChanged();
    read = Object.values(changed).reduce((sum, docs) => sum + docs.length, 0);
    const touched = new Set<string>([...changed.estimates.map((d) => d.id), ...changed.estimate_items.map((d) => String(d.estimate_id))]);
    if (!index && touched.size > REBUILD_ABOVE) {
      if (!mayRebuild) return null;
      await rebuild();
      return true;
    }
    let any = false;
    for (const doc of changed.profiles) any = setOrDelete(facts.owners, String(doc.user_id), doc, () => ownerName(doc as unknown as AnalyticsDocs['profiles'][number])) || any;
    for (const doc of changed.accounts) any = setOrDelete(facts.accounts, doc.id, doc, () => String(doc.name)) || any;
    for (const doc of changed.prospects) any = setOrDelete(facts.prospectAccounts, doc.id, doc, () => (doc.account_id as string | null) ?? null) || any;
    for (const doc of changed.estimate_requests) any = setOrDelete(facts.requests, doc.id, doc, () => requestFact(doc as unknown as RequestDoc)) || any;
    // Deleted products keep their name: accepted lines still refer to them.
    for (const doc of live(changed.products)) {
      facts.products.set(doc.id, String(doc.name));
      any = true;
    }
    if (index) {
      for (const id of applyItems(index, changed.estimate_items)) touched.add(id);
      for (const doc of changed.estimates) {
        if (isDeleted(doc)) index.estimates.delete(doc.id);
        else index.estimates.set(doc.id, asEstimate(doc));
      }
      for (const id of touched) {
        const estimate = index.estimates.get(id);
        if (estimate) facts.estimates.set(id, estimateFact(estimate, [...(index.items.get(id)?.values() ?? [])]));
        else facts.estimates.delete(id);
      }
    } else if (touched.size > 0) {
      await recompute([...touched], changed.estimates);
    }
    if (touched.size > 0) {
      addLineNames(facts.products, live(changed.estimate_items).map(asItem));
      any = true;
    }
    for (const source of SOURCES) checkpoints[source] = lastCheckpoint(changed[source], checkpoints[source]);
    return any;
  }

  /**
   * The facts of these estimates again, from their document and all their items, read by
   * estimate. (An item's estimate never changes — the database refuses it — so the estimate an
   * item left needs no recomputing; the in-memory index handles it anyway.)
   */
  async function recompute(ids: string[], changedEstimates: readonly RawDoc[]) {
    const known = new Map(changedEstimates.map((d) => [d.id, d]));
    const estimatesDb = await connect('estimates');
    const itemsDb = await connect('estimate_items');
    const missing = ids.filter((id) => !known.has(id));
    if (estimatesDb && missing.length) (await readByIds(estimatesDb, missing)).forEach((d) => d && known.set(d.id, d));
    const items = itemsDb ? await readByIndexPrefix(env, itemsDb, ITEMS_BY_ESTIMATE, ids) : ids.map(() => []);
    ids.forEach((id, i) => {
      const doc = known.get(id);
      if (!doc || isDeleted(doc)) facts.estimates.delete(id);
      else facts.estimates.set(id, estimateFact(asEstimate(doc), items[i]!.map(asItem)));
    });
  }

  function setOrDelete<V>(map: Map<string, V>, key: string, doc: RawDoc, value: () => V): boolean {
    if (isDeleted(doc)) return map.delete(key);
    map.set(key, value());
    return true;
  }

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the oldest unsaved change was seen (Date.now()). */
  let unsavedSince = 0;
  /** `soon`: the open caught up (save at once: the page may close any moment). */
  function save(soon = false) {
    clearTimeout(saveTimer);
    if (saveTimer === undefined) unsavedSince = Date.now();
    const latest = options.saveAfterMs ?? SAVE_AFTER_MS;
    const wait = soon ? 0 : Math.min(SAVE_WHEN_QUIET_MS, latest, Math.max(0, unsavedSince + latest - Date.now()));
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      const snapshot: CachedFacts = { savedAt: now(), sources: sources!, checkpoints: { ...checkpoints }, facts };
      void saveCache(env, cacheName, snapshot).catch(() => undefined);
    }, wait);
  }

  /** The saved facts, caught up; false (and nothing loaded) when there are none or catching up needs a rebuild it may not do. */
  async function openSaved(names: SourceNames, databaseName: string, mayRebuild: boolean): Promise<boolean> {
    cacheName = `${databaseName}_analytics`;
    sources = names;
    // The collections' databases open while the saved facts are read.
    const [cached] = await Promise.all([loadCache(env, cacheName, names, now()).catch(() => null), ...SOURCES.map(connect)]);
    if (cached) {
      facts = cached.facts;
      checkpoints = cached.checkpoints;
      const changed = await catchUp(mayRebuild);
      if (changed) save(true);
      if (changed !== null) return true;
    }
    sources = null;
    facts = noFacts();
    checkpoints = emptyCheckpoints();
    return false;
  }

  return {
    async open(names, databaseName) {
      if (await openSaved(names, databaseName, true)) return 'cache';
      sources = names;
      const found = await rebuild();
      read = facts.estimates.size;
      save(true);
      return found ? 'rebuilt' : 'empty';
    },
    async warm(names, databaseName) {
      return (await openSaved(names, databaseName, false)) ? 'cache' : null;
    },
    async refresh() {
      if (!sources) return false;
      // Once open, a catch-up may always rebuild: it never answers null.
      const changed = (await catchUp()) === true;
      if (changed) save();
      return changed;
    },
    summarize: (query) => summarize(facts, query),
    size: () => facts.estimates.size,
    lastRead: () => read,
    close() {
      clearTimeout(saveTimer);
      for (const db of dbs.values()) void db.then((opened) => opened?.close(), () => undefined);
      dbs.clear();
    },
  };
}

/** The live documents of a full read, as the pure aggregation takes them. */
export function docsOf(all: Record<Source, RawDoc[]>): AnalyticsDocs {
  return {
    estimates: live(all.estimates).map(asEstimate),
    items: live(all.estimate_items).map(asItem),
    requests: live(all.estimate_requests) as unknown as RequestDoc[],
    profiles: live(all.profiles) as unknown as AnalyticsDocs['profiles'],
    accounts: live(all.accounts) as unknown as AnalyticsDocs['accounts'],
    products: live(all.products) as unknown as AnalyticsDocs['products'],
    prospects: live(all.prospects) as unknown as AnalyticsDocs['prospects'],
  };
}

function noFacts(): Facts {
  return buildFacts({ estimates: [], items: [], requests: [], profiles: [], accounts: [], products: [], prospects: [] });
}

function emptyCheckpoints(): Checkpoints {
  return Object.fromEntries(SOURCES.map((s) => [s, null])) as Checkpoints;
}
