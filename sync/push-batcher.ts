// Pushes local changes of every collection together: RxDB calls one push handler per
// collection; the handlers' rows are gathered into batches (sync/push-window.ts), each sent
// as one sync_push request (parents before children, sync/push-changes.ts), numbered per
// device so a retried batch is a no-op, and written to the outbox before they are sent
// (sync/push-outbox.ts), so a batch whose answer was lost is sent again before anything newer.
//
// Answers are kept in the same local document (`acked`) until the collection's own push
// settles them. RxDB pushes each collection separately and retries a failed push with the
// same rows, so the push that re-sends a lost batch is often another collection's, or holds
// only part of the rows: without the record, the rest would be sent again as new writes and
// the server would answer them as conflicts with the device's own earlier write.
//
// Fencing: tabs share this document, and a tab that hung while leading may wake up after
// another tab took over (sync/leader.ts). Each leader claims a new epoch in the document, and
// every write of it is a compare-and-swap that checks the epoch (sync/push-state.ts), so a
// stale batcher can neither number new changes nor overwrite the new leader's record. It sends
// only batches it wrote to the outbox first: a stale one resends at most an outbox batch, which
// the server answers as a duplicate.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import type { AppDatabase, ReplicatedName } from '../src/db/database';
import type { RetryOptions } from '../src/lib/retry';
import { baseAfterOwnWrite, type Doc } from './merge';
import type { PushResult } from './protocol';
import { keyOf, settleAnswers } from './push-answers';
import { pushItems, type KnownBase, type PushContext } from './push-changes';
import { createOutbox } from './push-outbox';
import { createPushState, StaleLeaderError } from './push-state';
import { createPushWindow } from './push-window';

export { chunkChanges } from './push-outbox';
export { StaleLeaderError } from './push-state';

export type PushRow = RxReplicationWriteToMasterRow<Doc>;

export type PushBatcherOptions = {
  db: AppDatabase;
  supabase: SupabaseClient;
  /** How long a call that finds the database idle waits for others to share its request (0: calls of the same task). */
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

export function createPushBatcher(options: PushBatcherOptions): PushBatcher {
  const { db } = options;
  const record = createPushState(db);
  const bases = new Map<string, KnownBase>();
  let claimed: number | null = null;

  async function claim(): Promise<number> {
    claimed = await record.claim();
    return claimed;
  }

  const context: PushContext = {
    db,
    record,
    bases,
    outbox: createOutbox({
      supabase: options.supabase,
      record,
      retry: options.retry,
      maxChanges: options.maxChangesPerRequest ?? 500,
      maxBytes: options.maxBytesPerRequest ?? 512 * 1024,
      onRequest: options.onRequest,
    }),
    settle: (answers) => settleAnswers(db, answers, options.onSettled),
    acceptanceWaits: new Map(),
    missingParentRetries: options.missingParentRetries ?? 3,
    missingParentDelayMs: options.missingParentDelayMs ?? 300,
    keepAnswers: options.keepAnswers,
  };

  const push = createPushWindow(db, options.windowMs ?? 0, async (items, takeMore) => {
    try {
      const epoch = claimed ?? (await claim());
      return await pushItems(context, items, epoch, takeMore);
    } catch (error) {
      if (error instanceof StaleLeaderError) options.onStale?.(error.epoch);
      throw error;
    }
  });

  return {
    push,
    deviceId: record.deviceId,
    claim,
    knownBase(name, id, local) {
      const base = bases.get(keyOf(name, id));
      return base ? baseAfterOwnWrite(base.pushed, base.known, local) : undefined;
    },
  };
}
