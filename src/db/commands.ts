// Writes for features. Every write goes to the local database only; sync pushes it later.
import type { AppDatabase, CollectionName, DocType, ReplicatedName } from './database';
import { definitionOf } from './database';
import type { Estimate } from './collections/estimates';
import type { EstimateItem } from './collections/estimate-items';
import { customerNameOf } from './customer-name';

export function newId(): string {
  return crypto.randomUUID();
}

/** Shown until the server assigns the final per-organization number on first sync. */
export function provisionalNumber(id: string): string {
  return `DRAFT-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export function isProvisionalNumber(number: string): boolean {
  return number.startsWith('DRAFT-');
}

type Listener = () => void;
const firstSaveListeners = new Set<Listener>();

/** Called once after the first local save of this session (sync asks for persistent storage then). */
export function onFirstSave(listener: Listener): () => void {
  firstSaveListeners.add(listener);
  return () => firstSaveListeners.delete(listener);
}

function saved() {
  for (const listener of [...firstSaveListeners]) {
    firstSaveListeners.delete(listener);
    listener();
  }
}

function stamp<T extends object>(values: T): T & { updated_at: string } {
  return { ...values, updated_at: new Date().toISOString() };
}

/** An estimate whose customer changes gets the customer's name (the list searches it). */
async function withCustomerName<N extends ReplicatedName>(db: AppDatabase, name: N, values: Partial<DocType<N>>, current?: Record<string, unknown>): Promise<Partial<DocType<N>>> {
  if (name !== 'estimates' || 'customer_name' in values) return values;
  const patch = values as Partial<Estimate>;
  if (!('account_id' in patch) && !('prospect_id' in patch)) return values;
  const account_id = 'account_id' in patch ? patch.account_id : (current?.account_id as string | null | undefined);
  const prospect_id = 'prospect_id' in patch ? patch.prospect_id : (current?.prospect_id as string | null | undefined);
  return { ...values, customer_name: await customerNameOf(db, { account_id, prospect_id }) };
}

/** Inserts a new document with defaults for every column left out; validated by zod. */
export async function insertDocument<N extends ReplicatedName>(db: AppDatabase, name: N, values: Partial<DocType<N>> & { org_id: string }): Promise<DocType<N>> {
  const definition = definitionOf(name);
  const named = await withCustomerName(db, name, values);
  const doc = definition.create(stamp({ id: newId(), created_at: new Date().toISOString(), ...named })) as DocType<N>;
  await (db[name] as AppDatabase[CollectionName]).insert(doc as never);
  saved();
  return doc;
}

/** Applies a patch of client columns; derived columns are recomputed, the result validated. */
export async function patchDocument<N extends ReplicatedName>(db: AppDatabase, name: N, id: string, patch: Partial<DocType<N>>): Promise<DocType<N>> {
  const definition = definitionOf(name);
  const doc = await (db[name] as AppDatabase[CollectionName]).findOne(id).exec();
  if (!doc) throw new Error(`No ${name} document ${id}`);
  const named = await withCustomerName(db, name, patch, doc.toJSON() as Record<string, unknown>);
  let next: Record<string, unknown> = {};
  // Applied to the latest stored state, so quick patches of different fields never undo each other.
  await doc.incrementalModify((latest: Record<string, unknown>) => {
    const { _deleted, _meta, _rev, _attachments, ...columns } = latest;
    next = definition.normalize({ ...columns, ...named, id, updated_at: new Date().toISOString() });
    delete next._deleted;
    definition.zod.parse(next);
    return { ...latest, ...next } as never;
  });
  saved();
  return next as DocType<N>;
}

/** Soft delete: the document syncs as deleted and disappears from queries. */
export async function removeDocument(db: AppDatabase, name: ReplicatedName, id: string): Promise<void> {
  const doc = await (db[name] as AppDatabase[CollectionName]).findOne(id).exec();
  if (!doc) return;
  await doc.incrementalRemove();
  saved();
}

export type NewEstimate = Partial<Estimate> & { org_id: string; owner_id: string | null };

export async function createEstimate(db: AppDatabase, values: NewEstimate): Promise<Estimate> {
  const id = values.id ?? newId();
  const number = provisionalNumber(id);
  return insertDocument(db, 'estimates', { ...values, id, number, provisional_number: number, status: 'draft' });
}

export async function addEstimateItem(db: AppDatabase, estimate: Pick<Estimate, 'id' | 'org_id'>, values: Partial<EstimateItem> & { name: string }): Promise<EstimateItem> {
  const last = await db.estimate_items
    .findOne({ selector: { estimate_id: estimate.id }, sort: [{ sort_order: 'desc' }] })
    .exec();
  return insertDocument(db, 'estimate_items', {
    sort_order: (last?.sort_order ?? -1) + 1,
    ...values,
    estimate_id: estimate.id,
    org_id: estimate.org_id,
  });
}

/** Writes a value that lost a merge back as a new local edit (which then syncs). */
export async function restoreConflict(db: AppDatabase, conflictId: string): Promise<void> {
  const conflict = await db.sync_issues.findOne(conflictId).exec();
  if (!conflict || conflict.kind !== 'conflict' || conflict.status !== 'open') return;
  const name = conflict.collection_name as ReplicatedName;
  const collection = db[name] as AppDatabase[CollectionName];
  const value = JSON.parse(conflict.local_value) as unknown;
  const current = await collection.findOne(conflict.doc_id).exec();
  if (current) {
    await patchDocument(db, name, conflict.doc_id, { [conflict.field]: value } as never);
  } else {
    // Deleted on the server while edited here: bring the document back with the value.
    const stored = await collection.storageInstance.findDocumentsById([conflict.doc_id], true);
    const previous = stored[0] as Record<string, unknown> | undefined;
    if (!previous) throw new Error(`No ${name} document ${conflict.doc_id}`);
    const definition = definitionOf(name);
    const doc = definition.normalize({ ...previous, [conflict.field]: value, updated_at: new Date().toISOString() });
    delete doc._deleted;
    await collection.upsert(doc as never);
    saved();
  }
  await conflict.incrementalPatch({ status: 'restored', resolved_at: new Date().toISOString() });
}

export async function dismissConflict(db: AppDatabase, conflictId: string): Promise<void> {
  const conflict = await db.sync_issues.findOne(conflictId).exec();
  if (conflict?.kind === 'conflict' && conflict.status === 'open') await conflict.incrementalPatch({ status: 'dismissed', resolved_at: new Date().toISOString() });
}
