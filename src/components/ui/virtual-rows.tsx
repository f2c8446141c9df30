// A long list as an ARIA table whose rows are virtualized: only the rows in view are in the DOM,
// so ten thousand records scroll as smoothly as ten. The caller draws the header row and each
// row (absolutely placed at `top`, `rowHeight` high, with its aria-rowindex).
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useRef, type ReactNode } from 'react';

type Props<T extends { id: string }> = {
  label: string;
  /** aria-rowcount: the rows of the whole table with its header, -1 while not known. */
  rowCount: number;
  busy: boolean;
  header: ReactNode;
  rows: readonly T[];
  rowHeight: number;
  /** Shown instead of the rows (still loading, nothing matches); null shows the rows. */
  message: string | null;
  /** The scrolling part's classes: its height. */
  scrollerClassName: string;
  testId: string;
  row: (row: T, index: number, top: number) => ReactNode;
};

export function VirtualRows<T extends { id: string }>({ label, rowCount, busy, header, rows, rowHeight, message, scrollerClassName, testId, row }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 8 });
  return (
    <div role="table" aria-label={label} aria-rowcount={rowCount} aria-busy={busy} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {header}
      {message !== null ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600">{message}</p>
      ) : (
        <div ref={scroller} data-testid={testId} className={`${scrollerClassName} overflow-auto`} role="rowgroup">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((virtual) => {
              const record = rows[virtual.index]!;
              return <Fragment key={record.id}>{row(record, virtual.index, virtual.start)}</Fragment>;
            })}
          </div>
        </div>
      )}
    </div>
  );
}

/** A cell of the header row the caller gives VirtualRows; `sort` on a column the rows are sorted by. */
export function HeaderCell({ className, sort, children }: { className?: string | undefined; sort?: 'ascending' | 'descending' | 'none'; children: ReactNode }) {
  return (
    <span role="columnheader" aria-sort={sort} className={className}>
      {children}
    </span>
  );
}
