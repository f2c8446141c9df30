// An estimate's stored totals (total_cents, margin_percent, …) are the server's to compute, but
// a device that changes lines offline must not show yesterday's figures until it syncs. So
// every local write that can move them (a line added, changed or removed; the estimate's
// discount or tax rate) writes the figures of estimateFigures into those columns here too.
// They are server-owned: the server recomputes them from the rows it holds, and its values win
// every merge, so a device's figures only ever stand in until the server's arrive.
import type { Estimate } from './collections/estimates';
import type { AppDatabase } from './database';
import { estimateFigures } from './estimate-figures';

/** Columns of an estimate that, changed, change its figures. */
export const FIGURE_INPUTS = ['discount_cents', 'tax_rate'] as const;

type StoredFigures = Pick<Estimate, 'subtotal_cents' | 'applied_discount_cents' | 'tax_cents' | 'total_cents' | 'cost_cents' | 'margin_cents' | 'margin_percent'>;

export async function storeEstimateFigures(db: AppDatabase, estimateId: string): Promise<void> {
  const estimate = await db.estimates.findOne(estimateId).exec();
  if (!estimate) return;
  const items = (await db.estimate_items.find({ selector: { estimate_id: estimateId } }).exec()).map((item) => item.toJSON());
  if (sameFigures(estimate, storedFigures(estimate, items))) return;
  await estimate.incrementalModify((latest) => ({ ...latest, ...storedFigures(latest, items) }));
}

function storedFigures(estimate: Pick<Estimate, 'discount_cents' | 'tax_rate'>, items: Parameters<typeof estimateFigures>[1]): StoredFigures {
  const figures = estimateFigures(estimate, items);
  return {
    subtotal_cents: figures.subtotal,
    applied_discount_cents: figures.discount,
    tax_cents: figures.tax,
    total_cents: figures.total,
    cost_cents: figures.cost,
    margin_cents: figures.marginCents,
    margin_percent: figures.marginPercent,
  };
}

function sameFigures(estimate: StoredFigures, figures: StoredFigures): boolean {
  return (Object.keys(figures) as (keyof StoredFigures)[]).every((key) => estimate[key] === figures[key]);
}
