// The estimates feature's writes, all to the device database (sync carries them).
import { addDays, format } from 'date-fns';
import type { Account } from '../../db/collections/accounts';
import type { Estimate, EstimateStatus } from '../../db/collections/estimates';
import type { EstimateItem } from '../../db/collections/estimate-items';
import type { Milestone } from '../../db/collections/milestones';
import type { Product } from '../../db/collections/products';
import type { Prospect } from '../../db/collections/prospects';
import { addEstimateItem, createEstimate, insertDocument, patchDocument, removeDocument } from '../../db/commands';
import type { AppDatabase } from '../../db/database';
import { moveTo, sortOrderPatches } from './line-rules';

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

export function addCustomLine(db: AppDatabase, estimate: Pick<Estimate, 'id' | 'org_id'>, name = 'Custom item'): Promise<EstimateItem> {
  return addEstimateItem(db, estimate, { name });
}

export async function moveItem(db: AppDatabase, items: readonly { id: string; sort_order: number }[], from: number, to: number, collection: 'estimate_items' | 'milestones' = 'estimate_items'): Promise<void> {
  for (const patch of sortOrderPatches(moveTo(items, from, to))) {
    await patchDocument(db, collection, patch.id, { sort_order: patch.sort_order });
  }
}

export async function addMilestone(db: AppDatabase, estimate: Pick<Estimate, 'id' | 'org_id'>, count: number): Promise<Milestone> {
  return insertDocument(db, 'milestones', { org_id: estimate.org_id, estimate_id: estimate.id, title: `Phase ${count + 1}`, sort_order: count });
}

export function setStatus(db: AppDatabase, id: string, status: EstimateStatus): Promise<Estimate> {
  return patchDocument(db, 'estimates', id, { status });
}

export async function duplicateEstimate(db: AppDatabase, source: Estimate, items: readonly EstimateItem[], milestones: readonly Milestone[], userId: string): Promise<Estimate> {
  const copy = await createDraft(db, source.org_id, userId, {
    title: source.title ? `${source.title} (copy)` : 'Copy',
    account_id: source.account_id,
    prospect_id: source.prospect_id,
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

export type NewCustomer = { kind: 'account'; name: string } | { kind: 'prospect'; firstName: string; lastName: string; email: string };

export async function createCustomer(db: AppDatabase, orgId: string, userId: string, customer: NewCustomer): Promise<Account | Prospect> {
  if (customer.kind === 'account') return insertDocument(db, 'accounts', { org_id: orgId, name: customer.name, owner_id: userId });
  return insertDocument(db, 'prospects', { org_id: orgId, first_name: customer.firstName, last_name: customer.lastName, email: customer.email, owner_id: userId });
}

export { patchDocument, removeDocument };
