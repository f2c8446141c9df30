// What becomes of the server's answers to a push: a rejection is recorded as a sync failure
// the user can see and retry (an accepted later push clears it), a conflict hands the server's
// document back to RxDB to merge, and so does a retried change the server had applied (see
// adoptsServerRow), and every answer is kept in the push record until the collection's own
// push settles it (sync/push-batcher.ts says why).
import type { WithDeleted } from 'rxdb';
import { failureId, syncIssues } from '../src/db/collections/sync-issues';
import type { AppDatabase, ReplicatedName } from '../src/db/database';
import type { Doc } from './merge';
import { fromServer, type Change, type PushResult } from './protocol';
import type { PushState } from './push-state';

/** Answers kept for rows RxDB has not pushed again yet; older ones are dropped first. */
const MAX_ACKED = 5000;

export const keyOf = (table: string, id: unknown) => `${table}:${String(id)}`;

async function recordFailure(db: AppDatabase, name: ReplicatedName, pushed: Doc, result: PushResult) {
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

/**
 * Whether RxDB must take the server's row from this answer, not record the pushed document as
 * the server's: a conflict's, to merge, and an applied change sent again ('duplicate': its first
 * answer was lost). While RxDB waited for that answer, a pull may have brought the row; RxDB
 * skips a pulled row whose push it has not recorded, yet moves its checkpoint past it, so
 * recording the pushed document would leave the device on a stale row for good. Handed over as
 * a conflict, the merge keeps the device's own values (the server has them) and takes the rest.
 */
export function adoptsServerRow(result: PushResult): boolean {
  return !!result.server_doc && (result.status === 'conflict' || (result.status === 'applied' && result.duplicate === true));
}

/** One answer to apply: the row as pushed and what the server said. */
export type Answer = { name: ReplicatedName; pushed: Doc; result: PushResult };

/**
 * Applies a batch's answers; returns, by key, the server's document for each conflict RxDB must
 * resolve. A row accepted now clears its recorded failure: the failures of the whole batch are
 * looked up in one query (one per row made a push of 1,000 edits wait on 1,000 lookups).
 */
export async function settleAnswers(
  db: AppDatabase,
  answers: readonly Answer[],
  onSettled?: (name: ReplicatedName, id: string, result: PushResult, pushed: Doc) => void,
): Promise<Map<string, WithDeleted<Doc>>> {
  const conflicts = new Map<string, WithDeleted<Doc>>();
  // Last answer wins for a row answered twice in one batch.
  const cleared = new Set<string>();
  for (const { name, pushed, result } of answers) {
    const id = String(pushed.id);
    onSettled?.(name, id, result, pushed);
    if (adoptsServerRow(result)) conflicts.set(keyOf(name, id), fromServer(name, result.server_doc!) as WithDeleted<Doc>);
    if (result.status === 'applied') cleared.add(failureId(name, id));
    else if (result.status === 'rejected') {
      cleared.delete(failureId(name, id));
      await recordFailure(db, name, pushed, result);
    }
  }
  if (cleared.size > 0) {
    const failures = await db.sync_issues.findByIds([...cleared]).exec();
    if (failures.size > 0) await db.sync_issues.bulkRemove([...failures.keys()]);
  }
  return conflicts;
}

/** Keeps the answers to a batch in `state` (changed in place) and clears its outbox. */
export function keepAnswers(state: PushState, batch: readonly Change[], results: readonly PushResult[]): void {
  const acked = state.acked ?? {};
  for (const result of results) {
    const change = batch.find((c) => c.seq === result.seq);
    if (!change) continue;
    const key = keyOf(change.table, change.doc.id);
    // A missing parent is no final answer: the row is sent again once its parent may be there,
    // rebased again on the answer kept before (an earlier write of it the server applied).
    if (result.status === 'rejected' && result.code === '23503') continue;
    acked[key] = { result, pushed: change.doc };
  }
  const keys = Object.keys(acked);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ACKED))) delete acked[key];
  state.acked = acked;
  state.outbox = null;
}
