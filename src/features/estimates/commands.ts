// The estimates feature's writes, all to the device database (sync carries them).
import { addDays, format } from 'date-fns';
import type { Account } from '../../db/collections/accounts';
import type { Estimate, EstimateStatus } from '../../db/collections/estimates';
import type { EstimateItem } from '../../db/collections/estimate-items';
import type { Milestone } from '../../db/collections/milestones';
import type { Product } from '../../db/collections/products';
import type { Prospect } from '../../db/collections/prospects';
import { insertDocument, patchDocument, removeDocument } from '../../db/documents';
import { createEstimate } from '../../db/new-estimate';
import type { AppDatabase } from '../../db/database';
import type { NewCustomer } from './new-customer-schema';
import { snapshotAndHash } from '../../lib/estimate-snapshot';
import type { SignatureMethod } from '../../lib/signature';
import { customerDisplayName } from '../../db/customer-name';
import { moveTo, sortOrderPatches } from './line-order';

export async function createDraft(db: AppDatabase, orgId: string, userId: string, values: Partial<Estimate> = {}): Promise<Estimate> {
  const org = await db.organizations.findOne(orgId).exec();
  const days = org?.default_validity_days ?? 30;
  return createEstimate(db, {
    org_id: orgId,
    owner_id: userId,
    valid_until: format(addDays(new Date(), days), 'yyyy-MM-dd'),
    tax_rate: org?.default_tax_rate ?? 0,
    terms: org?.default_terms ?? '',
    ...values,
  });
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

export function addProductLine(db: AppDatabase, estimate: Pick<Estimate, 'id' | 'org_id'>, product: Product): Promise<EstimateItem> {
  return addEstimateItem(db, estimate, {
    product_id: product.id,
    name: product.name,
    description: product.description,
    unit: product.unit,
    unit_price_cents: product.unit_price_cents,
    unit_cost_cents: product.unit_cost_cents,
    taxable: product.taxable,
  });
}

// Quick taps on a tile or a stepper each read the line and write it back; run one after the
// other, every tap counts even before the screen has caught up.
let taps: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = taps.then(work);
  taps = run.catch(() => undefined);
  return run;
}

const roundQuantity = (q: number) => Math.max(0, Math.round(q * 1000) / 1000);

/** A tile tapped in the tablet flow: a product already on the estimate counts one more. */
export function addOrCountProduct(db: AppDatabase, estimate: Pick<Estimate, 'id' | 'org_id'>, product: Product): Promise<EstimateItem> {
  return oneAtATime(async () => {
    const existing = await db.estimate_items.findOne({ selector: { estimate_id: estimate.id, product_id: product.id } }).exec();
    if (!existing) return addProductLine(db, estimate, product);
    return patchDocument(db, 'estimate_items', existing.id, { quantity: roundQuantity(existing.quantity + 1) });
  });
}

/** A stepper's − or +: the stored quantity changes by delta, never below zero. */
export function stepQuantity(db: AppDatabase, itemId: string, delta: number): Promise<EstimateItem> {
  return oneAtATime(async () => {
    const item = await db.estimate_items.findOne(itemId).exec();
    if (!item) throw new Error('This line is no longer on the estimate');
    return patchDocument(db, 'estimate_items', itemId, { quantity: roundQuantity(item.quantity + delta) });
  });
}

export function addCustomLine(db: AppDatabase, estimate: Pick<Estimate, 'id' | 'org_id'>, name = 'Custom item', values: Partial<EstimateItem> = {}): Promise<EstimateItem> {
  return addEstimateItem(db, estimate, { ...values, name, product_id: null });
}

export async function moveItem(db: AppDatabase, items: readonly { id: string; sort_order: number }[], from: number, to: number, collection: 'estimate_items' | 'milestones' = 'estimate_items'): Promise<void> {
  for (const patch of sortOrderPatches(moveTo(items, from, to))) {
    await patchDocument(db, collection, patch.id, { sort_order: patch.sort_order });
  }
}

export async function addMilestone(db: AppDatabase, estimate: Pick<Estimate, 'id' | 'org_id'>, count: number): Promise<Milestone> {
  return insertDocument(db, 'milestones', { org_id: estimate.org_id, estimate_id: estimate.id, title: `Phase ${count + 1}`, sort_order: count });
}

/** The customer of an estimate; its display name is set here too so lists show it at once (the server keeps it after). */
export async function setCustomer(db: AppDatabase, id: string, ref: { account_id: string | null; prospect_id: string | null }): Promise<Estimate> {
  // Read from the database, not a screen's list: a customer created a moment ago may not be in it yet.
  const customer = ref.account_id ? await db.accounts.findOne(ref.account_id).exec() : ref.prospect_id ? await db.prospects.findOne(ref.prospect_id).exec() : null;
  return patchDocument(db, 'estimates', id, { ...ref, customer_name: customerDisplayName(customer?.toJSON() as Account | Prospect | undefined) });
}

/** Sent from this device; the server issues the customer link and e-mails it (after sync when offline). */
export function sendEstimate(db: AppDatabase, id: string, email: string): Promise<Estimate> {
  return patchDocument(db, 'estimates', id, { sent_to_email: email, status: 'sent' });
}

/** A sent (or viewed, changes-requested, expired) estimate goes back to draft to be edited and sent again. */
export const REVISABLE: readonly EstimateStatus[] = ['sent', 'viewed', 'changes_requested', 'expired'];

export async function reviseEstimate(db: AppDatabase, estimate: Pick<Estimate, 'id' | 'status'>): Promise<Estimate> {
  if (!REVISABLE.includes(estimate.status)) throw new Error(`A ${estimate.status} estimate cannot be revised in place`);
  return patchDocument(db, 'estimates', estimate.id, { status: 'draft' });
}

/** A declined estimate is locked on the server: its revision is a new draft that names the original. */
export function reviseDeclined(db: AppDatabase, source: Estimate, items: readonly EstimateItem[], milestones: readonly Milestone[], userId: string): Promise<Estimate> {
  return duplicateEstimate(db, source, items, milestones, userId, revisionTitle(source.title, source.number));
}

/** "Deck (revision of EST-000012)"; a revision of a revision names only the latest one. */
export function revisionTitle(title: string, number: string): string {
  const base = title.replace(/ \(revision of [^)]*\)$/, '') || 'Untitled estimate';
  return `${base} (revision of ${number})`;
}

export type Acceptance = { name: string; signature: string; method?: SignatureMethod };

/**
 * The customer accepted on this device: the hash of exactly what they reviewed (the canonical
 * snapshot of the estimate and its items as stored here now), their typed name, the drawn
 * signature and the device time, in one write. The server recomputes the hash from its rows
 * when this syncs and refuses a mismatch.
 */
export async function captureAcceptance(db: AppDatabase, id: string, acceptance: Acceptance, now: Date = new Date()): Promise<Estimate> {
  const estimate = await db.estimates.findOne(id).exec();
  if (!estimate) throw new Error('This estimate is not on this device');
  if (estimate.status === 'accepted' || estimate.status === 'declined' || estimate.status === 'archived') throw new Error(`This estimate is already ${estimate.status}`);
  const items = (await db.estimate_items.find({ selector: { estimate_id: id } }).exec()).map((doc) => doc.toJSON() as EstimateItem);
  if (items.length === 0) throw new Error('An estimate without items cannot be accepted');
  const { sha256 } = await snapshotAndHash(estimate.toJSON() as Estimate, items);
  return patchDocument(db, 'estimates', id, {
    status: 'accepted',
    acceptance_sha256: sha256,
    accepted_by_name: acceptance.name,
    acceptance_signature: acceptance.signature,
    acceptance_signature_method: acceptance.method ?? 'drawn',
    accepted_at: now.toISOString(),
  });
}

/**
 * After the server refused an acceptance: the estimate goes back to draft without the captured
 * acceptance, so it can be reviewed with the customer and signed again; the refusal is closed.
 */
export async function withdrawAcceptance(db: AppDatabase, id: string, failureId: string | null): Promise<Estimate> {
  const estimate = await patchDocument(db, 'estimates', id, { status: 'draft', acceptance_sha256: '', accepted_by_name: '', acceptance_signature: '', acceptance_signature_method: '', accepted_at: null });
  if (failureId) {
    const failure = await db.sync_issues.findOne(failureId).exec();
    if (failure?.status === 'open') await failure.incrementalPatch({ status: 'dismissed', resolved_at: new Date().toISOString() });
  }
  return estimate;
}

export function setStatus(db: AppDatabase, id: string, status: EstimateStatus): Promise<Estimate> {
  return patchDocument(db, 'estimates', id, { status });
}

export async function duplicateEstimate(db: AppDatabase, source: Estimate, items: readonly EstimateItem[], milestones: readonly Milestone[], userId: string, title?: string): Promise<Estimate> {
  const copy = await createDraft(db, source.org_id, userId, {
    title: title ?? (source.title ? `${source.title} (copy)` : 'Copy'),
    account_id: source.account_id,
    prospect_id: source.prospect_id,
    customer_name: source.customer_name,
    sent_to_email: source.sent_to_email,
    tax_rate: source.tax_rate,
    discount_cents: source.discount_cents,
    notes: source.notes,
    terms: source.terms,
  });
  for (const item of items) {
    const { id: _id, created_at: _c, updated_at: _u, estimate_id: _e, ...values } = item;
    await insertDocument(db, 'estimate_items', { ...values, estimate_id: copy.id });
  }
  for (const milestone of milestones) {
    const { id: _id, created_at: _c, updated_at: _u, estimate_id: _e, ...values } = milestone;
    await insertDocument(db, 'milestones', { ...values, estimate_id: copy.id });
  }
  return copy;
}

export function addComment(db: AppDatabase, estimate: Pick<Estimate, 'id' | 'org_id'>, body: string, internal: boolean) {
  return insertDocument(db, 'comments', { org_id: estimate.org_id, estimate_id: estimate.id, body, internal, thread_id: estimate.id });
}

export async function createCustomer(db: AppDatabase, orgId: string, userId: string, customer: NewCustomer): Promise<Account | Prospect> {
  if (customer.kind === 'account') return insertDocument(db, 'accounts', { org_id: orgId, name: customer.name, owner_id: userId });
  return insertDocument(db, 'prospects', { org_id: orgId, first_name: customer.firstName, last_name: customer.lastName, email: customer.email, owner_id: userId });
}

export { patchDocument, removeDocument };
