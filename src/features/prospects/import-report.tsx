// What a prospects CSV would add, shown before anything is written: the count, a preview of
// the new prospects, the duplicates (by e-mail, never imported) and every problem by row and
// column.
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ImportPlan } from './csv';
import { personName, STAGE } from './pipeline';

const PREVIEW_ROWS = 100;

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

const TH = 'px-3 py-2 text-left font-semibold text-slate-700';
const TD = 'px-3 py-2 align-top text-slate-700';

function ReportTable({ caption, headers, children, testId }: { caption: string; headers: string[]; children: ReactNode; testId: string }) {
  return (
    <div className="max-h-56 overflow-auto rounded-lg ring-1 ring-slate-200" data-testid={testId}>
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
  const partial = plan.problems.length > 0 && plan.valid.length > 0;
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-slate-800">
      {plan.problems.length === 0 ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
      ) : (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
      )}
      <span>
        {plural(plan.rows, 'row')} checked: {plural(plan.valid.length, 'new prospect')}
        {plan.duplicates.length > 0 && <>, {plural(plan.duplicates.length, 'duplicate')} by e-mail (not imported)</>}
        {plan.invalidRows > 0 && <>, {plural(plan.invalidRows, 'row')} with problems</>}.
        {partial && ' Nothing is imported unless you choose to import only the valid rows, or fix the file and choose it again.'}
        {plan.problems.length > 0 && plan.valid.length === 0 && ' Fix the file and choose it again.'}
      </span>
    </p>
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
              <td className={`${TD} tabular-nums`}>{r.row}</td>
              <td className={TD}>{personName(r.values)}</td>
              <td className={TD}>{r.values.email || '—'}</td>
              <td className={TD}>{STAGE[r.values.status].label}</td>
              <td className={TD}>{owners.get(r.values.owner_id ?? '') ?? 'No owner'}</td>
            </tr>
          ))}
        </ReportTable>
      )}
      {plan.duplicates.length > 0 && (
        <ReportTable testId="import-duplicates" caption={`Duplicates by e-mail, not imported (${plan.duplicates.length})`} headers={['Row', 'E-mail', 'Already']}>
          {plan.duplicates.map((d) => (
            <tr key={d.row}>
              <td className={`${TD} tabular-nums`}>{d.row}</td>
              <td className={TD}>{d.email}</td>
              <td className={TD}>{d.of}</td>
            </tr>
          ))}
        </ReportTable>
      )}
      {plan.problems.length > 0 && (
        <ReportTable testId="import-problems" caption={`Problems (${plan.problems.length})`} headers={['Row', 'Column', 'Problem']}>
          {plan.problems.map((p, i) => (
            <tr key={`${p.row}-${p.field}-${i}`}>
              <td className={`${TD} tabular-nums`}>{p.row}</td>
              <td className={`${TD} font-mono text-xs`}>{p.field}</td>
              <td className={TD}>{p.message}</td>
            </tr>
          ))}
        </ReportTable>
      )}
    </div>
  );
}
