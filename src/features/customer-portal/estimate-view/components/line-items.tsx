// The sent version's lines: name, description, quantity and unit, unit price, discount and
// line total. Optional lines can be switched on and off while the customer may still decide
// (the totals follow at once); afterwards they say whether they are included.
import { formatMoney } from '../../../../lib/money';
import { useHydrated } from '../../../../lib/use-hydrated';
import { cx } from '../../../../components/ui/cx';
import { formatPercent, formatQuantity } from '../format';
import type { Snapshot, SnapshotLine } from '../schemas';
import { isIncluded, type Selection } from '../selection';

type Props = { snapshot: Snapshot; selection: Selection; onSelectionChange?: (next: Selection) => void };

export function LineItems({ snapshot, selection, onSelectionChange }: Props) {
  const required = snapshot.items.filter((i) => !i.optional);
  const optional = snapshot.items.filter((i) => i.optional);
  return (
    <section aria-labelledby="items-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 print:p-0 print:shadow-none print:ring-0">
      <h2 id="items-heading" className="text-lg font-semibold text-slate-900">
        What is included
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {required.map((item) => (
          <Line key={item.id} item={item} included />
        ))}
      </ul>
      {optional.length > 0 && (
        <div className="mt-6">
          <h3 className="text-base font-semibold text-slate-900">Options</h3>
          <p className="text-sm text-slate-600 print:hidden">
            {onSelectionChange ? 'Choose the options you want; the total updates as you go.' : 'The options chosen are marked as included.'}
          </p>
          <ul className="mt-2 divide-y divide-slate-200">
            {optional.map((item) => (
              <Line
                key={item.id}
                item={item}
                included={isIncluded(item, selection)}
                onToggle={onSelectionChange && ((on) => onSelectionChange({ ...selection, [item.id]: on }))}
              />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Line({ item, included, onToggle }: { item: SnapshotLine; included: boolean; onToggle?: (on: boolean) => void }) {
  const checkboxId = `option-${item.id}`;
  // In the server's HTML the option cannot change the total yet: it waits for the script.
  const hydrated = useHydrated();
  return (
    <li data-testid="line-item" data-included={included} className={cx('flex gap-3 py-3', !included && 'text-slate-500 print:hidden')}>
      {onToggle && (
        <input
          id={checkboxId}
          type="checkbox"
          checked={included}
          disabled={!hydrated}
          onChange={(e) => onToggle(e.target.checked)}
          className="mt-1 size-5 shrink-0 rounded border-slate-400 accent-[var(--org)] print:hidden"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
        <div className="min-w-0">
          {onToggle ? (
            <label htmlFor={checkboxId} className="cursor-pointer font-medium text-slate-900">
              {item.name}
              <span className="sr-only">{included ? ' (included)' : ' (not included)'}</span>
            </label>
          ) : (
            <p className={cx('font-medium', included ? 'text-slate-900' : 'text-slate-600')}>
              {item.name}
              {item.optional && <span className="ml-2 text-sm font-normal text-slate-600">{included ? '· included' : '· not included'}</span>}
            </p>
          )}
          {item.description && <p className="text-sm whitespace-pre-line text-slate-600">{item.description}</p>}
          <p className="text-sm text-slate-600 tabular-nums">
            {formatQuantity(item.quantity, item.unit)} × {formatMoney(item.unit_price_cents)}
            {item.discount_percent > 0 && <span> · {formatPercent(item.discount_percent)} off</span>}
          </p>
        </div>
        <p className={cx('shrink-0 font-medium tabular-nums sm:text-right', included ? 'text-slate-900' : 'text-slate-600')}>{formatMoney(item.line_net_cents)}</p>
      </div>
    </li>
  );
}
