// One push of rows from any collections, parents first: the rows are numbered as changes and
// sent through the outbox, and each answer is applied. A row the record already holds an answer
// for is settled from it instead of sent again, and a row an earlier batch changed is rebased on
// what the server made of it. A child refused for its missing parent is sent again a few times
// within the push, then waits for a later one (sync/push-holdbacks.ts).
import type { WithDeleted } from 'rxdb';
import { REPLICATED_COLLECTIONS, type AppDatabase } from '../src/db/database';
import { documentsEqual, rebaseOnOwnWrite, type Doc } from './merge';
import { baseOnWire, fromServer, toServer, type Change, type PushResult } from './protocol';
import { adoptsServerRow, keyOf, type Answer } from './push-answers';
import { holdBack, withoutBlankDrafts, type HoldBackOptions, type PushItem } from './push-holdbacks';
import type { Outbox } from './push-outbox';
import type { PushRecord, PushState } from './push-state';
import type { PushOutcome } from './push-window';

/** What the device pushed and what the server made of it, for a conflict RxDB has no base for. */
export type KnownBase = { pushed: Doc; known: Doc };

export type PushContext = HoldBackOptions & {
  db: AppDatabase;
  record: PushRecord;
  outbox: Outbox;
  /** By key: rows an earlier batch changed whose answer RxDB has not recorded (PushBatcher.knownBase). */
  bases: Map<string, KnownBase>;
  /** Applies answers; returns, by key, the server's document for each conflict RxDB must resolve. */
  settle: (answers: readonly Answer[]) => Promise<Map<string, WithDeleted<Doc>>>;
  missingParentDelayMs: number;
  /** True when the answers must stay in the record for the next replication (see PushBatcherOptions). */
  keepAnswers?: () => boolean;
};

type Numbered = PushItem & { doc: Doc };
type Acked = NonNullable<PushState['acked']>;

const ORDER = new Map<string, number>(REPLICATED_COLLECTIONS.map((name, i) => [name, i]));

/**
 * Sends `items`; a row refused for its missing parent is sent again with the rows of calls made
 * meanwhile (`takeMore`, which may hold the parent), at once when there are some, else after a
 * pause. The record is read, not written, here: the write that claims the first request's
 * numbers is the fenced one (sync/push-outbox.ts), and a write less is a few ms less per edit.
 */
export async function pushItems(ctx: PushContext, items: PushItem[], epoch: number, takeMore: () => PushItem[] = () => []): Promise<PushOutcome> {
  const state = await ctx.record.read(epoch);
  await ctx.outbox.resend(state, epoch);
  const acked = state.acked ?? {};
  const outcome: PushOutcome = { conflicts: new Map(), deferred: new Set() };
  const all = [...items];
  const parentsFirst = (rows: PushItem[]) => rows.sort((a, b) => ORDER.get(a.name)! - ORDER.get(b.name)!);
  let work = parentsFirst(await withoutBlankDrafts(ctx.db, items));
  for (let attempt = 0; work.length > 0; attempt++) {
    const { changes, bySeq } = await numberChanges(ctx, work, state, acked, outcome);
    if (changes.length === 0) break;
    const results = await ctx.outbox.send(state, changes, epoch);
    work = await applyAnswers(ctx, results, bySeq, acked, attempt, outcome);
    if (work.length === 0) break;
    let more = takeMore();
    if (more.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, ctx.missingParentDelayMs * (attempt + 1)));
      more = takeMore();
    }
    all.push(...more);
    work = parentsFirst([...work, ...(await withoutBlankDrafts(ctx.db, more))]);
  }
  await dropSettledAnswers(ctx, all, state, acked, outcome.deferred, epoch);
  return outcome;
}

/** Numbers the rows still to send as changes; rows the record already holds an answer for are settled from it. */
async function numberChanges(ctx: PushContext, work: PushItem[], state: PushState, acked: Acked, outcome: PushOutcome) {
  const changes: Change[] = [];
  const bySeq = new Map<number, Numbered>();
  const answered: Answer[] = [];
  for (const item of work) {
    const key = keyOf(item.name, item.row.newDocumentState.id);
    let doc = toServer(item.name, item.row.newDocumentState);
    let assumed = item.row.assumedMasterState ? toServer(item.name, item.row.assumedMasterState) : undefined;
    if (item.row.assumedMasterState) ctx.bases.delete(key);
    const previous = acked[key];
    if (previous && documentsEqual(previous.pushed, doc)) {
      answered.push({ name: item.name, pushed: doc, result: previous.result });
      rememberOwnWrite(ctx, item, doc, previous.result);
      continue;
    }
    // An earlier batch already changed this row: compare against what it made of it.
    if (previous?.result.status === 'applied' && previous.result.server_doc) {
      const known = fromServer(item.name, previous.result.server_doc);
      assumed = toServer(item.name, known);
      // Fields the device has not changed since keep what the server made of them.
      doc = toServer(item.name, rebaseOnOwnWrite(previous.pushed, known, doc));
      if (!item.row.assumedMasterState) ctx.bases.set(key, { pushed: fromServer(item.name, previous.pushed), known });
    }
    const seq = ++state.last_seq;
    changes.push({ seq, table: item.name, doc, ...baseOnWire(doc, assumed) });
    bySeq.set(seq, { ...item, doc });
  }
  for (const [key, conflict] of await ctx.settle(answered)) outcome.conflicts.set(key, conflict);
  return { changes, bySeq };
}

/** Applies the answers to a batch; returns the rows to send again within this push. */
async function applyAnswers(ctx: PushContext, results: PushResult[], bySeq: Map<number, Numbered>, acked: Acked, attempt: number, outcome: PushOutcome) {
  const again: PushItem[] = [];
  const answered: Answer[] = [];
  for (const result of results) {
    const item = bySeq.get(result.seq);
    if (!item) continue;
    const key = keyOf(item.name, item.doc.id);
    const held = await holdBack(ctx.db, item, result, attempt, ctx);
    if (held) {
      // Not an answer to keep: the row is sent again, in this push or a later one. A missing
      // parent's refusal was not kept (keepAnswers): the answer before it stays, the row's base.
      if (result.code !== '23503') delete acked[key];
      if (held === 'retry') again.push(item);
      else outcome.deferred.add(key);
      continue;
    }
    if (result.status === 'applied') ctx.bases.delete(key);
    rememberOwnWrite(ctx, item, item.doc, result);
    answered.push({ name: item.name, pushed: item.doc, result });
  }
  for (const [key, conflict] of await ctx.settle(answered)) outcome.conflicts.set(key, conflict);
  return again;
}

/**
 * An applied change whose answer RxDB gets as the server's row (adoptsServerRow), for a row RxDB
 * has no base for (a new one): the merge is based on the device's own write, which the server
 * applied, so what the server filled in (an owner, a number) is taken, not logged as a conflict.
 */
function rememberOwnWrite(ctx: PushContext, item: PushItem, pushed: Doc, result: PushResult) {
  if (result.status !== 'applied' || !adoptsServerRow(result) || item.row.assumedMasterState) return;
  ctx.bases.set(keyOf(item.name, pushed.id), { pushed: fromServer(item.name, pushed), known: fromServer(item.name, result.server_doc!) });
}

/**
 * Every row of this push is settled now; answers for other rows wait for their push. A
 * collection with a row waiting for its parent pushes all its rows again: keep their answers.
 */
async function dropSettledAnswers(ctx: PushContext, items: PushItem[], state: PushState, acked: Acked, deferred: Set<string>, epoch: number) {
  const waitingNames = new Set([...deferred].map((key) => key.slice(0, key.indexOf(':'))));
  const settled = items
    .filter((item) => !waitingNames.has(item.name))
    .map((item) => keyOf(item.name, item.row.newDocumentState.id))
    .filter((key) => key in acked);
  if (settled.length === 0 || ctx.keepAnswers?.()) return;
  for (const key of settled) delete acked[key];
  state.acked = acked;
  await ctx.record.save(state, epoch);
}
