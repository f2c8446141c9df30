// The sync engine, the only module the app imports from sync/: startSync after sign-in,
// stop() at sign-out. It composes the parts, each with one job:
// - leadership (sync/leader.ts): one tab per database replicates;
// - a term (sync/term.ts): while this tab leads, one RxDB replication per collection with our
//   handlers, pulling sync_pull pages (sync/pull.ts) and pushing under the term's epoch;
// - pushes (sync/push-batcher.ts): all collections' pushes share batches and one outbox;
// - live (sync/live.ts): realtime notices trigger pulls;
// - pending changes (sync/pending-count.ts), counted by the leader, heard by every tab;
// - status (sync/status.ts): one observable, status$; the app maps it to its atoms.
import type { SupabaseClient } from '@supabase/supabase-js';
import { addRxPlugin, type RxChangeEventBulk, type RxCollection } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { Subject, firstValueFrom, type Observable, type Subscription } from 'rxjs';
import { onFirstSave } from '../src/db/documents';
import { REPLICATED_COLLECTIONS, type AppDatabase, type ReplicatedName } from '../src/db/database';
import type { RetryOptions } from '../src/lib/retry';
import { createConflictHandler } from './conflict-handler';
import { startLive } from './live';
import type { Doc } from './merge';
import { electLeader } from './leader';
import { createPendingCount } from './pending-count';
import { createPushBatcher, type PushBatcher, type PushBatcherOptions } from './push-batcher';
import { createStatus, logSync, type SyncDetail } from './status';
import { openTerm, type Term, type TermContext } from './term';

export type { SyncDetail } from './status';


export type StartSyncOptions = {
  database: AppDatabase;
  supabase: SupabaseClient;
  userId: string;
  orgId: string;
  /** Names the server in the replication's identity, so another backend starts from scratch. */
  serverUrl?: string;
  /** Timings; the defaults are SPEC.md §9's (3 attempts, 1 s doubling to 10 s, then every 10 s). */
  timing?: { retry?: RetryOptions; backgroundRetryMs?: number; pushWindowMs?: number; blockedRetryMs?: number; liveDebounceMs?: number };
  batchSize?: { pull?: number; push?: number };
  /** Each answer of the server to a pushed document (tests record acknowledged edits). */
  onPushResult?: PushBatcherOptions['onSettled'];
};

export type SyncHandle = {
  status$: Observable<SyncDetail>;
  /** Local changes not yet accepted by the server. */
  pendingCount(): Promise<number>;
  /** Pull every table now (e.g. a "sync now" button). */
  resync(): void;
  /** Resolves when everything local is pushed and everything remote pulled. */
  awaitInSync(): Promise<void>;
  stop(): Promise<void>;
};

export function startSync(options: StartSyncOptions): SyncHandle {
  const { database, supabase } = options;
  const timing = options.timing ?? {};
  const retryOptions: RetryOptions = timing.retry ?? {};
  const status = createStatus();
  const subscriptions: Subscription[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const names = REPLICATED_COLLECTIONS.filter((name) => name in database.collections);
  const streams = new Map<ReplicatedName, Subject<'RESYNC'>>(names.map((name) => [name, new Subject<'RESYNC'>()]));
  let stopped = false;

  let term: Term | null = null;
  const terms = new Subject<Term>();
  /** The running term, or the next one this tab wins. */
  const nextTerm = (): Promise<Term> => (term && !term.over ? Promise.resolve(term) : firstValueFrom(terms));
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms);
    timers.add(timer);
  };

  // Settles once this tab replicates (after its replications have started).
  const leadership = () => nextTerm().then((t) => t.started);
  const pending = createPendingCount({
    databaseName: database.name,
    status,
    counters: () => (term && !term.over ? term.counters : null),
    isLeader: () => election.isLeader(),
    leadership,
  });
  const publishPending = pending.publish;

  const batcher = createPushBatcher({
    db: database,
    supabase,
    windowMs: timing.pushWindowMs,
    retry: retryOptions,
    onSettled: options.onPushResult,
    // A replication that stopped (sign-out, or this tab no longer leads) does not record
    // what the server acknowledged: the answers stay for the next one.
    keepAnswers: () => stopped || !term || term.over,
    // Another tab claimed a newer epoch while this one still thought it led (it hung).
    onStale: (epoch) => {
      if (term?.epoch === epoch) election.resign();
    },
  });

  const resyncOne = (name: ReplicatedName) => streams.get(name)?.next('RESYNC');
  const resync = () => names.forEach(resyncOne);

  const termContext: TermContext = {
    database,
    supabase,
    names,
    batcher,
    status,
    streams,
    identifier: (name) => `cep-sync-v1:${options.serverUrl ?? 'default'}:${options.userId}:${name}`,
    retry: retryOptions,
    backgroundRetryMs: timing.backgroundRetryMs,
    blockedRetryMs: timing.blockedRetryMs,
    batchSize: options.batchSize,
    later,
    onIdle: () => publishPending(),
  };

  const startTerm = (epoch: number) => {
    const running = openTerm(termContext, epoch);
    term = running;
    status.update({ leader: true });
    terms.next(running);
    void running.started.then(() => {
      if (!running.over) publishPending();
    });
  };

  const endTerm = async () => {
    const ending = term;
    if (!ending) return;
    term = null;
    const closing = ending.close();
    status.update({ leader: false, active: false });
    await closing;
    // Counts come from the tab that leads now.
    publishPending();
  };

  subscriptions.push(...watchCollections(database, names, batcher, status, publishPending));

  publishPending();
  const election = electLeader({
    name: database.name,
    fallback: () => {
      // As replicateRxCollection does: a database opened without the plugin still elects.
      addRxPlugin(RxDBLeaderElectionPlugin);
      return database.waitForLeadership();
    },
    onLead: async () => {
      // The epoch first: from here on the previous leader's batcher can write nothing.
      const epoch = await batcher.claim();
      if (!stopped) startTerm(epoch);
      return epoch;
    },
    onResign: endTerm,
  });

  const stopLive = startLivePulls({ supabase, names, status, resyncOne, resync, later, debounceMs: timing.liveDebounceMs ?? 20 });

  const stopPersistWatch = onFirstSave(() => void askForPersistentStorage(status.update));
  void readStorageEstimate(status.update);

  return {
    status$: status.status$,
    async pendingCount() {
      const counts = await pending.count();
      return Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
    },
    resync,
    async awaitInSync() {
      // In a tab that does not lead this waits until it does, as RxDB's own did.
      while (!stopped) {
        const running = await nextTerm();
        await Promise.race([Promise.all(running.replications.map((r) => r.awaitInSync())), running.ended]);
        if (!running.over) return;
      }
    },
    async stop() {
      stopped = true;
      const counted = pending.stop();
      for (const timer of timers) clearTimeout(timer);
      stopPersistWatch();
      subscriptions.forEach((s) => s.unsubscribe());
      await stopLive();
      await election.stop();
      await endTerm();
      await counted;
    },
  };
}

type Status = ReturnType<typeof createStatus>;

/**
 * Each collection resolves conflicts with our merge (RxDB reads the handler when a replication
 * starts); any write (this tab's, another tab's, a pull's) may change what is pending; open
 * conflicts and failures are counted for the status.
 */
function watchCollections(database: AppDatabase, names: readonly ReplicatedName[], batcher: PushBatcher, status: Status, onWrite: () => void): Subscription[] {
  const subscriptions = names.map((name) => {
    const collection = database.collections[name] as unknown as RxCollection<Doc>;
    collection.conflictHandler = createConflictHandler(database, name, { baseOf: (id, local) => batcher.knownBase(name, id, local) });
    return collection.eventBulks$.subscribe((bulk: RxChangeEventBulk<Doc>) => !bulk.isLocal && onWrite());
  });
  return [
    ...subscriptions,
    database.sync_issues.count({ selector: { kind: 'conflict', status: 'open' } }).$.subscribe((conflicts) => status.update({ conflicts })),
    database.sync_issues.count({ selector: { kind: 'failure', status: 'open' } }).$.subscribe((failures) => status.update({ failures })),
  ];
}

/** Realtime notices pull the changed collection (a burst of notices pulls once); a reconnect pulls all. */
function startLivePulls(o: {
  supabase: SupabaseClient;
  names: readonly ReplicatedName[];
  status: Status;
  resyncOne: (name: ReplicatedName) => void;
  resync: () => void;
  later: (ms: number, fn: () => void) => void;
  debounceMs: number;
}): () => Promise<void> {
  const debounced = new Set<ReplicatedName>();
  return startLive({
    supabase: o.supabase,
    tables: o.names,
    onChange: (name) => {
      if (debounced.has(name)) return;
      debounced.add(name);
      o.later(o.debounceMs, () => {
        debounced.delete(name);
        o.resyncOne(name);
      });
    },
    onResync: () => o.resync(),
    onConnection: (live) => {
      if (live !== o.status.current().live) logSync({ level: live ? 'info' : 'warn', message: live ? 'Realtime connected' : 'Realtime disconnected' });
      o.status.update({ live });
    },
  });
}

type Update = Status['update'];

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
