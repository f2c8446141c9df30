// The estimates list as a virtualized table (VirtualRows): its columns, header and rows.
import { Link } from 'react-router-dom';
import { MarginText } from '../../../components/ui/margin-text';
import { HeaderCell, VirtualRows } from '../../../components/ui/virtual-rows';
import { isProvisionalNumber } from '../../../db/new-estimate';
import { formatMoney } from '../../../lib/money';
import { StatusBadge } from '../status-badge';
import type { Estimate } from '../../../db/collections/estimates';
import { DeleteDraftIconButton } from './delete-draft';
import type { ListRow } from './estimate-list';

const ROW_HEIGHT = 64;
const COLUMNS = 'grid grid-cols-[minmax(0,1fr)_8.5rem_6.5rem_8.5rem_2.25rem] xl:grid-cols-[minmax(0,1fr)_8.5rem_7rem_7rem_9rem_2.25rem] items-center gap-3 px-4';
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export type RowNames = { customers: ReadonlyMap<string, string>; owners: ReadonlyMap<string, string> };
/** A row with what tells whether it may be deleted (a never-sent draft). */
export type EstimateListRow = ListRow & Partial<Pick<Estimate, 'sent_at' | 'version_number'>>;

// The whole row opens the estimate: the link in the first cell stretches over it (after:inset-0),
// and the row action sits above that layer, so no button is nested in the link.
function EstimateRow({ row, names, index, top }: { row: EstimateListRow; names: RowNames; index: number; top: number }) {
  const customer = row.customer_name || (names.customers.get(row.account_id ?? row.prospect_id ?? '') ?? '');
  const owner = names.owners.get(row.owner_id ?? '');
  return (
    <div
      role="row"
      aria-rowindex={index + 1}
      data-testid="estimate-row"
      className={`${COLUMNS} absolute inset-x-0 border-b border-slate-100 text-sm hover:bg-slate-50 has-[a:focus-visible]:bg-brand-50`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <span role="cell" className="min-w-0">
        <Link to={`/estimates/${row.id}`} className="block after:absolute after:inset-0 focus-visible:outline-none">
          <span className="flex items-baseline gap-2">
            <span className={`shrink-0 font-mono text-xs ${isProvisionalNumber(row.number) ? 'text-amber-700' : 'text-slate-600'}`}>{row.number}</span>
            <span className="truncate font-medium text-slate-900">{row.title || 'Untitled estimate'}</span>
          </span>
          <span className="block truncate text-xs text-slate-600">
            {customer || 'No customer'}
            {owner ? ` · ${owner}` : ''}
          </span>
        </Link>
      </span>
      <span role="cell">
        <StatusBadge status={row.status} unconfirmed={row.status === 'accepted' && !row.accepted_version_id} />
      </span>
      <span role="cell" className="hidden text-slate-600 xl:block">
        {DATE.format(new Date(row.created_at))}
      </span>
      <span role="cell" className="text-right font-medium text-slate-900 tabular-nums">
        {formatMoney(row.total_cents)}
      </span>
      <span role="cell" className="text-right">
        <MarginText margin={{ marginCents: row.margin_cents, marginPercent: row.margin_percent }} className="text-xs" />
      </span>
      <span role="cell" className="flex justify-end">
        <DeleteDraftIconButton estimate={{ ...row, sent_at: row.sent_at ?? null, version_number: row.version_number ?? 0 }} />
      </span>
    </div>
  );
}

function Header() {
  return (
    <div role="row" className={`${COLUMNS} border-b border-slate-200 bg-slate-50 py-3 text-sm font-semibold text-slate-700`}>
      <HeaderCell>Estimate</HeaderCell>
      <HeaderCell>Status</HeaderCell>
      <HeaderCell className="hidden xl:block">Created</HeaderCell>
      <HeaderCell className="text-right">Total</HeaderCell>
      <HeaderCell className="text-right">Margin</HeaderCell>
      <HeaderCell className="sr-only">Actions</HeaderCell>
    </div>
  );
}

/** `rowCount` is -1 while the number is not known (a filtered view before the full list). */
export function EstimateRows({ rows, names, loadingAll, busy, rowCount }: { rows: readonly EstimateListRow[]; names: RowNames; loadingAll: boolean; busy: boolean; rowCount: number }) {
  return (
    <VirtualRows
      label="Estimates"
      rowCount={rowCount}
      busy={busy}
      header={<Header />}
      rows={rows}
      rowHeight={ROW_HEIGHT}
      message={loadingAll ? 'Loading all estimates…' : rows.length === 0 ? 'No estimate matches these filters.' : null}
      scrollerClassName="max-h-[calc(100vh-22rem)] min-h-64"
      testId="estimate-rows"
      row={(row, index, top) => <EstimateRow row={row} names={names} index={index} top={top} />}
    />
  );
}
