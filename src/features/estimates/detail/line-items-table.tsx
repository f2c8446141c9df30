// The estimate's lines as a table with each line's amount and (staff only, never printed) margin.
import { MarginText } from '../../../components/ui/margin-text';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import { formatMoney } from '../../../lib/money';
import { decimalText } from '../field-parsers';
import { lineFigures } from '../../../db/estimate-figures';

const HEAD = 'px-3 py-3 text-right font-semibold';
const CELL = 'px-3 py-3 text-right tabular-nums';

function LineRow({ item }: { item: EstimateItem }) {
  const line = lineFigures(item);
  return (
    <tr data-testid="detail-line">
      <td className="px-4 py-3">
        <span className="font-medium text-slate-900">{item.name}</span>
        {item.optional && <span className="ml-2 text-xs text-slate-600">{item.selected ? '(optional, included)' : '(optional, not included)'}</span>}
        {item.description && <span className="block text-xs text-slate-600">{item.description}</span>}
      </td>
      <td className={`${CELL} whitespace-nowrap`}>
        {decimalText(item.quantity)} {item.unit}
      </td>
      <td className={CELL}>{formatMoney(item.unit_price_cents)}</td>
      <td className={CELL}>{item.discount_percent ? `${decimalText(item.discount_percent)}%` : '—'}</td>
      <td className={`${CELL} font-medium`}>{formatMoney(line.subtotal)}</td>
      <td className="px-4 py-3 text-right print:hidden">
        <MarginText margin={line} />
      </td>
    </tr>
  );
}

export function LineItemsTable({ items }: { items: EstimateItem[] }) {
  if (items.length === 0) return <p className="text-sm text-slate-600">No lines yet.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm print:border-0 print:shadow-none">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr className="text-left text-slate-700">
            <th scope="col" className="px-4 py-3 font-semibold">
              Item
            </th>
            <th scope="col" className={HEAD}>
              Qty
            </th>
            <th scope="col" className={HEAD}>
              Unit price
            </th>
            <th scope="col" className={HEAD}>
              Disc.
            </th>
            <th scope="col" className={HEAD}>
              Amount
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold print:hidden">
              Margin
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <LineRow key={item.id} item={item} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
