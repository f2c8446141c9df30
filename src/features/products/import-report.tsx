// What a CSV file would do to the catalogue, shown before anything is written: the count, the
// new products, each update with the fields it changes, and every problem by row and column.
import { ImportSummary, REPORT_CELL, ReportTable } from '../../components/report-table';
import { countLabel } from '../../lib/count-label';
import { formatMoney } from '../../lib/money';
import type { ImportPlan } from './csv';

function Summary({ plan }: { plan: ImportPlan }) {
  const creates = plan.valid.filter((r) => !r.existingId).length;
  const updates = plan.valid.length - creates;
  return (
    <ImportSummary counts={{ valid: plan.valid.length, problems: plan.problems.length, invalidRows: plan.invalidRows }}>
      {countLabel(plan.rows, 'row')} checked: {countLabel(plan.valid.length, 'valid row')} ({creates} new, {countLabel(updates, 'update')})
      {plan.unchanged > 0 && <>, {countLabel(plan.unchanged, 'row')} already up to date</>}
    </ImportSummary>
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
              <td className={`${REPORT_CELL} tabular-nums`}>{r.row}</td>
              <td className={`${REPORT_CELL} font-mono text-xs`}>{r.values.sku}</td>
              <td className={REPORT_CELL}>{r.values.name}</td>
              <td className={`${REPORT_CELL} tabular-nums`}>{formatMoney(r.values.unit_price_cents)}</td>
            </tr>
          ))}
        </ReportTable>
      )}
      {updated.length > 0 && (
        <ReportTable caption={`Updated products (${updated.length})`} headers={['Row', 'SKU', 'Changes']}>
          {updated.map((r) => (
            <tr key={r.row} data-testid="import-update">
              <td className={`${REPORT_CELL} tabular-nums`}>{r.row}</td>
              <td className={`${REPORT_CELL} font-mono text-xs`}>{r.values.sku}</td>
              <td className={REPORT_CELL}>
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
              <td className={`${REPORT_CELL} tabular-nums text-slate-900`}>{p.row}</td>
              <td className={`${REPORT_CELL} font-mono text-xs`}>{p.field}</td>
              <td className={REPORT_CELL}>{p.message}</td>
            </tr>
          ))}
        </ReportTable>
      )}
    </div>
  );
}
