// What a prospects CSV would add, shown before anything is written: the count, a preview of
// the new prospects, the duplicates (by e-mail, never imported) and every problem by row and
// column.
import { ImportSummary, REPORT_CELL, ReportTable } from '../../components/report-table';
import { countLabel } from '../../lib/count-label';
import type { ImportPlan } from './csv';
import { personName, STAGE } from './pipeline';

const PREVIEW_ROWS = 100;

function Summary({ plan }: { plan: ImportPlan }) {
  return (
    <ImportSummary counts={{ valid: plan.valid.length, problems: plan.problems.length, invalidRows: plan.invalidRows }}>
      {countLabel(plan.rows, 'row')} checked: {countLabel(plan.valid.length, 'new prospect')}
      {plan.duplicates.length > 0 && <>, {countLabel(plan.duplicates.length, 'duplicate')} by e-mail (not imported)</>}
    </ImportSummary>
  );
}

export function ImportReport({ plan, owners }: { plan: ImportPlan; owners: ReadonlyMap<string, string> }) {
  const preview = plan.valid.slice(0, PREVIEW_ROWS);
  return (
    <div className="flex flex-col gap-3" data-testid="import-report">
      <Summary plan={plan} />
      {preview.length > 0 && (
        <ReportTable testId="import-preview" caption={plan.valid.length > PREVIEW_ROWS ? `New prospects (first ${PREVIEW_ROWS} of ${plan.valid.length.toLocaleString('en-US')})` : `New prospects (${plan.valid.length})`} headers={['Row', 'Name', 'E-mail', 'Stage', 'Owner']}>
          {preview.map((r) => (
            <tr key={r.row}>
              <td className={`${REPORT_CELL} tabular-nums`}>{r.row}</td>
              <td className={REPORT_CELL}>{personName(r.values)}</td>
              <td className={REPORT_CELL}>{r.values.email || '—'}</td>
              <td className={REPORT_CELL}>{STAGE[r.values.status].label}</td>
              <td className={REPORT_CELL}>{owners.get(r.values.owner_id ?? '') ?? 'No owner'}</td>
            </tr>
          ))}
        </ReportTable>
      )}
      {plan.duplicates.length > 0 && (
        <ReportTable testId="import-duplicates" caption={`Duplicates by e-mail, not imported (${plan.duplicates.length})`} headers={['Row', 'E-mail', 'Already']}>
          {plan.duplicates.map((d) => (
            <tr key={d.row}>
              <td className={`${REPORT_CELL} tabular-nums`}>{d.row}</td>
              <td className={REPORT_CELL}>{d.email}</td>
              <td className={REPORT_CELL}>{d.of}</td>
            </tr>
          ))}
        </ReportTable>
      )}
      {plan.problems.length > 0 && (
        <ReportTable testId="import-problems" caption={`Problems (${plan.problems.length})`} headers={['Row', 'Column', 'Problem']}>
          {plan.problems.map((p, i) => (
            <tr key={`${p.row}-${p.field}-${i}`}>
              <td className={`${REPORT_CELL} tabular-nums`}>{p.row}</td>
              <td className={`${REPORT_CELL} font-mono text-xs`}>{p.field}</td>
              <td className={REPORT_CELL}>{p.message}</td>
            </tr>
          ))}
        </ReportTable>
      )}
    </div>
  );
}
