// RxDB calls one push handler per collection; the window gathers the rows of those calls for a
// short time into one batch, sends the batches of a database one after another, and answers
// each call from its batch's outcome.
import type { WithDeleted } from 'rxdb';
import type { AppDatabase, ReplicatedName } from '../src/db/database';
import type { Doc } from './merge';
import { keyOf } from './push-answers';
import { ParentNotSyncedError, type PushItem } from './push-holdbacks';

type PushRow = PushItem['row'];
type Waiting = { name: ReplicatedName; rows: PushRow[]; resolve: (conflicts: WithDeleted<Doc>[]) => void; reject: (error: unknown) => void };

/** What became of a batch: conflicts RxDB must resolve, and rows waiting for a parent (by key). */
export type PushOutcome = { conflicts: Map<string, WithDeleted<Doc>>; deferred: Set<string> };

// One queue per database, not per batcher: a sync that is stopping (sign-out, a remount) may
// still be waiting for an answer while the next one starts. Interleaved, both would number
// changes from the same last_seq, and the server would take the second batch for a retry of
// the first and skip it.
const queues = new WeakMap<AppDatabase, Promise<unknown>>();

export function createPushWindow(db: AppDatabase, windowMs: number, pushBatch: (items: PushItem[]) => Promise<PushOutcome>) {
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush(batch: Waiting[]) {
    try {
      const { conflicts, deferred } = await pushBatch(batch.flatMap((w) => w.rows.map((row) => ({ name: w.name, row }))));
      for (const w of batch) {
        const keys = w.rows.map((row) => keyOf(w.name, row.newDocumentState.id));
        const waitingForParent = keys.filter((key) => deferred.has(key));
        // Its other rows are answered already (kept in `acked`), so RxDB's retry costs nothing for them.
        if (waitingForParent.length > 0) w.reject(new ParentNotSyncedError(waitingForParent));
        else w.resolve(keys.map((key) => conflicts.get(key)).filter((d): d is WithDeleted<Doc> => !!d));
      }
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  return function push(name: ReplicatedName, rows: PushRow[]): Promise<WithDeleted<Doc>[]> {
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
  };
}
