// Pushes local changes of every collection together: RxDB calls one push handler per
// collection; the handlers' rows are gathered for a short window and sent as one sync_push
// request (parents before children), numbered per device so a retried batch is a no-op.
//
// The batch is written to a local document before it is sent (the outbox). If the answer is
// lost (dropped connection, server restart), the next push first sends that same batch again:
// the server answers it from its record of the last batch instead of applying it twice, and
// the device learns what became of it before sending anything newer.
//
// Answers are kept in the same local document (`acked`) until the collection's own push
// settles them. RxDB pushes each collection separately and retries a failed push with the
// same rows, so the push that re-sends a lost batch is often another collection's, or holds
// only part of the rows: without the record, the rest would be sent again as new writes and
// the server would answer them as conflicts with the device's own earlier write.
//
// Fencing: tabs share this document, and a tab that hung while leading may wake up after
// another tab took over (sync/leader.ts). Each leader claims a new epoch in the document, and
// every write of it is a compare-and-swap that checks the epoch (IndexedDB serializes the
// read and the write of one document across tabs), so a stale batcher can neither number new
// changes nor overwrite the new leader's record. It sends only batches it wrote to the outbox
// first: a stale one resends at most an outbox batch, which the server answers as a duplicate.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import { REPLICATED_COLLECTIONS, type AppDatabase, type ReplicatedName } from '../src/db/database';
import { retry, type RetryOptions } from '../src/lib/retry';
import { baseAfterOwnWrite, documentsEqual, rebaseOnOwnWrite, type Doc } from './merge';
import { callRpc, fromServer, pushResponseSchema, toServer, type Change, type PushResult } from './protocol';
import { keepAnswers, keyOf, settleAnswer } from './push-answers';
import { ParentNotSyncedError, parentIsLocal, withoutBlankDrafts, type PushItem } from './push-holdbacks';
import { createPushState, StaleLeaderError, type PushState } from './push-state';

export { StaleLeaderError } from './push-state';

export type PushRow = RxReplicationWriteToMasterRow<Doc>;
type Item = PushItem;
type Waiting = { name: ReplicatedName; rows: PushRow[]; resolve: (conflicts: WithDeleted<Doc>[]) => void; reject: (error: unknown) => void };

export type PushBatcherOptions = {
  db: AppDatabase;
  supabase: SupabaseClient;
  /** How long to gather rows of several collections into one request. */
  windowMs?: number;
  maxChangesPerRequest?: number;
  /**
   * Bytes of JSON per request at most (a single larger change goes alone): servers cap request
   * bodies (the local backend at 1 MiB), and a batch refused for its size would never land.
   */
  maxBytesPerRequest?: number;
  retry?: RetryOptions;
  /** A child pushed before its parent (another collection) is tried again this often. */
  missingParentRetries?: number;
  missingParentDelayMs?: number;
  onRequest?: (changes: number) => void;
  /** Every answer as it is applied, with the document that was pushed (server columns). */
  onSettled?: (name: ReplicatedName, id: string, result: PushResult, pushed: Doc) => void;
  /**
   * True once the replication stops: RxDB then skips recording what the server acknowledged,
   * so the answers must stay for the next start to push against (not as conflicts).
   */
  keepAnswers?: () => boolean;
  /** A push found that another leader claimed a newer epoch: this batcher sends nothing more. */
  onStale?: (epoch: number) => void;
};

const ORDER = new Map<string, number>(REPLICATED_COLLECTIONS.map((name, i) => [name, i]));

export type PushBatcher = {
  push(name: ReplicatedName, rows: PushRow[]): Promise<WithDeleted<Doc>[]>;
  /** The device id the server knows this database by. */
  deviceId(): Promise<string>;
  /**
   * The base of a conflict RxDB has none for, because the device's write was applied but the
   * answer came late: see baseAfterOwnWrite. `local` is the device's current document.
   */
  knownBase(name: ReplicatedName, id: string, local: Doc): Doc | undefined;
  /**
   * Makes this batcher the one that pushes for the database: bumps the shared epoch, which
   * refuses every later write of the previous leader's batcher. A batcher that never claimed
   * claims at its first push (a lone device).
   */
  claim(): Promise<number>;
};

/** Splits changes, in order, into requests of at most `maxChanges` changes and about `maxBytes` of JSON. */
export function chunkChanges(changes: readonly Change[], maxChanges: number, maxBytes: number): Change[][] {
  const chunks: Change[][] = [];
  let chunk: Change[] = [];
  let bytes = 0;
  for (const change of changes) {
    const size = JSON.stringify(change).length;
    if (chunk.length > 0 && (chunk.length >= maxChanges || bytes + size > maxBytes)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(change);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

// One queue per database, not per batcher: a sync that is stopping (sign-out, a remount) may
// still be waiting for an answer while the next one starts. Interleaved, both would number
// changes from the same last_seq, and the server would take the second batch for a retry of
// the first and skip it.
const queues = new WeakMap<AppDatabase, Promise<unknown>>();

/** Pushes an offline acceptance may wait for its lines before the refusal counts (RxDB retries a
 * push after 10 s, so a real refusal shows within about half a minute). */
const ACCEPTANCE_WAITS = 2;

export function createPushBatcher(options: PushBatcherOptions): PushBatcher {
  const { db, supabase } = options;
  const windowMs = options.windowMs ?? 25;
  const maxChanges = options.maxChangesPerRequest ?? 500;
  const maxBytes = options.maxBytesPerRequest ?? 256 * 1024;
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bases = new Map<string, { pushed: Doc; known: Doc }>();

  const record = createPushState(db);
  const loadState = record.load;
  const saveState = record.save;
  let claimed: number | null = null;

  async function claim(): Promise<number> {
    claimed = await record.claim();
    return claimed;
  }

  async function send(state: PushState, changes: Change[], epoch: number): Promise<PushResult[]> {
    const shouldRetry = options.retry?.shouldRetry ?? (() => true);
    const response = await retry(
      async (attempt) => {
        // A retry may come after this tab hung for a while: only a leader still in office sends.
        if (attempt > 1) await loadState(epoch);
        options.onRequest?.(changes.length);
        return callRpc(supabase, 'sync_push', { p_device_id: state.device_id, p_changes: changes }, pushResponseSchema);
      },
      { ...options.retry, shouldRetry: (error, failures) => !(error instanceof StaleLeaderError) && shouldRetry(error, failures) },
    );
    return response.results;
  }

  const settle = (name: ReplicatedName, pushed: Doc, result: PushResult) => settleAnswer(db, name, pushed, result, options.onSettled);

  /** Records the answers to a batch and clears the outbox in one write. */
  async function recordAnswers(state: PushState, batch: Change[], results: PushResult[], epoch: number) {
    keepAnswers(state, batch, results);
    await saveState(state, epoch);
  }

  async function sendChunked(state: PushState, changes: Change[], epoch: number): Promise<PushResult[]> {
    const results: PushResult[] = [];
    for (const chunk of chunkChanges(changes, maxChanges, maxBytes)) {
      state.outbox = chunk;
      // The write that claims these sequence numbers; a stale leader's is refused here.
      await saveState(state, epoch);
      const answers = await send(state, chunk, epoch);
      // Kept until this push settles: if a later chunk fails, RxDB pushes these rows again.
      await recordAnswers(state, chunk, answers, epoch);
      results.push(...answers);
    }
    return results;
  }

  /** How many pushes an estimate's acceptance has waited for its lines (see pushItems). */
  const acceptanceWaits = new Map<string, number>();

  async function pushItems(items: Item[], epoch: number): Promise<{ conflicts: Map<string, WithDeleted<Doc>>; deferred: Set<string> }> {
    const state = await loadState(epoch);
    if (state.outbox?.length) {
      const outbox = state.outbox;
      await recordAnswers(state, outbox, await send(state, outbox, epoch), epoch);
    }
    const acked = state.acked ?? {};

    const conflicts = new Map<string, WithDeleted<Doc>>();
    const deferred = new Set<string>();
    let work = (await withoutBlankDrafts(db, items)).sort((a, b) => ORDER.get(a.name)! - ORDER.get(b.name)!);
    for (let attempt = 0; work.length > 0; attempt++) {
      const changes: Change[] = [];
      const bySeq = new Map<number, Item & { doc: Doc }>();
      for (const item of work) {
        const key = keyOf(item.name, item.row.newDocumentState.id);
        let doc = toServer(item.name, item.row.newDocumentState);
        let assumed = item.row.assumedMasterState ? toServer(item.name, item.row.assumedMasterState) : undefined;
        if (item.row.assumedMasterState) bases.delete(key);
        const previous = acked[key];
        if (previous && documentsEqual(previous.pushed, doc)) {
          const conflict = await settle(item.name, doc, previous.result);
          if (conflict) conflicts.set(key, conflict);
          continue;
        }
        // An earlier batch already changed this row: compare against what it made of it.
        if (previous?.result.status === 'applied' && previous.result.server_doc) {
          const known = fromServer(item.name, previous.result.server_doc);
          assumed = toServer(item.name, known);
          // Fields the device has not changed since keep what the server made of them.
          doc = toServer(item.name, rebaseOnOwnWrite(previous.pushed, known, doc));
          if (!item.row.assumedMasterState) bases.set(key, { pushed: fromServer(item.name, previous.pushed), known });
        }
        const seq = ++state.last_seq;
        changes.push({ seq, table: item.name, doc, ...(assumed ? { assumed } : {}) });
        bySeq.set(seq, { ...item, doc });
      }
      if (changes.length === 0) break;
      const results = await sendChunked(state, changes, epoch);
      const later: Item[] = [];
      for (const result of results) {
        const item = bySeq.get(result.seq);
        if (!item) continue;
        const key = keyOf(item.name, item.doc.id);
        if (result.status === 'rejected' && result.code === '23503' && attempt < (options.missingParentRetries ?? 3)) {
          // Not an answer to keep: the row is sent again below.
          delete acked[key];
          later.push(item);
          continue;
        }
        if (result.status === 'rejected' && result.code === '23503' && (await parentIsLocal(db, item.name, item.doc))) {
          delete acked[key];
          deferred.add(key);
          continue;
        }
        if (result.status === 'rejected' && result.reason === 'acceptance_mismatch' && (acceptanceWaits.get(key) ?? 0) < ACCEPTANCE_WAITS) {
          // A signature captured offline is checked against the lines on the server, and the
          // lines push in their own collection's batch, which may come after this one: the
          // acceptance waits for them, as a child waits for its parent, a few pushes at most.
          acceptanceWaits.set(key, (acceptanceWaits.get(key) ?? 0) + 1);
          delete acked[key];
          deferred.add(key);
          continue;
        }
        acceptanceWaits.delete(key);
        if (result.status === 'applied') bases.delete(key);
        const conflict = await settle(item.name, item.doc, result);
        if (conflict) conflicts.set(key, conflict);
      }
      work = later;
      if (work.length > 0) await new Promise((resolve) => setTimeout(resolve, (options.missingParentDelayMs ?? 300) * (attempt + 1)));
    }
    // Every row of this push is settled now; answers for other rows wait for their push. A
    // collection with a row waiting for its parent pushes all its rows again: keep their answers.
    const waitingNames = new Set([...deferred].map((key) => key.slice(0, key.indexOf(':'))));
    const settled = items
      .filter((item) => !waitingNames.has(item.name))
      .map((item) => keyOf(item.name, item.row.newDocumentState.id))
      .filter((key) => key in acked);
    if (settled.length > 0 && !options.keepAnswers?.()) {
      for (const key of settled) delete acked[key];
      state.acked = acked;
      await saveState(state, epoch);
    }
    return { conflicts, deferred };
  }

  async function flush(batch: Waiting[]) {
    try {
      const epoch = claimed ?? (await claim());
      const { conflicts, deferred } = await pushItems(
        batch.flatMap((w) => w.rows.map((row) => ({ name: w.name, row }))),
        epoch,
      );
      for (const w of batch) {
        const keys = w.rows.map((row) => keyOf(w.name, row.newDocumentState.id));
        const waitingForParent = keys.filter((key) => deferred.has(key));
        // Its other rows are answered already (kept in `acked`), so RxDB's retry costs nothing for them.
        if (waitingForParent.length > 0) w.reject(new ParentNotSyncedError(waitingForParent));
        else w.resolve(keys.map((key) => conflicts.get(key)).filter((d): d is WithDeleted<Doc> => !!d));
      }
    } catch (error) {
      if (error instanceof StaleLeaderError) options.onStale?.(error.epoch);
      for (const w of batch) w.reject(error);
    }
  }

  return {
    push(name, rows) {
      return new Promise((resolve, reject) => {
        waiting.push({ name, rows, resolve, reject });
        timer ??= setTimeout(() => {
          timer = undefined;
          const batch = waiting;
          waiting = [];
          const next = (queues.get(db) ?? Promise.resolve()).then(() => flush(batch));
          queues.set(db, next);
        }, windowMs);
      });
    },
    deviceId: record.deviceId,
    claim,
    knownBase(name, id, local) {
      const base = bases.get(keyOf(name, id));
      return base ? baseAfterOwnWrite(base.pushed, base.known, local) : undefined;
    },
  };
}
