// What a push holds back or waits for on this device: blank drafts stay local until they have
// content (sync/blank-draft.ts), and a row whose parent is on this device but not yet on the
// server waits for it (its push fails with ParentNotSyncedError and RxDB pushes it again).
import type { RxReplicationWriteToMasterRow } from 'rxdb';
import type { AppDatabase, ReplicatedName } from '../src/db/database';
import { ESTIMATE_CHILDREN, holdsBack, isBlankDraft } from './blank-draft';
import type { Doc } from './merge';

export type PushItem = { name: ReplicatedName; row: RxReplicationWriteToMasterRow<Doc> };

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
export class ParentNotSyncedError extends Error {
  constructor(readonly keys: string[]) {
    super(`Waiting for ${keys.length === 1 ? 'a parent document' : 'parent documents'} to sync first`);
    this.name = 'ParentNotSyncedError';
  }
}

/** Whether a row refused for a missing reference has that parent waiting on this device. */
export async function parentIsLocal(db: AppDatabase, name: ReplicatedName, doc: Doc): Promise<boolean> {
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
    if (item.name === 'estimates' && holdsBack(doc, assumed, (await hasChildren(db, String(doc.id))) ? 1 : 0)) continue;
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
