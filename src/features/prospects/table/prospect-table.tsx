// The table view: search and filters, the count, CSV export of what is shown, the rows.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { downloadText } from '../../../lib/download';
import { exportFileName, prospectsToCsv } from '../csv';
import { DEFAULT_TABLE_FILTER, type TableFilter, type TableSort } from '../pipeline';
import type { Team } from '../use-team';
import { ProspectRows } from './prospect-rows';
import { TableFilters } from './table-filters';
import { useProspectTable } from './use-prospect-table';

export function ProspectTable({ team, accounts }: { team: Team; accounts: ReadonlyMap<string, string> }) {
  const [filter, setFilter] = useState<TableFilter>(DEFAULT_TABLE_FILTER);
  const { loading, rows, total } = useProspectTable(filter);
  const onSort = (sort: TableSort) =>
    setFilter((f) => ({ ...f, sort, direction: f.sort === sort ? (f.direction === 'asc' ? 'desc' : 'asc') : sort === 'updated' ? 'desc' : 'asc' }));
  if (loading) return <PageSpinner label="Loading prospects…" />;
  const noun = filter.archived ? 'archived prospects' : 'prospects';
  return (
    <div className="flex flex-col gap-3">
      <TableFilters filter={filter} onChange={(patch) => setFilter((f) => ({ ...f, ...patch }))} owners={team.options} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="prospect-count">
          {rows.length === total ? `${total.toLocaleString('en-US')} ${noun}` : `${rows.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun}`}
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<Download aria-hidden="true" className="size-4" />}
          disabled={rows.length === 0}
          onClick={() => downloadText(exportFileName(), prospectsToCsv(rows, { owners: team.emails, accounts }))}
        >
          Export CSV
        </Button>
      </div>
      <ProspectRows rows={rows} owners={team.names} sorting={{ filter, onSort }} busy={false} />
    </div>
  );
}
