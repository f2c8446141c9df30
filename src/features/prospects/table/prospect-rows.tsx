// The prospects as a virtualized, sortable table (VirtualRows): its columns, sortable header and rows.
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { HeaderCell, VirtualRows } from '../../../components/ui/virtual-rows';
import type { Prospect } from '../../../db/collections/prospects';
import { personName, SOURCE_LABEL, STAGE, type TableFilter, type TableSort } from '../pipeline';

const ROW_HEIGHT = 60;
const COLUMNS = 'grid grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_7rem] md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_7rem_8rem] xl:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_7rem_8rem_8rem_6rem] items-center gap-3 px-4';
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

type Sorting = { filter: TableFilter; onSort: (sort: TableSort) => void };

function SortHeader({ label, sort, sorting, className }: { label: string; sort: TableSort; sorting: Sorting; className?: string }) {
  const active = sorting.filter.sort === sort;
  const Arrow = sorting.filter.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <HeaderCell sort={active ? (sorting.filter.direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button type="button" onClick={() => sorting.onSort(sort)} className="inline-flex min-h-9 items-center gap-1 rounded-md font-semibold hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
        {label}
        {active && <Arrow aria-hidden="true" className="size-3.5" />}
      </button>
    </HeaderCell>
  );
}

function Header({ sorting }: { sorting: Sorting }) {
  return (
    <div role="row" aria-rowindex={1} className={`${COLUMNS} border-b border-slate-200 bg-slate-50 py-1.5 text-sm text-slate-700`}>
      <SortHeader label="Name" sort="name" sorting={sorting} />
      <SortHeader label="Company" sort="company" sorting={sorting} />
      <SortHeader label="Stage" sort="status" sorting={sorting} />
      <HeaderCell className="hidden font-semibold md:block">Owner</HeaderCell>
      <HeaderCell className="hidden font-semibold xl:block">Source</HeaderCell>
      <SortHeader label="Updated" sort="updated" sorting={sorting} className="hidden xl:block" />
    </div>
  );
}

function Row({ row, owner, index, top }: { row: Prospect; owner: string | undefined; index: number; top: number }) {
  return (
    <Link
      to={`/prospects?view=table&prospect=${row.id}`}
      role="row"
      aria-rowindex={index + 2}
      data-testid="prospect-row"
      className={`${COLUMNS} absolute inset-x-0 border-b border-slate-100 text-sm hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-none`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <span role="cell" className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{personName(row)}</span>
        <span className="block truncate text-xs text-slate-600">{row.email || row.phone || '—'}</span>
      </span>
      <span role="cell" className="truncate text-slate-700">
        {row.company || '—'}
      </span>
      <span role="cell">
        <Badge tone={STAGE[row.status].tone}>{STAGE[row.status].label}</Badge>
      </span>
      <span role="cell" className="hidden truncate text-slate-700 md:block">
        {owner ?? 'No owner'}
      </span>
      <span role="cell" className="hidden truncate text-slate-600 xl:block">
        {SOURCE_LABEL[row.source]}
      </span>
      <span role="cell" className="hidden text-slate-600 xl:block">
        {DAY.format(new Date(row.updated_at))}
      </span>
    </Link>
  );
}

export function ProspectRows({ rows, owners, sorting, busy }: { rows: readonly Prospect[]; owners: ReadonlyMap<string, string>; sorting: Sorting; busy: boolean }) {
  return (
    <VirtualRows
      label="Prospects"
      rowCount={rows.length + 1}
      busy={busy}
      header={<Header sorting={sorting} />}
      rows={rows}
      rowHeight={ROW_HEIGHT}
      message={rows.length === 0 ? 'No prospect matches these filters.' : null}
      scrollerClassName="max-h-[calc(100vh-24rem)] min-h-64"
      testId="prospect-rows"
      row={(row, index, top) => <Row row={row} owner={owners.get(row.owner_id ?? '')} index={index} top={top} />}
    />
  );
}
