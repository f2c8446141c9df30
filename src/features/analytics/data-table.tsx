// A compact table of figures beside a chart, and its CSV export from the same columns.
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { downloadText } from '../../lib/download';
import { toCsv, type CsvValue } from './csv';

export type TableColumn<R> = {
  header: string;
  /** The CSV column's name when it differs (units: "Revenue (USD)"). */
  csvHeader?: string;
  numeric?: boolean;
  /** Long text (product names) may wrap; other cells stay on one line. */
  wrap?: boolean;
  /** Exported, not shown (the table shows it inside another cell). */
  csvOnly?: boolean;
  cell: (row: R) => ReactNode;
  csv: (row: R) => CsvValue;
};

export function DataTable<R>({
  label,
  columns,
  rows,
  rowKey,
  fileName,
  empty = 'Nothing in this range.',
  className,
}: {
  /** The table's accessible name, also the CSV button's. */
  label: string;
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** Without .csv. */
  fileName: string;
  empty?: string;
  className?: string;
}) {
  const shown = columns.filter((c) => !c.csvOnly);
  const download = () =>
    downloadText(
      `${fileName}.csv`,
      toCsv(
        columns.map((c) => c.csvHeader ?? c.header),
        rows.map((row) => columns.map((c) => c.csv(row))),
      ),
    );
  return (
    <div className={cx('flex min-w-0 flex-col gap-2', className)}>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            <tr>
              {shown.map((c) => (
                <th key={c.header} scope="col" className={cx('px-2.5 py-2 align-bottom font-semibold text-slate-700', c.numeric ? 'text-right' : 'text-left')}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={shown.length} className="px-3 py-4 text-center text-slate-500">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  {shown.map((c, i) =>
                    i === 0 ? (
                      <th key={c.header} scope="row" className={cx('px-2.5 py-2 text-left font-medium text-slate-800', c.wrap ? 'min-w-40' : 'whitespace-nowrap')}>
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td key={c.header} className={cx('px-2.5 py-2 whitespace-nowrap text-slate-700', c.numeric && 'text-right tabular-nums')}>
                        {c.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Button variant="ghost" size="sm" className="self-end" icon={<Download aria-hidden="true" className="size-4" />} onClick={download} aria-label={`Download ${label} as CSV`}>
        CSV
      </Button>
    </div>
  );
}

export function Section({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} data-section={id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The chart, then the table with its figures (side by side, either would be cramped on a tablet). */
export function ChartAndTable({ chart, table }: { chart: ReactNode; table: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      {chart}
      {table}
    </div>
  );
}
