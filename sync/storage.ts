// Whether the browser may evict this device's data: persistence, usage and quota for the
// status (the monitoring page), and a request for persistent storage once the user saves work.
import { onFirstSave } from '../src/db/documents';
import type { Status } from './status';

type Update = Status['update'];

/** Reads the storage estimate now and asks for persistence at the first save; returns the stop. */
export function watchStorage(update: Update): () => void {
  const stop = onFirstSave(() => void askForPersistentStorage(update));
  void readStorageEstimate(update);
  return stop;
}

async function readStorageEstimate(update: Update) {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return;
  try {
    const [estimate, persisted] = await Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? Promise.resolve(null)]);
    update({ storage: { persisted, usage: estimate.usage ?? null, quota: estimate.quota ?? null } });
  } catch {
    // Some browsers refuse in private mode; the status then says "unknown".
  }
}

/** Asked when the user first saves work, so the browser does not evict unsynced changes. */
async function askForPersistentStorage(update: Update) {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  try {
    const persisted = await navigator.storage.persist();
    update((d) => ({ storage: { ...d.storage, persisted } }));
  } catch {
    // Unsupported: nothing to do; the monitoring page shows "not persistent".
  }
}
