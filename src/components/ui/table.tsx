import type { ReactNode, ThHTMLAttributes, TdHTMLAttributes } from 'react';
import { cx } from './cx';

type TableProps = {
  /** A title shown above the header row. */
  caption?: ReactNode;
  /** The table's name for screen readers only, when the page's own heading already says it:
   * a hidden caption of its own, since a padded caption around hidden text would still take a
   * strip of space above the header. */
  label?: string;
  className?: string;
};

export function Table({ caption, label, children, className }: TableProps & { children: ReactNode }) {
  return (
    <div className={cx('overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm', className)}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        {caption ? <caption className="px-4 py-3 text-left text-sm font-semibold text-slate-900">{caption}</caption> : label && <caption className="sr-only">{label}</caption>}
        {children}
      </table>
    </div>
  );
}

function TableHead({ children }: { children: ReactNode }) {
  return <thead className="bg-slate-50">{children}</thead>;
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}

export function TableRow({ children, className }: { children: ReactNode; className?: string }) {
  return <tr className={cx('hover:bg-slate-50', className)}>{children}</tr>;
}

function TableHeader({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cx('px-4 py-3 text-left font-semibold whitespace-nowrap text-slate-700', className)} {...props} />;
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cx('px-4 py-3 text-slate-700', className)} {...props} />;
}

/** A column of TableColumns: its heading, and classes such as `hidden md:table-cell`. */
export type Column = ReactNode | { label: ReactNode; className?: string };

const isColumnSpec = (c: Column): c is { label: ReactNode; className?: string } => typeof c === 'object' && c !== null && 'label' in c;

/** The header row of a table; `actions` adds the last, visually empty column of row buttons. */
export function TableColumns({ columns, actions = false }: { columns: Column[]; actions?: boolean }) {
  return (
    <TableHead>
      <tr>
        {columns.map((c, i) => (isColumnSpec(c) ? <TableHeader key={i} className={c.className}>{c.label}</TableHeader> : <TableHeader key={i}>{c}</TableHeader>))}
        {actions && (
          <TableHeader>
            <span className="sr-only">Actions</span>
          </TableHeader>
        )}
      </tr>
    </TableHead>
  );
}

/** A table of records, a row each (keyed by its id): `columns` head it, `cells` gives a record's cells. */
export function RowsTable<T extends { id: string | number }>({
  columns,
  actions,
  rows,
  cells,
  ...table
}: TableProps & {
  columns: Column[];
  actions?: boolean;
  rows: readonly T[];
  cells: (row: T) => ReactNode;
}) {
  return (
    <Table {...table}>
      <TableColumns columns={columns} actions={actions} />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>{cells(row)}</TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
