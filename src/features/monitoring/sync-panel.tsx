// Sync in detail: the connection, and per collection the changes waiting, the last pull and
// push, the checkpoint and the last error.
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '../../components/ui/table';
import { syncDetailAtom, type SyncDetailView } from '../../lib/sync-status';
import { Panel, When } from './panel';

const COLLECTION_LABELS: Record<string, string> = {
  organizations: 'Organization',
  profiles: 'Team',
  accounts: 'Accounts',
  prospects: 'Prospects',
  products: 'Products',
  estimates: 'Estimates',
  estimate_items: 'Estimate items',
  milestones: 'Milestones',
  estimate_versions: 'Estimate versions',
  portals: 'Portals',
  comments: 'Comments',
  estimate_requests: 'Requests',
};

export function collectionLabel(name: string): string {
  return COLLECTION_LABELS[name] ?? name;
}

function Summary({ detail }: { detail: SyncDetailView }) {
  const facts: [string, ReactNode][] = [
    ['State', <Badge key="s" tone={detail.state === 'error' ? 'danger' : detail.state === 'offline' ? 'warning' : 'success'}>{detail.state}</Badge>],
    ['Server reachable', detail.online ? 'Yes' : 'No'],
    ['Realtime', <Badge key="r" tone={detail.live ? 'success' : 'warning'}>{detail.live ? 'Connected' : 'Not connected'}</Badge>],
    ['This tab syncs', detail.leader ? 'Yes' : 'No, another tab does'],
    ['Waiting to upload', String(detail.pendingTotal)],
    ['Last pull', <When key="p" at={detail.lastPullAt} />],
    ['Last push', <When key="u" at={detail.lastPushAt} />],
  ];
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="sync-summary">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-500">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Collections({ detail }: { detail: SyncDetailView }) {
  const names = Object.keys(COLLECTION_LABELS);
  return (
    <Table>
      <TableColumns columns={['Collection', 'Waiting', 'Last pull', { label: 'Last push', className: 'hidden xl:table-cell' }, { label: 'Checkpoint', className: 'hidden xl:table-cell' }, 'Last error']} />
      <TableBody>
        {names.map((name) => {
          const c = detail.collections[name];
          return (
            <TableRow key={name}>
              <TableCell className="font-medium whitespace-nowrap text-slate-900">{collectionLabel(name)}</TableCell>
              <TableCell>{detail.pending[name] ?? 0}</TableCell>
              <TableCell>
                <When at={c?.lastPullAt} />
              </TableCell>
              <TableCell className="hidden xl:table-cell">
                <When at={c?.lastPushAt} />
              </TableCell>
              <TableCell className="hidden max-w-40 truncate font-mono text-xs xl:table-cell" title={c?.checkpoint ?? undefined}>
                {c?.checkpoint ?? '—'}
              </TableCell>
              <TableCell className="max-w-64 text-red-700">{c?.lastError ? `${c.lastError.message}` : <span className="text-slate-500">—</span>}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

export function SyncPanel() {
  const detail = useAtomValue(syncDetailAtom);
  return (
    <Panel id="sync" title="Sync" summary="How this device exchanges changes with the server.">
      {!detail ? (
        <p className="text-sm text-slate-600">Sync is not running in this tab yet.</p>
      ) : (
        <>
          <Summary detail={detail} />
          <Collections detail={detail} />
        </>
      )}
    </Panel>
  );
}
