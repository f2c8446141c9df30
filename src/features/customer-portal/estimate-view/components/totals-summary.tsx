// Subtotal, discount, tax and total for the customer's current choice; announced when the
// choice changes it.
import { formatMoney, type Totals } from '../../../../lib/money';
import { formatPercent } from '../format';

export function TotalsSummary({ totals, taxRate, changed }: { totals: Totals; taxRate: number; changed: boolean }) {
  return (
    <section aria-labelledby="totals-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 print:p-0 print:shadow-none print:ring-0">
      <h2 id="totals-heading" className="text-lg font-semibold text-slate-900">
        Total
      </h2>
      <dl className="mt-3 flex flex-col gap-2 text-base tabular-nums">
        <Row label="Subtotal" value={formatMoney(totals.subtotal)} />
        {totals.discount > 0 && <Row label="Discount" value={`−${formatMoney(totals.discount)}`} />}
        <Row label={`Tax (${formatPercent(taxRate)})`} value={formatMoney(totals.tax)} />
        <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3">
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd data-testid="estimate-total" aria-live="polite" className="text-2xl font-semibold text-slate-900">
            {formatMoney(totals.total)}
          </dd>
        </div>
      </dl>
      {changed && <p className="mt-2 text-sm text-slate-600">With the options you chose.</p>}
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}
