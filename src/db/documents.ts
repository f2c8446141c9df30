// Generic writes of replicated documents, for every feature. Every write goes to the device
// database only; sync pushes it later. Domain commands (a feature's commands.ts) build on these.
import type { AppDatabase, CollectionName, DocType, ReplicatedName } from './database';
import { definitionOf } from './database';
import type { Estimate } from './collections/estimates';
import { customerNameOf } from './customer-name';
import { FIGURE_INPUTS, storeEstimateFigures } from './stored-figures';

export function newId(): string {
  return crypto.randomUUID();
}

type Listener = () => void;
const firstSaveListeners = new Set<Listener>();

/** Called once after the first local save of this session (sync asks for persistent storage then). */
export function onFirstSave(listener: Listener): () => void {
  firstSaveListeners.add(listener);
  return () => firstSaveListeners.delete(listener);
}

/** Tells the first-save listeners that work was saved on this device. */
export function markSaved() {
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

/** After a local write: an estimate whose lines or discount or tax changed gets its figures. */
async function keepFigures(db: AppDatabase, name: ReplicatedName, doc: Record<string, unknown>, patch?: Record<string, unknown>): Promise<void> {
  if (name === 'estimate_items' && typeof doc.estimate_id === 'string') await storeEstimateFigures(db, doc.estimate_id);
  else if (name === 'estimates' && typeof doc.id === 'string' && (!patch || FIGURE_INPUTS.some((key) => key in patch))) await storeEstimateFigures(db, doc.id);
}

/** Inserts a new document with defaults for every column left out; validated by zod. */
export async function insertDocument<N extends ReplicatedName>(db: AppDatabase, name: N, values: Partial<DocType<N>> & { org_id: string }): Promise<DocType<N>> {
  const definition = definitionOf(name);
  const named = await withCustomerName(db, name, values);
  const doc = definition.create(stamp({ id: newId(), created_at: new Date().toISOString(), ...named })) as DocType<N>;
  await (db[name] as AppDatabase[CollectionName]).insert(doc as never);
  if (name === 'estimate_items') await keepFigures(db, name, doc);
  markSaved();
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
  await keepFigures(db, name, next, patch);
  markSaved();
  return next as DocType<N>;
}

/** Soft delete: the document syncs as deleted and disappears from queries. */
export async function removeDocument(db: AppDatabase, name: ReplicatedName, id: string): Promise<void> {
  const doc = await (db[name] as AppDatabase[CollectionName]).findOne(id).exec();
  if (!doc) return;
  await doc.incrementalRemove();
  if (name === 'estimate_items') await keepFigures(db, name, doc.toJSON() as Record<string, unknown>);
  markSaved();
}
