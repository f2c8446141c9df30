// The running sync engine of this page, for the parts of the shell outside the workspace
// (the user menu asks it what is unsynced before signing out). The workspace gate starts and
// stops sync; it registers the handle here while it runs.
import { useSyncExternalStore } from 'react';
import type { SyncHandle } from '../../sync/index';

let active: SyncHandle | null = null;
const listeners = new Set<() => void>();

export function setActiveSync(handle: SyncHandle | null): void {
  if (active === handle) return;
  active = handle;
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
