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

/**
 * Sync in detail, for the monitoring page (sync/status.ts's SyncDetail has this shape); null
 * while no sync runs in this tab.
 */
export type SyncDetailView = {
  state: SyncState;
  online: boolean;
  live: boolean;
  leader: boolean;
  pending: Partial<Record<string, number>>;
  pendingTotal: number;
  lastPullAt: string | null;
  lastPushAt: string | null;
  collections: Partial<Record<string, { lastPullAt: string | null; lastPushAt: string | null; checkpoint: string | null; lastError: { at: string; message: string } | null }>>;
  errors: { at: string; direction: string; collection?: string; message: string }[];
  conflicts: number;
  failures: number;
};

export const syncDetailAtom = atom<SyncDetailView | null>(null);
