// What a CSV file would do to the catalogue, shown before anything is written: the count, the
// new products, each update with the fields it changes, and every problem by row and column.
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/money';
import type { ImportPlan } from './csv';

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

const TH = 'px-3 py-2 text-left font-semibold text-slate-700';
const TD = 'px-3 py-2 align-top text-slate-700';

function ReportTable({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <div className="max-h-56 overflow-auto rounded-lg ring-1 ring-slate-200">
      <table className="min-w-full text-sm">
        <caption className="bg-slate-50 px-3 pt-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={TH}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function Summary({ plan }: { plan: ImportPlan }) {
  const creates = plan.valid.filter((r) => !r.existingId).length;
  const updates = plan.valid.length - creates;
  const partial = plan.problems.length > 0 && plan.valid.length > 0;
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-slate-800">
      {plan.problems.length === 0 ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
      ) : (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
      )}
      <span>
        {plural(plan.rows, 'row')} checked: {plural(plan.valid.length, 'valid row')} ({creates} new, {plural(updates, 'update')})
        {plan.unchanged > 0 && <>, {plural(plan.unchanged, 'row')} already up to date</>}
        {plan.invalidRows > 0 && <>, {plural(plan.invalidRows, 'row')} with problems</>}.
        {partial && ' Nothing is imported unless you choose to import only the valid rows, or fix the file and choose it again.'}
        {plan.problems.length > 0 && plan.valid.length === 0 && ' Fix the file and choose it again.'}
      </span>
    </p>
  );
}

export function ImportReport({ plan }: { plan: ImportPlan }) {
  const created = plan.valid.filter((r) => !r.existingId);
  const updated = plan.valid.filter((r) => r.existingId);
  return (
    <div className="flex flex-col gap-3" data-testid="import-report">
      <Summary plan={plan} />
      {created.length > 0 && (
        <ReportTable caption={`New products (${created.length})`} headers={['Row', 'SKU', 'Name', 'Unit price']}>
          {created.map((r) => (
            <tr key={r.row} data-testid="import-new">
              <td className={`${TD} tabular-nums`}>{r.row}</td>
              <td className={`${TD} font-mono text-xs`}>{r.values.sku}</td>
              <td className={TD}>{r.values.name}</td>
              <td className={`${TD} tabular-nums`}>{formatMoney(r.values.unit_price_cents)}</td>
            </tr>
          ))}
        </ReportTable>
      )}
      {updated.length > 0 && (
        <ReportTable caption={`Updated products (${updated.length})`} headers={['Row', 'SKU', 'Changes']}>
          {updated.map((r) => (
            <tr key={r.row} data-testid="import-update">
              <td className={`${TD} tabular-nums`}>{r.row}</td>
              <td className={`${TD} font-mono text-xs`}>{r.values.sku}</td>
              <td className={TD}>
                <ul>
                  {r.changes.map((c) => (
                    <li key={c.column}>
                      <span className="font-mono text-xs">{c.column}</span>: {c.from} → <strong className="font-semibold text-slate-900">{c.to}</strong>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </ReportTable>
      )}
      {plan.problems.length > 0 && (
        <ReportTable caption="Problems found in the file" headers={['Row', 'Column', 'Problem']}>
          {plan.problems.map((p, i) => (
            <tr key={`${p.row}-${p.field}-${i}`}>
              <td className={`${TD} tabular-nums text-slate-900`}>{p.row}</td>
              <td className={`${TD} font-mono text-xs`}>{p.field}</td>
              <td className={TD}>{p.message}</td>
            </tr>
          ))}
        </ReportTable>
      )}
    </div>
  );
}
