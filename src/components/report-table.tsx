// A captioned table inside a short scrolling frame, for reports shown in a dialog (what a CSV
// import would do, row by row).
import type { ReactNode } from 'react';

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
