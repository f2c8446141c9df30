// What the sync indicator says out loud (a polite live region) when sync changes state. Only
// the changes a person working on the device needs to hear: going offline, coming back, an
// error and its end, and everything waiting having reached the server; the brief "syncing"
// flickers of every pull stay silent.
import type { SyncState } from '../lib/sync-status';

export type SyncSnapshot = { state: SyncState; pending: number };

function changes(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}

export function syncAnnouncement(previous: SyncSnapshot | null, next: SyncSnapshot): string | null {
  if (!previous) return null;
  const online = (s: SyncState) => s !== 'offline';
  if (next.state === 'offline') {
    return previous.state === 'offline' ? null : 'You are offline. Your work is saved on this device and syncs when you are back online.';
  }
  if (next.state === 'error') {
    return previous.state === 'error' ? null : 'Sync error. Your changes are kept on this device and will be sent again.';
  }
  if (!online(previous.state)) return next.pending > 0 ? `Back online. Syncing ${changes(next.pending)}.` : 'Back online.';
  if (previous.state === 'error') return next.pending > 0 ? `Sync works again. Syncing ${changes(next.pending)}.` : 'Sync works again.';
  if (previous.pending > 0 && next.pending === 0) return 'All changes are synced.';
  return null;
}
