// The running sync engine of this page, for the parts of the shell outside the workspace
// (the user menu asks it what is unsynced before signing out). The workspace gate starts and
// stops sync; it registers the handle here while it runs. Sync's status travels one way, from
// the engine's status$ to the app's atoms (the header, home, settings, monitoring), here only.
import { useSyncExternalStore } from 'react';
import type { Subscription } from 'rxjs';
import type { SyncDetail, SyncHandle } from '../../sync/index';
import { appStore } from '../lib/app-store';
import { onSyncRequest } from '../lib/sync-request';
import { syncDetailAtom, syncStatusAtom } from '../lib/sync-status';

let active: SyncHandle | null = null;
let published: Subscription | null = null;
const listeners = new Set<() => void>();

// A screen asked for a sync now: the running engine pulls every collection.
onSyncRequest(() => active?.resync());

function publish(detail: SyncDetail): void {
  const lastSyncedAt = [detail.lastPullAt, detail.lastPushAt].filter((x): x is string => !!x).sort().pop();
  appStore.set(syncStatusAtom, { state: detail.state, pending: detail.pendingTotal, lastSyncedAt });
  appStore.set(syncDetailAtom, detail);
}

export function setActiveSync(handle: SyncHandle | null): void {
  if (active === handle) return;
  published?.unsubscribe();
  published = null;
  appStore.set(syncDetailAtom, null);
  active = handle;
  if (handle) published = handle.status$.subscribe(publish);
  for (const listener of [...listeners]) listener();
}

/** Clears the registration only if it is still this handle (a newer one may have replaced it). */
export function clearActiveSync(handle: SyncHandle): void {
  if (active === handle) setActiveSync(null);
}

export function getActiveSync(): SyncHandle | null {
  return active;
}

export function useActiveSync(): SyncHandle | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => active,
  );
}
