// The customer's choice of optional items and the totals it gives, computed on the page at
// once with the same rules as the server (computeTotals of src/lib/money.ts).
import { computeTotals, type Totals } from '../../../lib/money';
import type { Snapshot, SnapshotLine } from './schemas';

/** Optional item id → chosen. Items not optional are always in. */
export type Selection = Readonly<Record<string, boolean>>;

export function initialSelection(snapshot: Snapshot): Selection {
  return Object.fromEntries(snapshot.items.filter((i) => i.optional).map((i) => [i.id, i.selected]));
}

export function isIncluded(item: SnapshotLine, selection: Selection): boolean {
  return !item.optional || (selection[item.id] ?? item.selected);
}

export function selectedOptionalIds(snapshot: Snapshot, selection: Selection): string[] {
  return snapshot.items.filter((i) => i.optional && isIncluded(i, selection)).map((i) => i.id);
}

export function selectionChanged(snapshot: Snapshot, selection: Selection): boolean {
  return snapshot.items.some((i) => i.optional && isIncluded(i, selection) !== i.selected);
}

/**
 * Totals for the choice. The snapshot carries the discount as applied to the sent choice;
 * it is applied again (clamped to the new subtotal), as the server does with the estimate's.
 */
export function totalsFor(snapshot: Snapshot, selection: Selection): Totals {
  return computeTotals(
    snapshot.items.map((i) => ({
      quantity: i.quantity,
      unitPriceCents: i.unit_price_cents,
      unitCostCents: null,
      discountPercent: i.discount_percent,
      taxable: i.taxable,
      optional: i.optional,
      selected: isIncluded(i, selection),
    })),
    { discountCents: snapshot.estimate.discount_cents, taxRate: snapshot.estimate.tax_rate },
  );
}
