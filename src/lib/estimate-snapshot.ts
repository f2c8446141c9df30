// The canonical customer-visible content of an estimate and its SHA-256 hash: what a version
// snapshots, what a customer accepts. The device computes it to capture an acceptance offline;
// the server (private.estimate_snapshot in SQL) builds the very same bytes from its rows and
// refuses an acceptance whose hash differs. Keyed by the estimate id, never by its number (a
// device only knows a provisional DRAFT-… number), and never carries cost or margin.
//
// The text is JSON with a fixed key order and no whitespace; decimals are written without
// trailing zeros (Postgres `trim_scale(x)::text`), money as integer cents, dates as
// YYYY-MM-DD, strings escaped the way both JSON.stringify and Postgres' to_json do.
// supabase/tests/snapshot.test.ts proves the SQL side produces the same text.
import { computeTotals, lineNetCents } from './money';

const SNAPSHOT_FORMAT = 1;

export type SnapshotEstimate = {
  id: string;
  title: string;
  account_id: string | null;
  prospect_id: string | null;
  valid_until: string | null;
  tax_rate: number;
  discount_cents: number;
  notes: string;
  terms: string;
};

export type SnapshotItem = {
  id: string;
  name: string;
  description: string;
  quantity: number;
  unit: string;
  unit_price_cents: number;
  unit_cost_cents?: number | null;
  discount_percent: number;
  taxable: boolean;
  optional: boolean;
  selected: boolean;
  sort_order: number;
  _deleted?: boolean;
};

/** A decimal with at most 3 places, as Postgres prints trim_scale(numeric). */
export function canonicalDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a decimal: ${value}`);
  const fixed = value.toFixed(3);
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

const str = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const int = (value: number) => String(Math.trunc(value));
const bool = (value: boolean) => (value ? 'true' : 'false');

function object(pairs: [string, string][]): string {
  return `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/** Items in the snapshot's order: sort_order, then id; deleted ones left out. */
function snapshotItems<I extends SnapshotItem>(items: readonly I[]): I[] {
  return items
    .filter((item) => !item._deleted)
    .sort((a, b) => a.sort_order - b.sort_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function canonicalSnapshot(estimate: SnapshotEstimate, items: readonly SnapshotItem[]): string {
  const shown = snapshotItems(items);
  const totals = computeTotals(
    shown.map((i) => ({
      quantity: i.quantity,
      unitPriceCents: i.unit_price_cents,
      unitCostCents: i.unit_cost_cents ?? null,
      discountPercent: i.discount_percent,
      taxable: i.taxable,
      optional: i.optional,
      selected: i.selected,
    })),
    { discountCents: estimate.discount_cents, taxRate: estimate.tax_rate },
  );
  const head = object([
    ['id', str(estimate.id)],
    ['title', str(estimate.title)],
    ['account_id', str(estimate.account_id)],
    ['prospect_id', str(estimate.prospect_id)],
    ['valid_until', str(estimate.valid_until)],
    ['tax_rate', canonicalDecimal(estimate.tax_rate)],
    ['discount_cents', int(totals.discount)],
    ['subtotal_cents', int(totals.subtotal)],
    ['tax_cents', int(totals.tax)],
    ['total_cents', int(totals.total)],
    ['notes', str(estimate.notes)],
    ['terms', str(estimate.terms)],
  ]);
  const lines = shown.map((i) =>
    object([
      ['id', str(i.id)],
      ['name', str(i.name)],
      ['description', str(i.description)],
      ['quantity', canonicalDecimal(i.quantity)],
      ['unit', str(i.unit)],
      ['unit_price_cents', int(i.unit_price_cents)],
      ['discount_percent', canonicalDecimal(i.discount_percent)],
      ['taxable', bool(i.taxable)],
      ['optional', bool(i.optional)],
      ['selected', bool(i.selected)],
      ['sort_order', int(i.sort_order)],
      ['line_net_cents', int(lineNetCents({ quantity: i.quantity, unitPriceCents: i.unit_price_cents, discountPercent: i.discount_percent }))],
    ]),
  );
  return object([
    ['format', String(SNAPSHOT_FORMAT)],
    ['estimate', head],
    ['items', `[${lines.join(',')}]`],
  ]);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function snapshotAndHash(estimate: SnapshotEstimate, items: readonly SnapshotItem[]) {
  const snapshot = canonicalSnapshot(estimate, items);
  return { snapshot, sha256: await sha256Hex(snapshot) };
}
