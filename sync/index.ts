// The sync engine, the only module the app imports from sync/: startSync after sign-in,
// stop() at sign-out. Replication runs per collection with RxDB's replication primitives;
// the handlers are ours (sync_pull / sync_push), pushes of all collections share batches.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxChangeEventBulk, RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject, type Observable, type Subscription } from 'rxjs';
import { onFirstSave } from '../src/db/commands';
import { REPLICATED_COLLECTIONS, type AppDatabase, type ReplicatedName } from '../src/db/database';
import { appStore } from '../src/lib/app-store';
import type { RetryOptions } from '../src/lib/retry';
import { syncStatusAtom } from '../src/lib/sync-status';
import { createConflictHandler } from './conflict-handler';
import { startLive } from './live';
import type { Doc } from './merge';
import type { Checkpoint } from './protocol';
import { createPullHandler } from './pull';
import { createPushBatcher, type PushRow } from './push-batcher';
import { createStatus, isNetworkError, type SyncDetail } from './status';

export type { SyncDetail, SyncError, SyncState } from './status';

export type StartSyncOptions = {
  database: AppDatabase;
  supabase: SupabaseClient;
  userId: string;
  orgId: string;
  /** Names the server in the replication's identity, so another backend starts from scratch. */
  serverUrl?: string;
  /** Timings; the defaults are SPEC.md §9's (3 attempts, 1 s doubling to 10 s, then every 10 s). */
  timing?: { retry?: RetryOptions; backgroundRetryMs?: number; pushWindowMs?: number; blockedRetryMs?: number; liveDebounceMs?: number };
  /** Write the summary to the header's jotai atom (default true). */
  publishToAppStore?: boolean;
  batchSize?: { pull?: number; push?: number };
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
  const dirty = new Map<ReplicatedName, Map<string, number>>(names.map((name) => [name, new Map()]));
  let stopped = false;

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms);
    timers.add(timer);
  };

  const publishPending = () =>
    status.update({ pending: Object.fromEntries([...dirty].map(([name, ids]) => [name, ids.size])) as SyncDetail['pending'] });

  const batcher = createPushBatcher({
    db: database,
    supabase,
    windowMs: timing.pushWindowMs,
    retry: retryOptions,
    onRequest: () => undefined,
  });

  const resyncOne = (name: ReplicatedName) => streams.get(name)?.next('RESYNC');
  const resync = () => names.forEach(resyncOne);
  const debounced = new Map<ReplicatedName, boolean>();
  const onChange = (name: ReplicatedName) => {
    if (debounced.get(name)) return;
    debounced.set(name, true);
    later(timing.liveDebounceMs ?? 20, () => {
      debounced.set(name, false);
      resyncOne(name);
    });
  };

  const replications: RxReplicationState<Doc, Checkpoint>[] = names.map((name) => {
    const collection = database.collections[name] as unknown as RxCollection<Doc>;
    // The collection resolves conflicts with our merge; RxDB reads it when replication starts.
    collection.conflictHandler = createConflictHandler(database, name, { baseOf: (id, local) => batcher.knownBase(name, id, local) });

    subscriptions.push(
      collection.eventBulks$.subscribe((bulk: RxChangeEventBulk<Doc>) => {
        if (bulk.isLocal || bulk.context.startsWith('replication-')) return;
        const ids = dirty.get(name)!;
        for (const event of bulk.events) ids.set(event.documentId, (ids.get(event.documentId) ?? 0) + 1);
        publishPending();
      }),
    );

    const pushHandler = async (rows: PushRow[]) => {
      const ids = dirty.get(name)!;
      const seen = rows.map((row) => {
        const id = String(row.newDocumentState.id);
        if (!ids.has(id)) ids.set(id, 0);
        return [id, ids.get(id)!] as const;
      });
      publishPending();
      try {
        const conflicts = await batcher.push(name, rows);
        for (const [id, version] of seen) if (ids.get(id) === version) ids.delete(id);
        status.update({ online: true, lastPushAt: new Date().toISOString() });
        publishPending();
        return conflicts;
      } catch (error) {
        if (isNetworkError(error)) status.update({ online: false });
        throw error;
      }
    };

    const pullHandler = createPullHandler({
      supabase,
      name,
      retry: retryOptions,
      onPulled: () => status.update({ online: true, lastPullAt: new Date().toISOString() }),
      onBlocked: (blocked) => later(timing.blockedRetryMs ?? 1000, () => resyncOne(blocked)),
    });

    const replication = replicateRxCollection<Doc, Checkpoint>({
      replicationIdentifier: `cep-sync-v1:${options.serverUrl ?? 'default'}:${options.userId}:${name}`,
      collection,
      live: true,
      retryTime: timing.backgroundRetryMs ?? 10_000,
      waitForLeadership: true,
      autoStart: true,
      pull: { handler: pullHandler, batchSize: options.batchSize?.pull ?? 200, stream$: streams.get(name)!.asObservable() },
      push: { handler: pushHandler, batchSize: options.batchSize?.push ?? 200 },
    });
    subscriptions.push(
      replication.error$.subscribe((error) => {
        const direction = String((error as { parameters?: { direction?: string } }).parameters?.direction ?? 'push') === 'pull' ? 'pull' : 'push';
        status.error({ direction, collection: name, message: error.message.split('\n')[0] ?? 'Sync failed' });
        if (isNetworkError(JSON.stringify((error as { parameters?: unknown }).parameters ?? '')) || isNetworkError(error)) status.update({ online: false });
      }),
    );
    return replication;
  });

  const activity = replications.map(() => false);
  subscriptions.push(
    ...replications.map((r, i) =>
      r.active$.subscribe((active) => {
        activity[i] = active;
        status.update({ active: activity.some(Boolean) });
      }),
    ),
    database.sync_issues.count({ selector: { kind: 'conflict', status: 'open' } }).$.subscribe((conflicts) => status.update({ conflicts })),
    database.sync_issues.count({ selector: { kind: 'failure', status: 'open' } }).$.subscribe((failures) => status.update({ failures })),
  );

  database.waitForLeadership().then(() => {
    if (!stopped) status.update({ leader: true });
  });

  const stopLive = startLive({
    supabase,
    tables: names,
    onChange,
    onResync: () => resync(),
    onConnection: (live) => status.update({ live }),
  });

  const stopPersistWatch = onFirstSave(() => void askForPersistentStorage(status.update));
  void readStorageEstimate(status.update);

  if (options.publishToAppStore !== false) {
    subscriptions.push(
      status.status$.subscribe((d) =>
        appStore.set(syncStatusAtom, {
          state: d.state,
          pending: d.pendingTotal,
          lastSyncedAt: [d.lastPullAt, d.lastPushAt].filter((x): x is string => !!x).sort().pop(),
        }),
      ),
    );
  }

  return {
    status$: status.status$,
    async pendingCount() {
      return [...dirty.values()].reduce((sum, ids) => sum + ids.size, 0);
    },
    resync,
    async awaitInSync() {
      await Promise.all(replications.map((r) => r.awaitInSync()));
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      stopPersistWatch();
      subscriptions.forEach((s) => s.unsubscribe());
      await stopLive();
      await Promise.all(replications.map((r) => r.cancel()));
    },
  };
}

type Update = ReturnType<typeof createStatus>['update'];

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
