// Subtotal, discount, tax and total; cost and margin for staff (left off the printed page).
import type { Totals } from '../../lib/money';
import { formatMoney } from '../../lib/money';
import { MarginText } from '../../components/ui/margin-text';

export function TotalsPanel({ totals, className }: { totals: Totals; className?: string }) {
  return (
    <dl data-testid="totals" className={`grid grid-cols-[1fr_auto] gap-x-6 gap-y-1.5 text-sm ${className ?? ''}`}>
      <dt className="text-slate-600">Subtotal</dt>
      <dd data-testid="subtotal" className="text-right tabular-nums">
        {formatMoney(totals.subtotal)}
      </dd>
      <dt className="text-slate-600">Discount</dt>
      <dd className="text-right tabular-nums">{totals.discount ? `−${formatMoney(totals.discount)}` : formatMoney(0)}</dd>
      <dt className="text-slate-600">Tax</dt>
      <dd className="text-right tabular-nums">{formatMoney(totals.tax)}</dd>
      <dt className="border-t border-slate-200 pt-1.5 font-semibold text-slate-900">Total</dt>
      <dd data-testid="total" className="border-t border-slate-200 pt-1.5 text-right font-semibold text-slate-900 tabular-nums">
        {formatMoney(totals.total)}
      </dd>
      <dt className="text-slate-600 print:hidden">Cost</dt>
      <dd data-testid="cost" className="text-right tabular-nums print:hidden">
        {formatMoney(totals.cost)}
      </dd>
      <dt className="text-slate-600 print:hidden">Margin</dt>
      <dd data-testid="estimate-margin" className="text-right print:hidden">
        <MarginText margin={totals} />
      </dd>
    </dl>
  );
}
