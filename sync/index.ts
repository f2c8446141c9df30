// The sync engine, the only module the app imports from sync/: startSync after sign-in,
// stop() at sign-out. It composes the parts, each with one job:
// - the session (sync/session.ts): stopped or not, and the timers its parts set;
// - status (sync/status.ts): one observable, status$; the app maps it to its atoms
//   (src/app/sync-control.ts), so status travels one way;
// - pull triggers (sync/pull-triggers.ts): what makes a collection pull now;
// - pending changes (sync/pending-count.ts), counted by the leader, heard by every tab;
// - pushes (sync/push-batcher.ts): all collections' pushes share batches and one outbox;
// - the collections (sync/collections.ts): our conflict handler, writes, open issues;
// - leadership (sync/leadership.ts, sync/leader.ts): one tab per database replicates, one
//   term at a time, each under a newly claimed epoch;
// - a term (sync/term.ts): while this tab leads, one RxDB replication per collection with our
//   handlers, pulling sync_pull pages (sync/pull.ts) and pushing under the term's epoch;
// - live (sync/live.ts, live-rows.ts): a realtime notice's row is applied without a pull when safe;
// - storage (sync/storage.ts): persistence, usage and quota.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Observable } from 'rxjs';
import { REPLICATED_COLLECTIONS, type AppDatabase } from '../src/db/database';
import type { RetryOptions } from '../src/lib/retry';
import { watchCollections, watchIssues } from './collections';
import { leadTerms } from './leadership';
import { startLivePulls } from './live';
import { createPendingCount } from './pending-count';
import { createPullTriggers } from './pull-triggers';
import { createPushBatcher, type PushBatcherOptions } from './push-batcher';
import { createSession } from './session';
import { createStatus, type SyncDetail } from './status';
import { watchStorage } from './storage';
import { openTerm, type TermContext } from './term';

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
  const retry: RetryOptions = timing.retry ?? {};
  const session = createSession();
  const status = createStatus();
  const names = REPLICATED_COLLECTIONS.filter((name) => name in database.collections);
  const pulls = createPullTriggers(names);

  const pending = createPendingCount({
    databaseName: database.name,
    status,
    counters: () => leadership.running()?.counters ?? null,
    isLeader: () => leadership.isLeader(),
    // Settles once this tab replicates (after its replications have started).
    leadership: () => leadership.next().then((term) => term.started),
  });

  const batcher = createPushBatcher({
    db: database,
    supabase,
    windowMs: timing.pushWindowMs,
    retry,
    onSettled: options.onPushResult,
    // A replication that stopped (sign-out, or this tab no longer leads) does not record
    // what the server acknowledged: the answers stay for the next one.
    keepAnswers: () => session.stopped() || !leadership.running(),
    // Another tab claimed a newer epoch while this one still thought it led (it hung).
    onStale: (epoch) => leadership.resign(epoch),
  });

  const watching = [...watchCollections(database, names, batcher, pending.publish), ...watchIssues(database, status)];
  pending.publish();

  const term = termContext(options, { names, batcher, status, streams: pulls.streams, retry, later: session.later, onIdle: pending.publish });
  const leadership = leadTerms({
    database,
    status,
    claim: batcher.claim,
    stopped: session.stopped,
    onChange: pending.publish,
    open: (epoch) => openTerm(term, epoch),
  });

  const stopLive = startLivePulls({ supabase, names, status, pulls, later: session.later, debounceMs: timing.liveDebounceMs ?? 0 });
  const stopStorageWatch = watchStorage(status.update);

  return {
    status$: status.status$,
    async pendingCount() {
      const counts = await pending.count();
      return Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
    },
    resync: pulls.all,
    awaitInSync: leadership.inSync,
    async stop() {
      session.stop();
      const counted = pending.stop();
      stopStorageWatch();
      watching.forEach((s) => s.unsubscribe());
      await stopLive();
      await leadership.stop();
      await counted;
    },
  };
}

/** What each term of the session runs with; its checkpoints are named by server, user and collection. */
function termContext(options: StartSyncOptions, parts: Pick<TermContext, 'names' | 'batcher' | 'status' | 'streams' | 'retry' | 'later' | 'onIdle'>): TermContext {
  const { timing } = options;
  return {
    database: options.database,
    supabase: options.supabase,
    ...parts,
    identifier: (name) => `cep-sync-v1:${options.serverUrl ?? 'default'}:${options.userId}:${name}`,
    backgroundRetryMs: timing?.backgroundRetryMs,
    blockedRetryMs: timing?.blockedRetryMs,
    batchSize: options.batchSize,
  };
}
