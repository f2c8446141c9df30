// The sync engine, the only module the app imports from sync/: startSync after sign-in,
// stop() at sign-out. Replication runs per collection with RxDB's replication primitives;
// the handlers are ours (sync_pull / sync_push), pushes of all collections share batches.
// One tab per database replicates (sync/leader.ts): replications exist only while this tab
// leads, one set per term, and each term pushes under its own epoch (sync/push-batcher.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { addRxPlugin, type RxChangeEventBulk, type RxCollection } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject, combineLatest, filter, firstValueFrom, type Observable, type Subscription } from 'rxjs';
import { onFirstSave } from '../src/db/documents';
import { REPLICATED_COLLECTIONS, type AppDatabase, type ReplicatedName } from '../src/db/database';
import { appStore } from '../src/lib/app-store';
import type { RetryOptions } from '../src/lib/retry';
import { syncDetailAtom, syncStatusAtom } from '../src/lib/sync-status';
import { createConflictHandler } from './conflict-handler';
import { startLive } from './live';
import type { Doc } from './merge';
import { electLeader } from './leader';
import type { Checkpoint } from './protocol';
import { unpushedIds } from './pending';
import { createPullHandler } from './pull';
import { createPushBatcher, type PushBatcherOptions, type PushRow } from './push-batcher';
import { createStatus, isNetworkError, logSync, type SyncDetail } from './status';


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

  /** What this tab runs while it leads; a new term after each election it wins. */
  type Term = {
    epoch: number;
    replications: RxReplicationState<Doc, Checkpoint>[];
    counters: Map<ReplicatedName, () => Promise<string[] | null>>;
    subscriptions: Subscription[];
    /** Settles once the replications have started. */
    started: Promise<unknown>;
    over: boolean;
    ended: Promise<void>;
    end: () => void;
  };
  let term: Term | null = null;
  const terms = new Subject<Term>();
  /** The running term, or the next one this tab wins. */
  const nextTerm = (): Promise<Term> => (term && !term.over ? Promise.resolve(term) : firstValueFrom(terms));
  const within = <T>(ms: number, promise: Promise<T>, otherwise: T): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([promise, new Promise<T>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms)))]).finally(() => clearTimeout(timer));
  };

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms);
    timers.add(timer);
  };

  // Pending changes are counted by the tab that replicates (sync/pending.ts); other tabs of
  // this database ask it over a BroadcastChannel and hear every count it publishes.
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`cep-sync-pending:${database.name}`) : null;
  const asks = new Map<string, (pending: SyncDetail['pending']) => void>();
  type PendingMessage = { type: 'ask'; id: string } | { type: 'count'; pending: SyncDetail['pending']; answer?: string };

  /** This tab's own count, or null when it does not replicate (yet). */
  const countHere = async (): Promise<SyncDetail['pending'] | null> => {
    const running = term;
    if (!running || running.over) return null;
    const entries: [ReplicatedName, number][] = [];
    for (const [name, count] of running.counters) {
      const ids = await count();
      if (ids === null) return null;
      entries.push([name, ids.length]);
    }
    return Object.fromEntries(entries);
  };

  const askLeader = (timeoutMs = 1500): Promise<SyncDetail['pending']> =>
    new Promise((resolve, reject) => {
      if (!channel) return reject(new Error('No tab is syncing this database'));
      const id = crypto.randomUUID();
      const timer = setTimeout(() => {
        asks.delete(id);
        reject(new Error('The tab that syncs did not answer'));
      }, timeoutMs);
      asks.set(id, (pending) => {
        clearTimeout(timer);
        asks.delete(id);
        resolve(pending);
      });
      channel.postMessage({ type: 'ask', id } satisfies PendingMessage);
    });

  // Settles once this tab replicates (after its replications have started).
  const leadership = () => nextTerm().then((t) => t.started);
  const countPending = async (): Promise<SyncDetail['pending']> => {
    if (stopped) return status.current().pending;
    const here = await countHere();
    if (here) return here;
    // Leader already, replication still opening its storage: count once it has.
    if (election.isLeader()) {
      await within(5000, leadership(), undefined);
      const now = await countHere();
      if (now) return now;
    }
    try {
      return await askLeader();
    } catch (error) {
      // No tab answered: this may be the only tab, still electing itself (a sign-out right
      // after the page opened). Count here once it leads; otherwise the count is unknown.
      const leads = await within(5000, leadership().then(() => true), false);
      const now = leads && !stopped ? await countHere() : null;
      if (now) return now;
      throw error;
    }
  };

  if (channel) {
    channel.onmessage = (event: MessageEvent<PendingMessage>) => {
      const message = event.data;
      if (stopped || !message || typeof message !== 'object') return;
      if (message.type === 'ask') {
        void countHere().then((pending) => {
          if (pending && !stopped) channel.postMessage({ type: 'count', pending, answer: message.id } satisfies PendingMessage);
        }, () => undefined);
      } else if (message.type === 'count') {
        if (message.answer) asks.get(message.answer)?.(message.pending);
        if (!term) status.update({ pending: message.pending });
      }
    };
  }

  // Counting reads IndexedDB: coalesce bursts of writes into one count, never two at once.
  let counting: Promise<void> | undefined;
  let countAgain = false;
  const publishPending = () => {
    if (stopped) return;
    if (counting) {
      countAgain = true;
      return;
    }
    counting = (async () => {
      do {
        countAgain = false;
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (stopped) return;
        try {
          const here = await countHere();
          if (stopped) return;
          if (here) {
            status.update({ pending: here });
            channel?.postMessage({ type: 'count', pending: here } satisfies PendingMessage);
          } else {
            status.update({ pending: await askLeader() });
          }
        } catch {
          // The database is closing, or no tab answers yet; the next change counts again.
        }
      } while (countAgain && !stopped);
    })().finally(() => (counting = undefined));
  };

  const batcher = createPushBatcher({
    db: database,
    supabase,
    windowMs: timing.pushWindowMs,
    retry: retryOptions,
    onRequest: () => undefined,
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
  const debounced = new Map<ReplicatedName, boolean>();
  const onChange = (name: ReplicatedName) => {
    if (debounced.get(name)) return;
    debounced.set(name, true);
    later(timing.liveDebounceMs ?? 20, () => {
      debounced.set(name, false);
      resyncOne(name);
    });
  };

  const startTerm = (epoch: number): Term => {
    let end = () => undefined as void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const running: Term = { epoch, replications: [], counters: new Map(), subscriptions: [], started: Promise.resolve(), over: false, ended, end };
    const subs = running.subscriptions;

    running.replications = names.map((name) => {
      const collection = database.collections[name] as unknown as RxCollection<Doc>;

      const pushHandler = async (rows: PushRow[]) => {
        try {
          const conflicts = await batcher.push(name, rows);
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
        supabase,
        name,
        retry: retryOptions,
        onPulled: () => status.update({ online: true, lastPullAt: new Date().toISOString() }),
        onBlocked: (blocked) => later(timing.blockedRetryMs ?? 1000, () => resyncOne(blocked)),
        pushesSettled: () => pushesSettled(replication),
      });
      const pullHandler: typeof pullPage = async (checkpoint, batchSize) => {
        const page = await pullPage(checkpoint, batchSize);
        status.collection(name, { lastPullAt: new Date().toISOString(), checkpoint: page.checkpoint ? `${page.checkpoint.txid}:${page.checkpoint.id}` : null });
        return page;
      };

      const replication: RxReplicationState<Doc, Checkpoint> = replicateRxCollection<Doc, Checkpoint>({
        replicationIdentifier: `cep-sync-v1:${options.serverUrl ?? 'default'}:${options.userId}:${name}`,
        collection,
        live: true,
        retryTime: timing.backgroundRetryMs ?? 10_000,
        // The election is ours (sync/leader.ts); RxDB's would pause a hidden leader tab.
        waitForLeadership: false,
        toggleOnDocumentVisible: false,
        autoStart: true,
        pull: { handler: pullHandler, batchSize: options.batchSize?.pull ?? 200, stream$: streams.get(name)!.asObservable() },
        push: { handler: pushHandler, batchSize: options.batchSize?.push ?? 200 },
      });
      running.counters.set(name, () => unpushedIds(collection, replication));
      subs.push(
        // RxDB records what the server acknowledged after the push handler returns.
        replication.active$.subscribe((active) => !active && publishPending()),
        replication.error$.subscribe((error) => {
          const parameters = (error as { parameters?: { direction?: string } }).parameters;
          const detail = JSON.stringify(parameters ?? '');
          // A term that ended, or a push refused because another tab leads now, is no error to show.
          if (running.over || /StaleLeaderError/.test(detail)) return;
          const direction = String(parameters?.direction ?? 'push') === 'pull' ? 'pull' : 'push';
          status.error({ direction, collection: name, message: error.message.split('\n')[0] ?? 'Sync failed' });
          if (isNetworkError(detail) || isNetworkError(error)) status.update({ online: false });
        }),
      );
      return replication;
    });

    const activity = running.replications.map(() => false);
    subs.push(
      ...running.replications.map((r, i) =>
        r.active$.subscribe((active) => {
          if (running.over) return;
          activity[i] = active;
          status.update({ active: activity.some(Boolean) });
        }),
      ),
    );
    running.started = Promise.all(running.replications.map((r) => r.startPromise));
    term = running;
    status.update({ leader: true });
    terms.next(running);
    void running.started.then(() => {
      if (!running.over) publishPending();
    });
    return running;
  };

  const endTerm = async () => {
    const ending = term;
    if (!ending) return;
    term = null;
    ending.over = true;
    ending.subscriptions.forEach((s) => s.unsubscribe());
    status.update({ leader: false, active: false });
    await Promise.all(ending.replications.map((r) => r.cancel()));
    ending.end();
    // Counts come from the tab that leads now.
    publishPending();
  };

  // The collection resolves conflicts with our merge; RxDB reads it when a replication starts.
  for (const name of names) {
    const collection = database.collections[name] as unknown as RxCollection<Doc>;
    collection.conflictHandler = createConflictHandler(database, name, { baseOf: (id, local) => batcher.knownBase(name, id, local) });
    // Any write (this tab's, another tab's, a pull's) may change what is pending.
    subscriptions.push(collection.eventBulks$.subscribe((bulk: RxChangeEventBulk<Doc>) => !bulk.isLocal && publishPending()));
  }
  subscriptions.push(
    database.sync_issues.count({ selector: { kind: 'conflict', status: 'open' } }).$.subscribe((conflicts) => status.update({ conflicts })),
    database.sync_issues.count({ selector: { kind: 'failure', status: 'open' } }).$.subscribe((failures) => status.update({ failures })),
  );

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

  const stopLive = startLive({
    supabase,
    tables: names,
    onChange,
    onResync: () => resync(),
    onConnection: (live) => {
      if (live !== status.current().live) logSync({ level: live ? 'info' : 'warn', message: live ? 'Realtime connected' : 'Realtime disconnected' });
      status.update({ live });
    },
  });

  const stopPersistWatch = onFirstSave(() => void askForPersistentStorage(status.update));
  void readStorageEstimate(status.update);

  if (options.publishToAppStore !== false) {
    subscriptions.push(
      status.status$.subscribe((d) => {
        appStore.set(syncStatusAtom, {
          state: d.state,
          pending: d.pendingTotal,
          lastSyncedAt: [d.lastPullAt, d.lastPushAt].filter((x): x is string => !!x).sort().pop(),
        });
        appStore.set(syncDetailAtom, d);
      }),
    );
  }

  return {
    status$: status.status$,
    async pendingCount() {
      const pending = await countPending();
      return Object.values(pending).reduce((sum, n) => sum + (n ?? 0), 0);
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
      if (options.publishToAppStore !== false) appStore.set(syncDetailAtom, null);
      for (const timer of timers) clearTimeout(timer);
      stopPersistWatch();
      subscriptions.forEach((s) => s.unsubscribe());
      await stopLive();
      await election.stop();
      await endTerm();
      await counting;
      channel?.close();
    },
  };
}

/**
 * A pulled row the device itself pushed a moment ago must reach RxDB only after RxDB recorded
 * the push's answer: before that, the row looks like an unpushed local change, is skipped, and
 * the checkpoint moves past it, so the server's columns (updated_at, final number, totals)
 * would stay stale on this device. RxDB holds realtime-triggered pulls back while a push runs,
 * but not the first pull after a start (it runs beside the first push, which re-sends what an
 * earlier start could not record) nor a pull already under way when a push begins. So a pull
 * waits, before it asks and before it hands the page over, for the first push pass and any
 * running push to finish; not for ever: a push that keeps failing must not stop pulls.
 */
async function pushesSettled(replication: RxReplicationState<Doc, Checkpoint>, limitMs = 15_000): Promise<void> {
  const state = replication.internalReplicationState;
  if (!state) return;
  const idle = () => state.firstSyncDone.up.getValue() && !state.events.active.up.getValue();
  if (idle()) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    firstValueFrom(combineLatest([state.firstSyncDone.up, state.events.active.up]).pipe(filter(([done, active]) => done && !active))),
    firstValueFrom(state.events.canceled.pipe(filter(Boolean))),
    new Promise((resolve) => (timer = setTimeout(resolve, limitMs))),
  ]);
  clearTimeout(timer);
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
