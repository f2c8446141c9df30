// RxDB calls one push handler per collection; the window gathers the rows of those calls into
// batches, sends the batches of a database one after another, and answers each call from its
// batch's outcome.
//
// A call that finds the database idle is sent at once (after `windowMs`, 0 by default: calls
// made in the same task still share the request), so a single edit reaches the server without
// waiting. Calls made while a batch is on its way wait for it and then go together. A child
// can therefore be sent before its parent, when the parent's collection calls a moment later:
// the server refuses the child for its missing parent, and the batch, before it sends the child
// again, takes along every call that arrived meanwhile (`takeMore`), parents sorted first.
import type { WithDeleted } from 'rxdb';
import type { AppDatabase, ReplicatedName } from '../src/db/database';
import type { Doc } from './merge';
import { keyOf } from './push-answers';
import { ParentNotSyncedError, type PushItem } from './push-holdbacks';

type PushRow = PushItem['row'];
type Waiting = { name: ReplicatedName; rows: PushRow[]; resolve: (conflicts: WithDeleted<Doc>[]) => void; reject: (error: unknown) => void };

/** What became of a batch: conflicts RxDB must resolve, and rows waiting for a parent (by key). */
export type PushOutcome = { conflicts: Map<string, WithDeleted<Doc>>; deferred: Set<string> };

/** Sends a batch; `takeMore` hands over the rows of calls made since it started (they are answered with it). */
export type PushBatch = (items: PushItem[], takeMore: () => PushItem[]) => Promise<PushOutcome>;

// One queue per database, not per batcher: a sync that is stopping (sign-out, a remount) may
// still be waiting for an answer while the next one starts. Interleaved, both would number
// changes from the same last_seq, and the server would take the second batch for a retry of
// the first and skip it.
const queues = new WeakMap<AppDatabase, Promise<unknown>>();

const itemsOf = (calls: Waiting[]): PushItem[] => calls.flatMap((w) => w.rows.map((row) => ({ name: w.name, row })));

function answer(calls: Waiting[], outcome: PushOutcome) {
  const { conflicts, deferred } = outcome;
  for (const w of calls) {
    const keys = w.rows.map((row) => keyOf(w.name, row.newDocumentState.id));
    const waitingForParent = keys.filter((key) => deferred.has(key));
    // Its other rows are answered already (kept in `acked`), so RxDB's retry costs nothing for them.
    if (waitingForParent.length > 0) w.reject(new ParentNotSyncedError(waitingForParent));
    else w.resolve(keys.map((key) => conflicts.get(key)).filter((d): d is WithDeleted<Doc> => !!d));
  }
}

export function createPushWindow(db: AppDatabase, windowMs: number, pushBatch: PushBatch) {
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;

  async function flush(batch: Waiting[]) {
    const calls = [...batch];
    const takeMore = () => {
      const more = waiting;
      waiting = [];
      calls.push(...more);
      return itemsOf(more);
    };
    try {
      answer(calls, await pushBatch(itemsOf(batch), takeMore));
    } catch (error) {
      for (const w of calls) w.reject(error);
    }
  }

  /** Sends what is waiting, batch after batch, until nothing is left. */
  function drain() {
    timer = undefined;
    if (sending) return;
    sending = true;
    const next = (queues.get(db) ?? Promise.resolve()).then(async () => {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        await flush(batch);
      }
      sending = false;
    });
    queues.set(db, next);
  }

  return function push(name: ReplicatedName, rows: PushRow[]): Promise<WithDeleted<Doc>[]> {
    return new Promise((resolve, reject) => {
      waiting.push({ name, rows, resolve, reject });
      // While a batch is on its way, the loop in drain() sends this call after it.
      if (!sending) timer ??= setTimeout(drain, windowMs);
    });
  };
}
