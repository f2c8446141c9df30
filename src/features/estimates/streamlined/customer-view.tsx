// What the customer reviews and signs: the estimate as the customer sees it, never cost or
// margin. The same content the canonical snapshot hashes (title, customer, lines, totals, notes,
// terms), plus the milestones the rep marked visible to the customer.
import type { Estimate } from '../../../db/collections/estimates';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import type { Milestone } from '../../../db/collections/milestones';
import { formatMoney } from '../../../lib/money';
import { decimalText } from '../field-parsers';
import { estimateFigures, lineFigures } from '../../../db/estimate-figures';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function day(date: string | null): string {
  return date ? DAY.format(new Date(`${date}T00:00:00Z`)) : '';
}

export function CustomerView({ estimate, items, milestones, customer }: { estimate: Estimate; items: readonly EstimateItem[]; milestones: readonly Milestone[]; customer: string }) {
  const totals = estimateFigures(estimate, items);
  const shown = milestones.filter((m) => m.visible_to_customer);
  return (
    <article data-testid="customer-view" aria-label="Estimate for the customer" className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div className="min-w-0">
          <h2 className="text-2xl font-semibold tracking-tight text-slate-900">{estimate.title || 'Estimate'}</h2>
          <p className="mt-1 text-base text-slate-700">{customer ? `Prepared for ${customer}` : 'No customer chosen yet'}</p>
        </div>
        {estimate.valid_until && <p className="text-sm text-slate-600">Valid until {day(estimate.valid_until)}</p>}
      </header>

      {items.length === 0 ? (
        <p className="rounded-xl bg-amber-50 p-4 text-base text-amber-900">There are no items on this estimate yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" aria-label="Items">
          {items.map((item) => {
            const counted = !item.optional || item.selected;
            return (
              <li key={item.id} data-testid="review-line" className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="text-base font-medium text-slate-900">
                    {item.name}
                    {item.optional && <span className="ml-2 text-sm font-normal text-slate-500">{item.selected ? '(optional, included)' : '(optional, not included)'}</span>}
                  </p>
                  {item.description && <p className="text-sm text-slate-600">{item.description}</p>}
                  <p className="text-sm text-slate-600 tabular-nums">
                    {decimalText(item.quantity)} {item.unit} × {formatMoney(item.unit_price_cents)}
                    {item.discount_percent > 0 && ` − ${decimalText(item.discount_percent)}%`}
                  </p>
                </div>
                <p className={`text-base font-semibold tabular-nums ${counted ? 'text-slate-900' : 'text-slate-400 line-through'}`}>{formatMoney(lineFigures(item).subtotal)}</p>
              </li>
            );
          })}
        </ul>
      )}

      <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-y-1.5 text-base">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="pl-6 text-right tabular-nums">{formatMoney(totals.subtotal)}</dd>
        {totals.discount > 0 && (
          <>
            <dt className="text-slate-600">Discount</dt>
            <dd className="pl-6 text-right tabular-nums">−{formatMoney(totals.discount)}</dd>
          </>
        )}
        <dt className="text-slate-600">Tax</dt>
        <dd className="pl-6 text-right tabular-nums">{formatMoney(totals.tax)}</dd>
        <dt className="border-t border-slate-200 pt-2 text-lg font-semibold text-slate-900">Total</dt>
        <dd data-testid="review-total" className="border-t border-slate-200 pt-2 pl-6 text-right text-lg font-semibold text-slate-900 tabular-nums">
          {formatMoney(totals.total)}
        </dd>
      </dl>

      {shown.length > 0 && (
        <section aria-labelledby="review-timeline" className="flex flex-col gap-2">
          <h3 id="review-timeline" className="text-base font-semibold text-slate-900">
            Timeline
          </h3>
          <ol className="flex flex-col gap-1.5">
            {shown.map((m) => (
              <li key={m.id} className="flex flex-wrap justify-between gap-x-4 text-base">
                <span className="text-slate-800">{m.title}</span>
                <span className="text-slate-600 tabular-nums">{[day(m.start_date), day(m.end_date)].filter(Boolean).join(' – ') || 'Dates to be agreed'}</span>
              </li>
            ))}
          </ol>
        </section>
      )}

      {(estimate.notes || estimate.terms) && (
        <section className="grid gap-4 text-sm sm:grid-cols-2">
          {estimate.notes && (
            <div>
              <h3 className="font-semibold text-slate-900">Notes</h3>
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{estimate.notes}</p>
            </div>
          )}
          {estimate.terms && (
            <div>
              <h3 className="font-semibold text-slate-900">Terms</h3>
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{estimate.terms}</p>
            </div>
          )}
        </section>
      )}
    </article>
  );
}
