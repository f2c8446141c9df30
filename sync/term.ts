// One leadership term: what this tab runs while it leads, one set per election it wins. Each
// replicated collection gets an RxDB replication with our handlers (sync_pull pages, pushes
// shared through the batcher under the term's epoch); the term counts what each has not
// pushed, reports to the status, and ends by cancelling them all.
import type { SupabaseClient } from '@supabase/supabase-js';
import { getCheckpointKey, type RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { filter, map, type Subject, type Subscription } from 'rxjs';
import type { AppDatabase, ReplicatedName } from '../src/db/database';
import { linkPulledMeta } from '../src/db/pulled-meta';
import type { RetryOptions } from '../src/lib/retry';
import { afterFirstPull, firstPullEnded } from './after-first-pull';
import { createLiveRows, type PullStreamItem } from './live-rows';
import type { Doc } from './merge';
import { unpushedIds } from './pending';
import type { Counters } from './pending-count';
import type { Checkpoint } from './protocol';
import { createPullHandler } from './pull';
import { pushesSettled } from './pushes-settled';
import type { PushBatcher, PushRow } from './push-batcher';
import { isNetworkError, type Status } from './status';

export type Term = {
  epoch: number;
  replications: RxReplicationState<Doc, Checkpoint>[];
  counters: Counters;
  /** Settles once the replications have started. */
  started: Promise<unknown>;
  over: boolean;
  /** Resolves when the term has ended. */
  ended: Promise<void>;
  close(): Promise<void>;
};

export type TermContext = {
  database: AppDatabase;
  supabase: SupabaseClient;
  names: readonly ReplicatedName[];
  batcher: PushBatcher;
  status: Status;
  /** Each collection's pull trigger (realtime notices, "sync now", a blocked pull's retry). */
  streams: ReadonlyMap<ReplicatedName, Subject<PullStreamItem>>;
  /** Names the replication's checkpoint: server, user and collection. */
  identifier: (name: ReplicatedName) => string;
  retry: RetryOptions;
  backgroundRetryMs?: number;
  blockedRetryMs?: number;
  batchSize?: { pull?: number; push?: number };
  later: (ms: number, fn: () => void) => void;
  /** A replication went idle: what is pending may have changed. */
  onIdle: () => void;
};

export function openTerm(ctx: TermContext, epoch: number): Term {
  const { status } = ctx;
  let end = () => undefined as void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const counters = new Map<ReplicatedName, () => Promise<string[] | null>>();
  const subscriptions: Subscription[] = [];
  const term: Term = {
    epoch,
    replications: [],
    counters,
    started: Promise.resolve(),
    over: false,
    ended,
    async close() {
      term.over = true;
      subscriptions.forEach((s) => s.unsubscribe());
      await Promise.all(term.replications.map((r) => r.cancel()));
      end();
    },
  };
  term.replications = ctx.names.map((name) => {
    const replication = replicate(ctx, name);
    counters.set(name, () => unpushedIds(ctx.database.collections[name] as unknown as RxCollection<Doc>, replication));
    subscriptions.push(
      // RxDB records what the server acknowledged after the push handler returns. A first
      // pull changes nothing pending (sync/collections.ts), so its idle moments count once, at its end.
      replication.active$.pipe(filter((active) => !active), afterFirstPull(() => firstPullEnded(replication))).subscribe(() => ctx.onIdle()),
      replication.error$.subscribe((error) => {
        const parameters = (error as { parameters?: { direction?: string } }).parameters;
        const detail = JSON.stringify(parameters ?? '');
        // A term that ended, or a push refused because another tab leads now, is no error to show.
        if (term.over || /StaleLeaderError/.test(detail)) return;
        const direction = String(parameters?.direction ?? 'push') === 'pull' ? 'pull' : 'push';
        status.error({ direction, collection: name, message: error.message.split('\n')[0] ?? 'Sync failed' });
        if (isNetworkError(detail) || isNetworkError(error)) status.update({ online: false });
      }),
    );
    return replication;
  });
  const activity = term.replications.map(() => false);
  subscriptions.push(
    ...term.replications.map((r, i) =>
      r.active$.subscribe((active) => {
        if (term.over) return;
        activity[i] = active;
        status.update({ active: activity.some(Boolean) });
      }),
    ),
  );
  term.started = Promise.all(term.replications.map((r) => r.startPromise));
  return term;
}

/** One collection's replication with our pull and push handlers, reporting to the status. */
function replicate(ctx: TermContext, name: ReplicatedName): RxReplicationState<Doc, Checkpoint> {
  const { status } = ctx;
  const pushHandler = async (rows: PushRow[]) => {
    try {
      const conflicts = await ctx.batcher.push(name, rows);
      const at = new Date().toISOString();
      status.update({ online: true, lastPushAt: at });
      status.collection(name, { lastPushAt: at });
      return conflicts;
    } catch (error) {
      if (isNetworkError(error)) status.update({ online: false });
      throw error;
    }
  };
  const pullPage = createPullHandler({
    supabase: ctx.supabase,
    name,
    retry: ctx.retry,
    onPulled: () => status.update({ online: true, lastPullAt: new Date().toISOString() }),
    onBlocked: (blocked) => ctx.later(ctx.blockedRetryMs ?? 1000, () => ctx.streams.get(blocked)?.next('RESYNC')),
    pushesSettled: () => pushesSettled(replication),
  });
  // Realtime rows are handed over by this handler, as a page that keeps the checkpoint, when
  // safe; else it requests a page (sync/live-rows.ts).
  const live = createLiveRows(name);
  const pullHandler: typeof pullPage = async (checkpoint, batchSize) => {
    if (live.waiting()) await pushesSettled(replication);
    const rows = live.take(checkpoint);
    if (rows && checkpoint) return { documents: rows, checkpoint };
    const page = await live.request(() => pullPage(checkpoint, batchSize), batchSize);
    status.collection(name, { lastPullAt: new Date().toISOString(), checkpoint: page.checkpoint ? `${page.checkpoint.txid}:${page.checkpoint.id}` : null });
    return page;
  };
  const replication: RxReplicationState<Doc, Checkpoint> = replicateRxCollection<Doc, Checkpoint>({
    replicationIdentifier: ctx.identifier(name),
    collection: ctx.database.collections[name] as unknown as RxCollection<Doc>,
    live: true,
    retryTime: ctx.backgroundRetryMs ?? 10_000,
    // The election is ours (sync/leader.ts); RxDB's would pause a hidden leader tab.
    waitForLeadership: false,
    toggleOnDocumentVisible: false,
    autoStart: true,
    pull: {
      handler: pullHandler,
      batchSize: ctx.batchSize?.pull ?? 200,
      stream$: ctx.streams.get(name)!.pipe(
        map((item) => live.offer(item)),
        afterFirstPull(() => firstPullEnded(replication)),
      ),
    },
    push: { handler: pushHandler, batchSize: ctx.batchSize?.push ?? 1000 },
  });
  linkRecords(ctx.database, replication);
  return replication;
}

/**
 * Lets the documents this replication pulls stand for its records of them (src/db/pulled-meta.ts).
 * RxDB opens its meta storage once metaInfoPromise settles (in the start it has queued, which
 * runs after this returns), so the link is made first; if it cannot be, the records are
 * stored as RxDB stores them.
 */
function linkRecords(database: AppDatabase, replication: RxReplicationState<Doc, Checkpoint>): void {
  const info = replication.metaInfoPromise;
  // As RxDB's replication names them (plugins/replication, replication-protocol).
  const identifier = `rxdbreplication${replication.replicationIdentifier}`;
  const link = async () => {
    const [{ collectionName }, hash, checkpointKey] = await Promise.all([
      info,
      database.hashFunction(identifier),
      getCheckpointKey({ identifier, hashFunction: database.hashFunction, forkInstance: replication.collection.storageInstance } as never),
    ]);
    linkPulledMeta({ databaseToken: database.token, metaCollection: collectionName, collection: replication.collection.name, hash, downstreamContext: `replication-downstream-${checkpointKey}` });
  };
  (replication as { metaInfoPromise: typeof info }).metaInfoPromise = link().then(
    () => info,
    () => info,
  );
}
