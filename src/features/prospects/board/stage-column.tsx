// One stage of the board: its count and its newest cards (read for the whole board by
// useBoard: first what fits the column, then a page at a time), and the drop target for moves into it.
import { useDroppable } from '@dnd-kit/core';
import { memo } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import type { ProspectStatus } from '../../../db/collections/prospects';
import { STAGE } from '../pipeline';
import type { BoardColumn } from './board-read';
import { PAGE } from './paging';
import { ProspectCard } from './prospect-card';

// Memoized: picking up or dropping a card (the board's drag state) renders no column again.
export const StageColumn = memo(function StageColumn({
  status,
  owners,
  movable,
  column,
  onMore,
}: {
  status: ProspectStatus;
  owners: ReadonlyMap<string, string>;
  movable: boolean;
  /** Undefined until the board's first read. */
  column: BoardColumn | undefined;
  onMore: (status: ProspectStatus) => void;
}) {
  const cards = column?.cards;
  const count = column?.count;
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const headingId = `stage-${status}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid="stage-column"
      data-stage={status}
      className={cx('flex w-64 shrink-0 snap-start flex-col rounded-xl bg-slate-100/80 p-2 ring-1 ring-slate-200 transition-colors', isOver && 'bg-brand-50 ring-2 ring-brand-500')}
    >
      <header className="flex items-center justify-between gap-2 px-1.5 pt-1 pb-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-sm font-semibold text-slate-900">
            {STAGE[status].label}
          </h2>
          <p className="truncate text-xs text-slate-600">{STAGE[status].hint}</p>
        </div>
        <Badge tone={STAGE[status].tone}>
          <span data-testid="stage-count">{count ?? '…'}</span>
          <span className="sr-only"> prospects</span>
        </Badge>
      </header>
      <ul className="-mx-1 flex max-h-[calc(100dvh-19rem)] min-h-24 flex-col gap-2 overflow-y-auto px-1 py-0.5" aria-busy={cards === undefined}>
        {(cards ?? []).map((p) => (
          <ProspectCard key={p.id} prospect={p} owner={owners.get(p.owner_id ?? '')} movable={movable} />
        ))}
        {cards?.length === 0 && <li className="rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-xs text-slate-600">No prospects here</li>}
      </ul>
      {cards && count !== undefined && count > cards.length && (
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => onMore(status)}>
          Show {Math.min(PAGE, count - cards.length)} more of {count - cards.length}
        </Button>
      )}
    </section>
  );
});
