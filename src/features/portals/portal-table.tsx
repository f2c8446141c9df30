// Every portal of the organization: name, kind, customer, status, last access and views.
import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/badge';
import { RowsTable, TableCell } from '../../components/ui/table';
import { STATUS_LABELS } from './portal-status';
import type { PortalRow } from './portal-list';

const MOMENT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(at: string | null): string {
  return at ? MOMENT.format(new Date(at)) : 'Never';
}

export function StatusBadge({ status }: { status: PortalRow['status'] }) {
  const { text, tone } = STATUS_LABELS[status];
  return <Badge tone={tone}>{text}</Badge>;
}

export function PortalTable({ rows }: { rows: PortalRow[] }) {
  return (
    <RowsTable
      label="Portals"
      columns={['Portal', { label: 'Customer', className: 'hidden md:table-cell' }, 'Status', { label: 'Last access', className: 'hidden lg:table-cell' }, { label: 'Views', className: 'text-right' }]}
      rows={rows}
      cells={(r) => (
        <>
          <TableCell className="min-w-48">
            <Link to={`/portals/${r.id}`} className="font-medium text-brand-800 hover:underline" data-testid="portal-row">
              {r.name}
            </Link>
            <div className="mt-0.5 text-xs text-slate-600">
              {r.kind === 'customer' ? 'Customer portal' : 'Prospect portal'}
              <span className="md:hidden">{r.customerName ? ` · ${r.customerName}` : ''}</span>
            </div>
          </TableCell>
          <TableCell className="hidden text-slate-700 md:table-cell">{r.customerName || '—'}</TableCell>
          <TableCell>
            <StatusBadge status={r.status} />
          </TableCell>
          <TableCell className="hidden whitespace-nowrap text-slate-700 lg:table-cell">{formatWhen(r.last_accessed_at)}</TableCell>
          <TableCell className="text-right text-slate-700 tabular-nums">{r.view_count}</TableCell>
        </>
      )}
    />
  );
}
