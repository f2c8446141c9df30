// The editor's totals as typed: the side panel on wide screens, and a running bar under the
// editor on tablets. Both follow values typed but not saved yet.
import { useEffect, useState } from 'react';
import { MarginText } from '../../../components/ui/margin-text';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import type { Estimate } from '../../../db/collections/estimates';
import { formatMoney } from '../../../lib/money';
import { TotalsPanel } from '../totals-panel';
import { useTypedTotals, type DraftStore } from './draft-values';

type TotalsProps = { drafts: DraftStore; items: readonly EstimateItem[]; estimate: Estimate };

export function TypedTotalsPanel({ drafts, items, estimate }: TotalsProps) {
  return <TotalsPanel totals={useTypedTotals(drafts, items, estimate)} />;
}

/** How long the total must stay put before a screen reader hears it (not on every keystroke). */
const ANNOUNCE_AFTER_MS = 1000;

/** Says the new total politely once typing pauses; always in the page, whichever totals show. */
function TotalAnnouncement({ total }: { total: number }) {
  const [said, setSaid] = useState(() => formatMoney(total));
  useEffect(() => {
    const timer = setTimeout(() => setSaid(formatMoney(total)), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [total]);
  return (
    <p role="status" aria-live="polite" data-testid="total-announcement" className="sr-only">
      Total {said}
    </p>
  );
}

/** The bar under the editor on screens without the totals column, and the total's announcement. */
export function RunningTotals({ drafts, items, estimate }: TotalsProps) {
  const totals = useTypedTotals(drafts, items, estimate);
  return (
    <>
      <TotalAnnouncement total={totals.total} />
      <div aria-label="Running totals" role="region" className="sticky bottom-0 -mx-2 flex flex-wrap items-center justify-end gap-x-6 gap-y-1 rounded-t-xl border border-slate-200 bg-white/95 px-4 py-3 text-sm shadow-lg backdrop-blur xl:hidden">
        <span>
          <span className="text-slate-600">Subtotal </span>
          <span className="tabular-nums">{formatMoney(totals.subtotal)}</span>
        </span>
        <span>
          <span className="text-slate-600">Total </span>
          <span data-testid="running-total" className="font-semibold text-slate-900 tabular-nums">
            {formatMoney(totals.total)}
          </span>
        </span>
        <span>
          <span className="text-slate-600">Margin </span>
          <MarginText margin={totals} />
        </span>
      </div>
    </>
  );
}
