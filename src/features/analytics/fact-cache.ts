// The analytics facts saved beside the device database (IndexedDB `{database}_analytics`, one
// record), with the checkpoint of each collection they reflect. Thrown away — and rebuilt from
// the documents — when its format or a collection's schema version changed, and after a week,
// in case RxDB has since purged deleted documents the checkpoints never saw.
//
// The estimates' facts are stored as columns (typed arrays and string lists), not as 10,000
// objects: IndexedDB's structured clone reads an object graph field by field, and reading
// that graph was most of the worker's time to open (about ten times the columns' time).
import type { Checkpoint, IdbEnv } from './device-reader';
import type { EstimateFact, Facts } from './facts';
import type { Source, SourceNames } from './engine';
import { STATUS_ORDER } from './summarize';

export type CachedFacts = {
  savedAt: number;
  sources: SourceNames;
  checkpoints: Record<Source, Checkpoint | null>;
  facts: Facts;
};

/** Raise when Facts or the columns change shape. */
const CACHE_FORMAT = 2;
const CACHE_MAX_AGE_MS = 7 * 24 * 3_600_000;
const STORE = 'state';
const KEY = 'facts';

function openCache(env: IdbEnv, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = env.indexedDB.open(name, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The estimates' facts as columns; numbers that may be null are NaN then. */
type EstimateColumns = {
  ids: string[];
  owners: (string | null)[];
  accounts: (string | null)[];
  /** Index in STATUS_ORDER. */
  statuses: Uint8Array;
  /** NUMBERS.length per estimate, in that order. */
  numbers: Float64Array;
  /** Estimate i's product lines are lineKeys[lineStart[i]] … lineKeys[lineStart[i + 1] - 1]. */
  lineStart: Uint32Array;
  lineKeys: string[];
  /** Revenue, cost per line. */
  lineCents: Float64Array;
};

type Stored = Omit<CachedFacts, 'facts'> & { format: number; facts: Omit<Facts, 'estimates'> & { estimates: EstimateColumns } };

const NUMBERS = ['created', 'sent', 'viewed', 'accepted', 'subtotal', 'discount', 'tax', 'total', 'cost', 'marginCents', 'marginPercent', 'price'] as const;
const WIDTH = NUMBERS.length;

function numbersOf(f: EstimateFact): (number | null)[] {
  const g = f.figures;
  return [f.created, f.sent, f.viewed, f.accepted, g.subtotal, g.discount, g.tax, g.total, g.cost, g.marginCents, g.marginPercent, g.price];
}

export function toColumns(estimates: Map<string, EstimateFact>): EstimateColumns {
  const n = estimates.size;
  const columns: EstimateColumns = { ids: [], owners: [], accounts: [], statuses: new Uint8Array(n), numbers: new Float64Array(n * WIDTH), lineStart: new Uint32Array(n + 1), lineKeys: [], lineCents: new Float64Array(0) };
  const cents: number[] = [];
  let i = 0;
  for (const f of estimates.values()) {
    columns.ids.push(f.id);
    columns.owners.push(f.ownerId);
    columns.accounts.push(f.accountId);
    columns.statuses[i] = STATUS_ORDER.indexOf(f.status);
    numbersOf(f).forEach((v, k) => (columns.numbers[i * WIDTH + k] = v ?? NaN));
    for (const line of f.products) {
      columns.lineKeys.push(line.key);
      cents.push(line.revenue, line.cost);
    }
    columns.lineStart[++i] = columns.lineKeys.length;
  }
  columns.lineCents = Float64Array.from(cents);
  return columns;
}

export function fromColumns(c: EstimateColumns): Map<string, EstimateFact> {
  const estimates = new Map<string, EstimateFact>();
  const at = (i: number, k: number) => c.numbers[i * WIDTH + k]!;
  const orNull = (v: number) => (Number.isNaN(v) ? null : v);
  for (let i = 0; i < c.ids.length; i++) {
    const products = [];
    for (let l = c.lineStart[i]!; l < c.lineStart[i + 1]!; l++) products.push({ key: c.lineKeys[l]!, revenue: c.lineCents[2 * l]!, cost: c.lineCents[2 * l + 1]! });
    const id = c.ids[i]!;
    estimates.set(id, {
      id,
      status: STATUS_ORDER[c.statuses[i]!]!,
      ownerId: c.owners[i]!,
      accountId: c.accounts[i]!,
      created: at(i, 0),
      sent: orNull(at(i, 1)),
      viewed: orNull(at(i, 2)),
      accepted: orNull(at(i, 3)),
      figures: { subtotal: at(i, 4), discount: at(i, 5), tax: at(i, 6), total: at(i, 7), cost: at(i, 8), marginCents: orNull(at(i, 9)), marginPercent: orNull(at(i, 10)), price: at(i, 11) },
      products,
    });
  }
  return estimates;
}

export async function loadCache(env: IdbEnv, name: string, sources: SourceNames, now: number): Promise<CachedFacts | null> {
  const db = await openCache(env, name);
  try {
    const value = await new Promise<unknown>((resolve, reject) => {
      const req = db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const cached = value as Stored | undefined;
    if (!cached || cached.format !== CACHE_FORMAT) return null;
    if (JSON.stringify(cached.sources) !== JSON.stringify(sources)) return null;
    if (!(now - cached.savedAt >= 0 && now - cached.savedAt < CACHE_MAX_AGE_MS)) return null;
    return { savedAt: cached.savedAt, sources: cached.sources, checkpoints: cached.checkpoints, facts: { ...cached.facts, estimates: fromColumns(cached.facts.estimates) } };
  } finally {
    db.close();
  }
}

export async function saveCache(env: IdbEnv, name: string, value: CachedFacts): Promise<void> {
  const db = await openCache(env, name);
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const stored: Stored = { ...value, format: CACHE_FORMAT, facts: { ...value.facts, estimates: toColumns(value.facts.estimates) } };
      tx.objectStore(STORE).put(stored, KEY);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}
