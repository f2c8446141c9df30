// A captioned table inside a short scrolling frame, for reports shown in a dialog (what a CSV
// import would do, row by row), and the summary line such a report opens with.
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { countLabel } from '../lib/count-label';

/** The class of a report's body cells. */
export const REPORT_CELL = 'px-3 py-2 align-top text-slate-700';

export function ReportTable({ caption, headers, children, testId }: { caption: string; headers: string[]; children: ReactNode; testId?: string }) {
  return (
    <div className="max-h-56 overflow-auto rounded-lg ring-1 ring-slate-200" data-testid={testId}>
      <table className="min-w-full text-sm">
        <caption className="bg-slate-50 px-3 pt-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
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

type ImportCounts = { valid: number; problems: number; invalidRows: number };

/**
 * The first line of an import report: a tick or a warning, what the file would do (`children`,
 * which the rows with problems follow), and what to do about its problems.
 */
export function ImportSummary({ counts, children }: { counts: ImportCounts; children: ReactNode }) {
  const { valid, problems, invalidRows } = counts;
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-slate-800">
      {problems === 0 ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
      ) : (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
      )}
      <span>
        {children}
        {invalidRows > 0 && <>, {countLabel(invalidRows, 'row')} with problems</>}.
        {problems > 0 && valid > 0 && ' Nothing is imported unless you choose to import only the valid rows, or fix the file and choose it again.'}
        {problems > 0 && valid === 0 && ' Fix the file and choose it again.'}
      </span>
    </p>
  );
}
