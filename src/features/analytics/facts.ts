// Documents → facts: what analytics needs of each estimate (status, owner, account, the
// moments it was created, sent, viewed and accepted, its figures, and for accepted work the
// revenue and cost per product), computed once per document so that a range or filter change
// only summarizes facts (summarize.ts) and a synced change recomputes one estimate's fact.
import type { Account } from '../../db/collections/accounts';
import type { EstimateItem } from '../../db/collections/estimate-items';
import type { EstimateRequest } from '../../db/collections/estimate-requests';
import type { Estimate, EstimateStatus } from '../../db/collections/estimates';
import type { Product } from '../../db/collections/products';
import type { Profile } from '../../db/collections/profiles';
import type { Prospect } from '../../db/collections/prospects';
import { estimateFigures, type EstimateFigures } from '../../db/estimate-figures';
import { lineNetCents } from '../../lib/money';

export type EstimateDoc = Pick<
  Estimate,
  'id' | 'status' | 'owner_id' | 'account_id' | 'created_at' | 'sent_at' | 'viewed_at' | 'accepted_at' | 'discount_cents' | 'tax_rate'
>;
export type ItemDoc = Pick<
  EstimateItem,
  'id' | 'estimate_id' | 'product_id' | 'name' | 'quantity' | 'unit_price_cents' | 'unit_cost_cents' | 'discount_percent' | 'taxable' | 'optional' | 'selected'
>;
export type RequestDoc = Pick<EstimateRequest, 'id' | 'created_at' | 'converted_estimate_id' | 'prospect_id'>;
export type ProfileDoc = Pick<Profile, 'user_id' | 'first_name' | 'last_name' | 'email'>;
type AccountDoc = Pick<Account, 'id' | 'name'>;
type ProductDoc = Pick<Product, 'id' | 'name'>;
type ProspectDoc = Pick<Prospect, 'id' | 'account_id'>;

/** The organization's documents as the device has them (deleted ones left out). */
export type AnalyticsDocs = {
  estimates: readonly EstimateDoc[];
  items: readonly ItemDoc[];
  requests: readonly RequestDoc[];
  profiles: readonly ProfileDoc[];
  accounts: readonly AccountDoc[];
  products: readonly ProductDoc[];
  prospects: readonly ProspectDoc[];
};

/** One product's share of an accepted estimate: its lines' price after the estimate discount, and their cost. */
type ProductLine = { key: string; revenue: number; cost: number };

export type EstimateFact = {
  id: string;
  status: EstimateStatus;
  ownerId: string | null;
  accountId: string | null;
  /** Milliseconds since the epoch; null when the estimate has not got there. */
  created: number;
  sent: number | null;
  viewed: number | null;
  accepted: number | null;
  figures: EstimateFigures;
  /** Only for accepted estimates (the only ones top products count). */
  products: ProductLine[];
};

export type RequestFact = { id: string; created: number; estimateId: string | null; prospectId: string | null };

export type Facts = {
  estimates: Map<string, EstimateFact>;
  requests: Map<string, RequestFact>;
  /** user id → display name */
  owners: Map<string, string>;
  accounts: Map<string, string>;
  /** product key → name: catalogue names, and the line's own name for free-form items */
  products: Map<string, string>;
  /** prospect id → its account, for requests filtered by account */
  prospectAccounts: Map<string, string | null>;
};

// 2026-11-22T16:38:45.05+00:00 as Postgres prints it, 2026-11-22 16:38:45+00, or toISOString().
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** A stored timestamp in milliseconds; null for no or unreadable text. */
function timeOf(text: string | null | undefined): number | null {
  if (!text) return null;
  const parts = TIMESTAMP.exec(text);
  if (!parts) return null;
  const [, day, clock, zone = 'Z'] = parts;
  const offset = zone === 'Z' ? zone : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
  const ms = Date.parse(`${day}T${clock}${offset}`);
  return Number.isNaN(ms) ? null : ms;
}

/** Free-form lines (no product) are grouped by their name. */
function productKey(item: Pick<ItemDoc, 'product_id' | 'name'>): string {
  return item.product_id ?? `custom:${item.name.trim().toLowerCase()}`;
}

function counts(item: ItemDoc): boolean {
  return !item.optional || item.selected;
}

/**
 * Revenue and cost per product of one estimate. The estimate discount is spread over the lines
 * in proportion to their net (DOMAIN.md), the cents left over by rounding down going to the
 * largest remainders, so the products' revenue adds up to the estimate's price exactly. A
 * line's cost is quantity × unit cost rounded to the cent (a missing cost counts as zero).
 */
function productLines(items: readonly ItemDoc[], figures: Pick<EstimateFigures, 'subtotal' | 'discount'>): ProductLine[] {
  const lines = items.filter(counts).map((item) => ({
    key: productKey(item),
    net: lineNetCents({ quantity: item.quantity, unitPriceCents: item.unit_price_cents, discountPercent: item.discount_percent }),
    cost: lineNetCents({ quantity: item.quantity, unitPriceCents: item.unit_cost_cents ?? 0, discountPercent: 0 }),
  }));
  const shares = allocate(BigInt(figures.discount), lines.map((l) => BigInt(l.net)), BigInt(figures.subtotal));
  const byKey = new Map<string, ProductLine>();
  lines.forEach((line, i) => {
    const entry = byKey.get(line.key) ?? { key: line.key, revenue: 0, cost: 0 };
    entry.revenue += line.net - shares[i]!;
    entry.cost += line.cost;
    byKey.set(line.key, entry);
  });
  return [...byKey.values()];
}

/** `total` split in proportion to `weights` (which add up to `sum` > 0), exactly, largest remainders first. */
function allocate(total: bigint, weights: readonly bigint[], sum: bigint): number[] {
  if (total === 0n || sum <= 0n) return weights.map(() => 0);
  const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
  const exact = weights.map((w) => total * w);
  const shares = exact.map((e) => floorDiv(e, sum));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const order = exact.map((e, i) => ({ i, rest: e - shares[i]! * sum })).sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.i - b.i));
  for (const { i } of order) {
    if (left <= 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

export function estimateFact(estimate: EstimateDoc, items: readonly ItemDoc[]): EstimateFact {
  const figures = estimateFigures(estimate, items);
  return {
    id: estimate.id,
    status: estimate.status,
    ownerId: estimate.owner_id,
    accountId: estimate.account_id,
    created: timeOf(estimate.created_at) ?? 0,
    sent: timeOf(estimate.sent_at),
    viewed: timeOf(estimate.viewed_at),
    accepted: timeOf(estimate.accepted_at),
    figures,
    products: estimate.status === 'accepted' ? productLines(items, figures) : [],
  };
}

export function requestFact(request: RequestDoc): RequestFact {
  return { id: request.id, created: timeOf(request.created_at) ?? 0, estimateId: request.converted_estimate_id, prospectId: request.prospect_id };
}

export function ownerName(profile: ProfileDoc): string {
  return `${profile.first_name} ${profile.last_name}`.trim() || profile.email;
}

/** Items grouped by their estimate. */
function itemsByEstimate(items: readonly ItemDoc[]): Map<string, ItemDoc[]> {
  const grouped = new Map<string, ItemDoc[]>();
  for (const item of items) {
    const list = grouped.get(item.estimate_id);
    if (list) list.push(item);
    else grouped.set(item.estimate_id, [item]);
  }
  return grouped;
}

/** Names of the products lines refer to: the catalogue's, else the first line's own name. */
export function addLineNames(names: Map<string, string>, items: readonly ItemDoc[]): void {
  for (const item of items) {
    const key = productKey(item);
    if (!names.has(key)) names.set(key, item.name || 'Unnamed item');
  }
}

export function buildFacts(docs: AnalyticsDocs): Facts {
  const grouped = itemsByEstimate(docs.items);
  const estimates = new Map<string, EstimateFact>();
  for (const estimate of docs.estimates) estimates.set(estimate.id, estimateFact(estimate, grouped.get(estimate.id) ?? []));
  const products = new Map(docs.products.map((p) => [p.id, p.name]));
  addLineNames(products, docs.items);
  return {
    estimates,
    requests: new Map(docs.requests.map((r) => [r.id, requestFact(r)])),
    owners: new Map(docs.profiles.map((p) => [p.user_id, ownerName(p)])),
    accounts: new Map(docs.accounts.map((a) => [a.id, a.name])),
    products,
    prospectAccounts: new Map(docs.prospects.map((p) => [p.id, p.account_id])),
  };
}
