// The figures of an estimate — subtotal, discount, tax, total, cost, margin $ and % — from
// its document and its items, as the device has them. This is THE place every screen gets
// them from: the detail page, the list, the home page and analytics must agree to the cent,
// also offline, when the server's stored totals (estimates.total_cents, …) are not in yet
// or are behind an edit made on this device. The rules are computeTotals' of
// src/lib/money.ts (the twin of the database's compute_totals): optional items count only
// when selected, the estimate discount is spread over the lines, tax is rounded once.
import { computeTotals, type Totals, type TotalsItem } from '../lib/money';
import type { Estimate } from './collections/estimates';
import type { EstimateItem } from './collections/estimate-items';

export type FiguresEstimate = Pick<Estimate, 'discount_cents' | 'tax_rate'>;

export type FiguresItem = Pick<
  EstimateItem,
  'quantity' | 'unit_price_cents' | 'unit_cost_cents' | 'discount_percent' | 'taxable' | 'optional' | 'selected'
> & {
  /** RxDB's deleted flag, for documents read from storage rather than from a query. */
  _deleted?: boolean;
};

export type EstimateFigures = Totals & {
  /** Subtotal less the applied discount, before tax: the price margin is measured on. */
  price: number;
};

function figuresItem(item: FiguresItem): TotalsItem {
  return {
    quantity: item.quantity,
    unitPriceCents: item.unit_price_cents,
    unitCostCents: item.unit_cost_cents,
    discountPercent: item.discount_percent,
    taxable: item.taxable,
    optional: item.optional,
    selected: item.selected,
    deleted: item._deleted === true,
  };
}

/** `items` are the estimate's own items; deleted ones and unselected optional ones do not count. */
export function estimateFigures(estimate: FiguresEstimate, items: readonly FiguresItem[]): EstimateFigures {
  const totals = computeTotals(items.map(figuresItem), { discountCents: estimate.discount_cents, taxRate: estimate.tax_rate });
  return { ...totals, price: totals.subtotal - totals.discount };
}

/** One line's net, cost and margin by the same rules, as if it were alone and counted. */
export function lineFigures(item: FiguresItem): Totals {
  return computeTotals([{ ...figuresItem(item), optional: false, selected: true }], { discountCents: 0, taxRate: 0 });
}
