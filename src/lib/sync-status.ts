// The sync engine reports here (appStore.set(syncStatusAtom, …)); the header shows it.
import { atom } from 'jotai';

export type SyncState = 'idle' | 'syncing' | 'offline' | 'error';

export type SyncStatus = {
  state: SyncState;
  pending: number;
  lastSyncedAt?: string;
};

export const syncStatusAtom = atom<SyncStatus>({ state: 'idle', pending: 0 });

/** What the header shows: the browser's own offline state wins over whatever sync last said. */
export function displayedSyncState(online: boolean, status: SyncStatus): SyncState {
  return online ? (status.state === 'offline' ? 'idle' : status.state) : 'offline';
}
