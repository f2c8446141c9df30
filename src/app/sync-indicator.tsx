import { useAtomValue } from 'jotai';
import { CloudAlert, CloudCheck, CloudOff, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cx } from '../components/ui/cx';
import { Tooltip } from '../components/ui/tooltip';
import { displayedSyncState, syncStatusAtom, type SyncState } from '../lib/sync-status';
import { useOnline } from '../lib/use-online';
import { syncAnnouncement, type SyncSnapshot } from './sync-announcement';

const LOOKS: Record<SyncState, { label: string; className: string; icon: typeof CloudCheck }> = {
  idle: { label: 'Online', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200', icon: CloudCheck },
  syncing: { label: 'Syncing', className: 'bg-brand-50 text-brand-800 ring-brand-200', icon: RefreshCw },
  offline: { label: 'Offline', className: 'bg-amber-50 text-amber-900 ring-amber-300', icon: CloudOff },
  error: { label: 'Sync error', className: 'bg-red-50 text-red-800 ring-red-200', icon: CloudAlert },
};

function syncLabel(state: SyncState, pending: number): string {
  const base = LOOKS[state].label;
  return pending > 0 ? `${base} · ${pending} waiting` : base;
}

/** The last thing worth saying about sync, for a polite live region that is always there. */
function useSyncAnnouncement(state: SyncState, pending: number): string {
  const previous = useRef<SyncSnapshot | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const message = syncAnnouncement(previous.current, { state, pending });
    previous.current = { state, pending };
    if (message) setSaid(message);
  }, [state, pending]);
  return said;
}

export function SyncIndicator() {
  const online = useOnline();
  const status = useAtomValue(syncStatusAtom);
  const state = displayedSyncState(online, status);
  const { className, icon: Icon } = LOOKS[state];
  const label = syncLabel(state, status.pending);
  const announcement = useSyncAnnouncement(state, status.pending);
  const detail =
    state === 'offline'
      ? 'You are offline. Your work is saved on this device and syncs when you are back online.'
      : status.lastSyncedAt
        ? `Last synced ${new Date(status.lastSyncedAt).toLocaleString('en-US')}`
        : 'Connected to the server.';
  return (
    <>
      <Tooltip content={detail}>
        <button
          type="button"
          data-testid="sync-indicator"
          data-state={state}
          className={cx('inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-medium ring-1 ring-inset', className)}
        >
          <Icon aria-hidden="true" className={cx('size-4', state === 'syncing' && 'animate-spin')} />
          <span>{label}</span>
        </button>
      </Tooltip>
      <span role="status" data-testid="sync-announcement" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
