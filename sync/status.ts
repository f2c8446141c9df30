// Sync status as one observable: connection, pending changes per collection, last pull and
// push, recent errors, open conflicts and failures, and whether storage is persistent.
import { BehaviorSubject } from 'rxjs';
import type { ReplicatedName } from '../src/db/database';
import { appendLog, type LogEntry } from '../src/lib/local-log';

export type SyncState = 'idle' | 'syncing' | 'offline' | 'error';

export type SyncError = { at: string; direction: 'pull' | 'push' | 'live'; collection?: string; message: string };

/** One collection's replication, for the monitoring page. */
export type CollectionDetail = { lastPullAt: string | null; lastPushAt: string | null; checkpoint: string | null; lastError: SyncError | null };

export type SyncDetail = {
  state: SyncState;
  /** The browser says it is online and the last request reached the server. */
  online: boolean;
  /** The realtime subscription is up (changes arrive without asking). */
  live: boolean;
  /** This tab replicates (one tab per database does). */
  leader: boolean;
  active: boolean;
  pending: Partial<Record<ReplicatedName, number>>;
  pendingTotal: number;
  collections: Partial<Record<ReplicatedName, CollectionDetail>>;
  lastPullAt: string | null;
  lastPushAt: string | null;
  errors: SyncError[];
  conflicts: number;
  failures: number;
  storage: { persisted: boolean | null; usage: number | null; quota: number | null };
};

const MAX_ERRORS = 20;

/** Notes sync's events in the device's log buffer (monitoring page); not where there is no IndexedDB (tests in Node). */
export function logSync(entry: Pick<LogEntry, 'level' | 'message' | 'data'>): void {
  if (typeof indexedDB !== 'undefined') void appendLog(entry);
}

function initialDetail(): SyncDetail {
  return {
    state: 'idle',
    online: typeof navigator === 'undefined' || navigator.onLine !== false,
    live: false,
    leader: false,
    active: false,
    pending: {},
    pendingTotal: 0,
    collections: {},
    lastPullAt: null,
    lastPushAt: null,
    errors: [],
    conflicts: 0,
    failures: 0,
    storage: { persisted: null, usage: null, quota: null },
  };
}

function deriveState(d: SyncDetail): SyncState {
  if (!d.online) return 'offline';
  const lastOk = [d.lastPullAt, d.lastPushAt].filter((x): x is string => !!x).sort().pop() ?? '';
  const lastError = d.errors[0]?.at ?? '';
  if (lastError > lastOk) return 'error';
  return d.active ? 'syncing' : 'idle';
}

export function createStatus() {
  const subject = new BehaviorSubject<SyncDetail>(initialDetail());
  function update(patch: Partial<SyncDetail> | ((d: SyncDetail) => Partial<SyncDetail>)) {
    const current = subject.getValue();
    const next = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) };
    next.pendingTotal = Object.values(next.pending).reduce((a, b) => a + (b ?? 0), 0);
    next.state = deriveState(next);
    subject.next(next);
  }
  function collection(name: ReplicatedName, patch: Partial<CollectionDetail>) {
    update((d) => {
      const previous = d.collections[name] ?? { lastPullAt: null, lastPushAt: null, checkpoint: null, lastError: null };
      return { collections: { ...d.collections, [name]: { ...previous, ...patch } } };
    });
  }
  function error(entry: Omit<SyncError, 'at'>) {
    const recorded = { ...entry, at: new Date().toISOString() };
    update((d) => ({ errors: [recorded, ...d.errors].slice(0, MAX_ERRORS) }));
    if (entry.collection) collection(entry.collection as ReplicatedName, { lastError: recorded });
    logSync({ level: 'error', message: `Sync ${entry.direction} failed${entry.collection ? ` (${entry.collection})` : ''}: ${entry.message}`, data: { ...entry } });
  }
  return { status$: subject.asObservable(), current: () => subject.getValue(), update, error, collection };
}

export type Status = ReturnType<typeof createStatus>;

/** Online and reachable errors: a failed fetch means the network, not the server. */
export function isNetworkError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /fetch failed|failed to fetch|network|ECONNREFUSED|ECONNRESET|socket hang up|Load failed/i.test(text);
}
