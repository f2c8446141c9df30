// Pushes local changes of every collection together: RxDB calls one push handler per
// collection; the handlers' rows are gathered for a short window and sent as one sync_push
// request (parents before children), numbered per device so a retried batch is a no-op.
//
// The batch is written to a local document before it is sent (the outbox). If the answer is
// lost (dropped connection, server restart), the next push first sends that same batch again:
// the server answers it from its record of the last batch instead of applying it twice, and
// the device learns what became of it before sending anything newer.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import { failureId, syncIssues } from '../src/db/collections/sync-issues';
import { REPLICATED_COLLECTIONS, type AppDatabase, type ReplicatedName } from '../src/db/database';
import { retry, type RetryOptions } from '../src/lib/retry';
import { documentsEqual, type Doc } from './merge';
import { callRpc, fromServer, pushResponseSchema, toServer, type Change, type PushResult } from './protocol';

export type PushRow = RxReplicationWriteToMasterRow<Doc>;
type Item = { name: ReplicatedName; row: PushRow };
type Waiting = { name: ReplicatedName; rows: PushRow[]; resolve: (conflicts: WithDeleted<Doc>[]) => void; reject: (error: unknown) => void };
type PushState = { device_id: string; last_seq: number; outbox: Change[] | null };
type Acked = { result: PushResult; pushed: Doc };

export type PushBatcherOptions = {
  db: AppDatabase;
  supabase: SupabaseClient;
  /** How long to gather rows of several collections into one request. */
  windowMs?: number;
  maxChangesPerRequest?: number;
  retry?: RetryOptions;
  /** A child pushed before its parent (another collection) is tried again this often. */
  missingParentRetries?: number;
  missingParentDelayMs?: number;
  onRequest?: (changes: number) => void;
  onSettled?: (name: ReplicatedName, id: string, result: PushResult) => void;
};

const STATE_ID = 'sync-push';
const ORDER = new Map<string, number>(REPLICATED_COLLECTIONS.map((name, i) => [name, i]));

export type PushBatcher = {
  push(name: ReplicatedName, rows: PushRow[]): Promise<WithDeleted<Doc>[]>;
  /** The device id the server knows this database by. */
  deviceId(): Promise<string>;
};

export function createPushBatcher(options: PushBatcherOptions): PushBatcher {
  const { db, supabase } = options;
  const windowMs = options.windowMs ?? 25;
  const maxChanges = options.maxChangesPerRequest ?? 500;
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  async function loadState(): Promise<PushState> {
    const doc = await db.getLocal<PushState>(STATE_ID);
    const data = doc?.toJSON().data as PushState | undefined;
    if (data?.device_id) return { ...data };
    const fresh: PushState = { device_id: crypto.randomUUID(), last_seq: 0, outbox: null };
    await db.upsertLocal<PushState>(STATE_ID, fresh);
    return fresh;
  }

  async function saveState(state: PushState) {
    await db.upsertLocal<PushState>(STATE_ID, state);
  }

  async function send(state: PushState, changes: Change[]): Promise<PushResult[]> {
    options.onRequest?.(changes.length);
    const response = await retry(
      () => callRpc(supabase, 'sync_push', { p_device_id: state.device_id, p_changes: changes }, pushResponseSchema),
      { shouldRetry: () => true, ...options.retry },
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
    options.onSettled?.(name, id, result);
    if (result.status === 'applied') {
      await clearFailure(name, id);
      return undefined;
    }
    if (result.status === 'conflict' && result.server_doc) return fromServer(name, result.server_doc) as WithDeleted<Doc>;
    if (result.status === 'rejected') await recordFailure(name, pushed, result);
    return undefined;
  }

  async function sendChunked(state: PushState, changes: Change[]): Promise<PushResult[]> {
    const results: PushResult[] = [];
    for (let i = 0; i < changes.length; i += maxChanges) {
      const chunk = changes.slice(i, i + maxChanges);
      state.outbox = chunk;
      await saveState(state);
      results.push(...(await send(state, chunk)));
      state.outbox = null;
      await saveState(state);
    }
    return results;
  }

  async function pushItems(items: Item[]): Promise<Map<string, WithDeleted<Doc>>> {
    const state = await loadState();
    const acked = new Map<string, Acked>();
    if (state.outbox?.length) {
      const outbox = state.outbox;
      const results = await send(state, outbox);
      state.outbox = null;
      await saveState(state);
      for (const result of results) {
        const change = outbox.find((c) => c.seq === result.seq);
        if (change) acked.set(`${change.table}:${String(change.doc.id)}`, { result, pushed: change.doc });
      }
    }

    const conflicts = new Map<string, WithDeleted<Doc>>();
    let work = [...items].sort((a, b) => ORDER.get(a.name)! - ORDER.get(b.name)!);
    for (let attempt = 0; work.length > 0; attempt++) {
      const changes: Change[] = [];
      const bySeq = new Map<number, Item & { doc: Doc }>();
      for (const item of work) {
        const key = `${item.name}:${String(item.row.newDocumentState.id)}`;
        const doc = toServer(item.name, item.row.newDocumentState);
        let assumed = item.row.assumedMasterState ? toServer(item.name, item.row.assumedMasterState) : undefined;
        const previous = acked.get(key);
        if (previous && documentsEqual(previous.pushed, doc)) {
          const conflict = await settle(item.name, doc, previous.result);
          if (conflict) conflicts.set(key, conflict);
          continue;
        }
        // The lost batch already changed this row: compare against what it made of it.
        if (previous?.result.status === 'applied' && previous.result.server_doc) {
          assumed = toServer(item.name, fromServer(item.name, previous.result.server_doc));
        }
        const seq = ++state.last_seq;
        changes.push({ seq, table: item.name, doc, ...(assumed ? { assumed } : {}) });
        bySeq.set(seq, { ...item, doc });
      }
      if (changes.length === 0) break;
      const results = await sendChunked(state, changes);
      const later: Item[] = [];
      for (const result of results) {
        const item = bySeq.get(result.seq);
        if (!item) continue;
        if (result.status === 'rejected' && result.code === '23503' && attempt < (options.missingParentRetries ?? 3)) {
          later.push(item);
          continue;
        }
        const conflict = await settle(item.name, item.doc, result);
        if (conflict) conflicts.set(`${item.name}:${String(item.doc.id)}`, conflict);
      }
      work = later;
      if (work.length > 0) await new Promise((resolve) => setTimeout(resolve, (options.missingParentDelayMs ?? 300) * (attempt + 1)));
    }
    return conflicts;
  }

  async function flush(batch: Waiting[]) {
    try {
      const conflicts = await pushItems(batch.flatMap((w) => w.rows.map((row) => ({ name: w.name, row }))));
      for (const w of batch) {
        w.resolve(w.rows.map((row) => conflicts.get(`${w.name}:${String(row.newDocumentState.id)}`)).filter((d): d is WithDeleted<Doc> => !!d));
      }
    } catch (error) {
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
          chain = chain.then(() => flush(batch));
        }, windowMs);
      });
    },
    async deviceId() {
      return (await loadState()).device_id;
    },
  };
}
