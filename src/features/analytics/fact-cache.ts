// The analytics facts saved beside the device database (IndexedDB `{database}_analytics`, one
// record), with the checkpoint of each collection they reflect. Thrown away — and rebuilt from
// the documents — when its format or a collection's schema version changed, and after a week,
// in case RxDB has since purged deleted documents the checkpoints never saw.
import type { Checkpoint, IdbEnv } from './device-reader';
import type { Facts } from './facts';
import type { Source, SourceNames } from './engine';

export type CachedFacts = {
  savedAt: number;
  sources: SourceNames;
  checkpoints: Record<Source, Checkpoint | null>;
  facts: Facts;
};

/** Raise when Facts change shape. */
const CACHE_FORMAT = 1;
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

export async function loadCache(env: IdbEnv, name: string, sources: SourceNames, now: number): Promise<CachedFacts | null> {
  const db = await openCache(env, name);
  try {
    const value = await new Promise<unknown>((resolve, reject) => {
      const req = db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const cached = value as (CachedFacts & { format?: number }) | undefined;
    if (!cached || cached.format !== CACHE_FORMAT) return null;
    if (JSON.stringify(cached.sources) !== JSON.stringify(sources)) return null;
    if (!(now - cached.savedAt >= 0 && now - cached.savedAt < CACHE_MAX_AGE_MS)) return null;
    return cached;
  } finally {
    db.close();
  }
}

export async function saveCache(env: IdbEnv, name: string, value: CachedFacts): Promise<void> {
  const db = await openCache(env, name);
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put({ ...value, format: CACHE_FORMAT }, KEY);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}
