// What a push holds back or waits for on this device: blank drafts stay local until they have
// content (sync/blank-draft.ts), a row whose parent is on this device but not yet on the
// server waits for it (its push fails with ParentNotSyncedError and RxDB pushes it again), and
// so does an acceptance signed offline whose lines are still on their way.
import type { RxReplicationWriteToMasterRow } from 'rxdb';
import type { AppDatabase, ReplicatedName } from '../src/db/database';
import { ESTIMATE_CHILDREN, holdsBack, isBlankDraft } from './blank-draft';
import type { Doc } from './merge';
import type { PushResult } from './protocol';
import { keyOf } from './push-answers';

export type PushItem = { name: ReplicatedName; row: RxReplicationWriteToMasterRow<Doc> };

/** The references a push can meet before their parent is on the server (foreign keys). */
const PARENTS: Partial<Record<ReplicatedName, readonly (readonly [string, ReplicatedName])[]>> = {
  prospects: [['account_id', 'accounts']],
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
export class ParentNotSyncedError extends Error {
  constructor(readonly keys: string[]) {
    super(`Waiting for ${keys.length === 1 ? 'a parent document' : 'parent documents'} to sync first`);
    this.name = 'ParentNotSyncedError';
  }
}

/** Pushes an offline acceptance may wait for its lines before the refusal counts (RxDB retries a
 * push after 10 s, so a real refusal shows within about half a minute). */
const ACCEPTANCE_WAITS = 2;

export type HoldBackOptions = {
  /** How often a child refused for its missing parent is sent again within one push. */
  missingParentRetries: number;
  /** How many pushes each estimate's acceptance has waited for its lines, by key. */
  acceptanceWaits: Map<string, number>;
};

/**
 * Whether a refusal may only mean the row came early: 'retry' sends it again within this push
 * (its parent, of another collection, may be in a later request), 'wait' leaves it for a later
 * push (its parent, or an acceptance's lines, is still on this device); null: the answer stands.
 */
export async function holdBack(db: AppDatabase, item: { name: ReplicatedName; doc: Doc }, result: PushResult, attempt: number, o: HoldBackOptions): Promise<'retry' | 'wait' | null> {
  const key = keyOf(item.name, item.doc.id);
  const waits = o.acceptanceWaits;
  if (result.status === 'rejected' && result.code === '23503' && attempt < o.missingParentRetries) return 'retry';
  if (result.status === 'rejected' && result.code === '23503' && (await parentIsLocal(db, item.name, item.doc))) return 'wait';
  if (result.status === 'rejected' && result.reason === 'acceptance_mismatch' && (waits.get(key) ?? 0) < ACCEPTANCE_WAITS) {
    // A signature captured offline is checked against the lines on the server, and the
    // lines push in their own collection's batch, which may come after this one: the
    // acceptance waits for them, as a child waits for its parent, a few pushes at most.
    waits.set(key, (waits.get(key) ?? 0) + 1);
    return 'wait';
  }
  waits.delete(key);
  return null;
}

/** Whether a row refused for a missing reference has that parent waiting on this device. */
async function parentIsLocal(db: AppDatabase, name: ReplicatedName, doc: Doc): Promise<boolean> {
  for (const [field, parent] of PARENTS[name] ?? []) {
    const id = doc[field];
    const collection = (db.collections as unknown as Record<string, AppDatabase[ReplicatedName] | undefined>)[parent];
    if (typeof id !== 'string' || !collection) continue;
    if (await collection.findOne(id).exec()) return true;
  }
  return false;
}

type Finder = { findOne(id: string): { exec(): Promise<{ toJSON(): unknown } | null> }; find(query: object): { exec(): Promise<unknown[]> } };
const collection = (db: AppDatabase, name: string) => (db.collections as unknown as Record<string, Finder | undefined>)[name];

async function hasChildren(db: AppDatabase, estimateId: string): Promise<boolean> {
  for (const name of ESTIMATE_CHILDREN) {
    const found = await collection(db, name)?.find({ selector: { estimate_id: estimateId }, limit: 1 }).exec();
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
export async function withoutBlankDrafts(db: AppDatabase, items: PushItem[]): Promise<PushItem[]> {
  const kept: PushItem[] = [];
  for (const item of items) {
    const { newDocumentState: doc, assumedMasterState: assumed } = item.row;
    // Children are looked up only for an estimate blank in its own columns: a query per pushed
    // estimate made a push of 1,000 edits spend most of its time here.
    if (item.name === 'estimates' && holdsBack(doc, assumed, 0) && !(await hasChildren(db, String(doc.id)))) continue;
    kept.push(item);
  }
  const pushing = new Set(kept.filter((item) => item.name === 'estimates').map((item) => String(item.row.newDocumentState.id)));
  for (const item of [...kept]) {
    const parentId = item.row.newDocumentState.estimate_id;
    if (!(ESTIMATE_CHILDREN as readonly string[]).includes(item.name) || typeof parentId !== 'string' || pushing.has(parentId)) continue;
    pushing.add(parentId);
    const parent = (await collection(db, 'estimates')?.findOne(parentId).exec())?.toJSON() as Doc | undefined;
    // No RxDB push waits for this row: its answer goes nowhere but to `acked`.
    if (parent && isBlankDraft(parent, 0)) kept.push({ name: 'estimates', row: { newDocumentState: { ...parent, _deleted: false } } as PushItem['row'] });
  }
  return kept;
}
