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
import { failureId, syncIssues } from '../src/db/collections/sync-issues';
import { REPLICATED_COLLECTIONS, type AppDatabase, type ReplicatedName } from '../src/db/database';
import { retry, type RetryOptions } from '../src/lib/retry';
import { ESTIMATE_CHILDREN, holdsBack, isBlankDraft } from './blank-draft';
import { baseAfterOwnWrite, documentsEqual, rebaseOnOwnWrite, type Doc } from './merge';
import { callRpc, fromServer, pushResponseSchema, toServer, type Change, type PushResult } from './protocol';

export type PushRow = RxReplicationWriteToMasterRow<Doc>;
type Item = { name: ReplicatedName; row: PushRow };
type Waiting = { name: ReplicatedName; rows: PushRow[]; resolve: (conflicts: WithDeleted<Doc>[]) => void; reject: (error: unknown) => void };
type Acked = { result: PushResult; pushed: Doc };
/** `epoch` numbers the leaders (missing in documents written before there were epochs: 0). */
type PushState = { device_id: string; last_seq: number; outbox: Change[] | null; acked?: Record<string, Acked>; epoch?: number };

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

const STATE_ID = 'sync-push';
/** Answers kept for rows RxDB has not pushed again yet; older ones are dropped first. */
const MAX_ACKED = 5000;
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

/** Another tab claimed a newer epoch: this batcher's leader is gone. */
export class StaleLeaderError extends Error {
  constructor(
    readonly epoch: number,
    readonly current: number,
  ) {
    super(`Another tab syncs now (epoch ${current}, this tab had ${epoch})`);
    this.name = 'StaleLeaderError';
  }
}

const epochOf = (state: PushState) => state.epoch ?? 0;

const keyOf = (table: string, id: unknown) => `${table}:${String(id)}`;

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

/** The references a push can meet before their parent is on the server (foreign keys). */
const PARENTS: Partial<Record<ReplicatedName, readonly (readonly [string, ReplicatedName])[]>> = {
  estimates: [['account_id', 'accounts'], ['prospect_id', 'prospects']],
  estimate_items: [['estimate_id', 'estimates'], ['product_id', 'products']],
  milestones: [['estimate_id', 'estimates']],
  portals: [['account_id', 'accounts'], ['prospect_id', 'prospects']],
  comments: [['estimate_id', 'estimates'], ['portal_id', 'portals']],
  estimate_requests: [['account_id', 'accounts'], ['prospect_id', 'prospects'], ['estimate_id', 'estimates']],
};

/**
 * A row whose parent exists on this device but has not reached the server yet, e.g. because
 * the parent's collection starts replicating later (a schema migration runs first). The push
 * of that row fails with this error and RxDB pushes it again later; it is not a rejection.
 */
class ParentNotSyncedError extends Error {
  constructor(readonly keys: string[]) {
    super(`Waiting for ${keys.length === 1 ? 'a parent document' : 'parent documents'} to sync first`);
    this.name = 'ParentNotSyncedError';
  }
}

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

  let claimed: number | null = null;

  const normalize = (data: PushState): PushState => ({ ...data, acked: { ...data.acked } });

  async function stateDoc() {
    const existing = await db.getLocal<PushState>(STATE_ID);
    if (existing) return existing;
    try {
      return await db.insertLocal<PushState>(STATE_ID, { device_id: crypto.randomUUID(), last_seq: 0, outbox: null, acked: {}, epoch: 0 });
    } catch (error) {
      // Another tab created it at the same moment.
      if ((error as { status?: number }).status !== 409) throw error;
      const created = await db.getLocal<PushState>(STATE_ID);
      if (!created) throw error;
      return created;
    }
  }

  /** Read-modify-write of the shared document; `change` sees the stored state, retried on a conflict. */
  async function modifyState(change: (current: PushState) => PushState): Promise<PushState> {
    const doc = await stateDoc();
    const written = await doc.incrementalModify((data) => change(normalize(data)));
    return normalize(written.toJSON().data as PushState);
  }

  const fenced = (epoch: number) => (current: PushState) => {
    if (epochOf(current) !== epoch) throw new StaleLeaderError(epoch, epochOf(current));
    return current;
  };

  /** The stored state, read by a write that proves this batcher's epoch is still the current one. */
  async function loadState(epoch: number): Promise<PushState> {
    return modifyState(fenced(epoch));
  }

  async function saveState(state: PushState, epoch: number) {
    await modifyState((current) => {
      fenced(epoch)(current);
      return { ...state, epoch };
    });
  }

  async function claim(): Promise<number> {
    const state = await modifyState((current) => ({ ...current, epoch: epochOf(current) + 1 }));
    claimed = epochOf(state);
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

  async function recordFailure(name: ReplicatedName, pushed: Doc, result: PushResult) {
    const id = String(pushed.id);
    await db.sync_issues.upsert(
      syncIssues.create({
        id: failureId(name, id),
        kind: 'failure',
        collection_name: name,
        doc_id: id,
        code: result.code ?? '',
        reason: result.reason ?? 'rejected',
        message: result.message ?? '',
        doc: JSON.stringify(pushed),
        created_at: new Date().toISOString(),
      }),
    );
  }

  async function clearFailure(name: ReplicatedName, id: string) {
    const existing = await db.sync_issues.findOne(failureId(name, id)).exec();
    if (existing) await existing.remove();
  }

  /** Applies one answer; returns the server's document when RxDB must resolve a conflict. */
  async function settle(name: ReplicatedName, pushed: Doc, result: PushResult): Promise<WithDeleted<Doc> | undefined> {
    const id = String(pushed.id);
    options.onSettled?.(name, id, result, pushed);
    if (result.status === 'applied') {
      await clearFailure(name, id);
      return undefined;
    }
    if (result.status === 'conflict' && result.server_doc) return fromServer(name, result.server_doc) as WithDeleted<Doc>;
    if (result.status === 'rejected') await recordFailure(name, pushed, result);
    return undefined;
  }

  /** Records the answers to a batch and clears the outbox in one write. */
  async function recordAnswers(state: PushState, batch: Change[], results: PushResult[], epoch: number) {
    const acked = state.acked ?? {};
    for (const result of results) {
      const change = batch.find((c) => c.seq === result.seq);
      if (!change) continue;
      const key = keyOf(change.table, change.doc.id);
      delete acked[key];
      // A missing parent is no final answer: the row is sent again once its parent may be there.
      if (result.status === 'rejected' && result.code === '23503') continue;
      acked[key] = { result, pushed: change.doc };
    }
    const keys = Object.keys(acked);
    for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ACKED))) delete acked[key];
    state.acked = acked;
    state.outbox = null;
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

  /** Whether a row refused for a missing reference has that parent waiting on this device. */
  async function parentIsLocal(name: ReplicatedName, doc: Doc): Promise<boolean> {
    for (const [field, parent] of PARENTS[name] ?? []) {
      const id = doc[field];
      const collection = (db.collections as unknown as Record<string, AppDatabase[ReplicatedName] | undefined>)[parent];
      if (typeof id !== 'string' || !collection) continue;
      if (await collection.findOne(id).exec()) return true;
    }
    return false;
  }

  type Finder = { findOne(id: string): { exec(): Promise<{ toJSON(): unknown } | null> }; find(query: object): { exec(): Promise<unknown[]> } };
  const collection = (name: string) => (db.collections as unknown as Record<string, Finder | undefined>)[name];

  async function hasChildren(estimateId: string): Promise<boolean> {
    for (const name of ESTIMATE_CHILDREN) {
      const found = await collection(name)?.find({ selector: { estimate_id: estimateId }, limit: 1 }).exec();
      if (found?.length) return true;
    }
    return false;
  }

  /**
   * Blank drafts stay on the device (sync/blank-draft.ts), before any sequence number is
   * taken. RxDB records them as pushed, so once a draft gets content in its own columns it is
   * pushed again; content that is a child row (an item, a milestone, a comment) does not touch
   * the estimate, so the child's push brings the blank estimate along, parent first.
   */
  async function withoutBlankDrafts(items: Item[]): Promise<Item[]> {
    const kept: Item[] = [];
    for (const item of items) {
      const { newDocumentState: doc, assumedMasterState: assumed } = item.row;
      if (item.name === 'estimates' && holdsBack(doc, assumed, (await hasChildren(String(doc.id))) ? 1 : 0)) continue;
      kept.push(item);
    }
    const pushing = new Set(kept.filter((item) => item.name === 'estimates').map((item) => String(item.row.newDocumentState.id)));
    for (const item of [...kept]) {
      const parentId = item.row.newDocumentState.estimate_id;
      if (!(ESTIMATE_CHILDREN as readonly string[]).includes(item.name) || typeof parentId !== 'string' || pushing.has(parentId)) continue;
      pushing.add(parentId);
      const parent = (await collection('estimates')?.findOne(parentId).exec())?.toJSON() as Doc | undefined;
      // No RxDB push waits for this row: its answer goes nowhere but to `acked`.
      if (parent && isBlankDraft(parent, 0)) kept.push({ name: 'estimates', row: { newDocumentState: { ...parent, _deleted: false } } as PushRow });
    }
    return kept;
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
    let work = (await withoutBlankDrafts(items)).sort((a, b) => ORDER.get(a.name)! - ORDER.get(b.name)!);
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
        if (result.status === 'rejected' && result.code === '23503' && (await parentIsLocal(item.name, item.doc))) {
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
    async deviceId() {
      return (await stateDoc()).toJSON().data.device_id;
    },
    claim,
    knownBase(name, id, local) {
      const base = bases.get(keyOf(name, id));
      return base ? baseAfterOwnWrite(base.pushed, base.known, local) : undefined;
    },
  };
}
