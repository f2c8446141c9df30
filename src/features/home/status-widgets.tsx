// The pipeline per status (count and value, as /estimates lists them) and the state of sync:
// online or not, changes waiting to upload, conflicts and refused changes to look at.
import { useAtomValue } from 'jotai';
import { CloudAlert, CloudCheck, CloudOff, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cx } from '../../components/ui/cx';
import { useLiveQuery } from '../../db/react';
import { failedDocuments, openConflicts } from '../../db/sync-issues';
import { ESTIMATE_STATUS } from '../../lib/estimate-status';
import { formatMoney } from '../../lib/money';
import { displayedSyncState, syncStatusAtom, type SyncState } from '../../lib/sync-status';
import { useOnline } from '../../lib/use-online';
import type { HomeSummary } from './dashboard';
import { DAY_AND_TIME, Widget } from './widget';

const BAR: Record<string, string> = { neutral: 'bg-slate-400', brand: 'bg-brand-600', success: 'bg-emerald-500', warning: 'bg-amber-500', danger: 'bg-red-500' };

export function PipelineSummary({ pipeline }: { pipeline: HomeSummary['pipeline'] }) {
  const max = Math.max(1, ...pipeline.map((p) => p.valueCents));
  const count = pipeline.reduce((n, p) => n + p.count, 0);
  return (
    <Widget id="pipeline" title="Pipeline" aside={<p className="text-sm text-slate-600">{count} estimates</p>} className="md:col-span-2">
      <table className="w-full text-sm">
        <caption className="sr-only">Estimates per status: count and value</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Estimates</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {pipeline.map((p) => (
            <tr key={p.status} data-testid="pipeline-row" data-status={p.status}>
              <th scope="row" className="w-40 py-1.5 pr-3 text-left font-medium text-slate-800">
                {p.label}
              </th>
              <td className="w-12 py-1.5 pr-3 text-right text-slate-700 tabular-nums" data-testid="pipeline-count">
                {p.count}
              </td>
              <td className="py-1.5">
                <span className="flex items-center gap-3">
                  <span aria-hidden="true" className="hidden h-2 flex-1 overflow-hidden rounded-full bg-slate-100 sm:block">
                    <span className={cx('block h-full rounded-full', BAR[ESTIMATE_STATUS[p.status].tone])} style={{ width: `${(p.valueCents / max) * 100}%` }} />
                  </span>
                  <span className="w-28 text-right font-medium text-slate-900 tabular-nums" data-testid="pipeline-value">
                    {formatMoney(p.valueCents)}
                  </span>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Widget>
  );
}

const LOOKS: Record<SyncState, { label: string; icon: typeof CloudCheck; className: string; text: string }> = {
  idle: { label: 'Online and synced', icon: CloudCheck, className: 'text-emerald-700', text: 'Your changes reach the team as you make them.' },
  syncing: { label: 'Syncing', icon: RefreshCw, className: 'text-brand-700', text: 'Changes are on their way.' },
  offline: { label: 'Offline', icon: CloudOff, className: 'text-amber-700', text: 'Everything you do is saved on this device and syncs when you are back online.' },
  error: { label: 'Sync needs attention', icon: CloudAlert, className: 'text-red-700', text: 'The last sync failed; it is retried by itself.' },
};

export function SyncWidget() {
  const online = useOnline();
  const status = useAtomValue(syncStatusAtom);
  const state = displayedSyncState(online, status);
  const conflicts = useLiveQuery((db) => openConflicts(db), []);
  const failures = useLiveQuery((db) => failedDocuments(db), []);
  const issues = (conflicts.result?.length ?? 0) + (failures.result?.length ?? 0);
  const look = LOOKS[state];
  return (
    <Widget id="sync" title="Sync">
      <p className={cx('flex items-center gap-2 font-medium', look.className)} data-testid="home-sync-state" data-state={state}>
        <look.icon aria-hidden="true" className={cx('size-5', state === 'syncing' && 'animate-spin')} />
        {look.label}
      </p>
      <p className="mt-1 text-sm text-slate-700">{look.text}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Waiting to upload</dt>
          <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums" data-testid="home-pending">
            {status.pending} {status.pending === 1 ? 'change' : 'changes'}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Last synced</dt>
          <dd className="mt-0.5 text-slate-900">{status.lastSyncedAt ? DAY_AND_TIME.format(new Date(status.lastSyncedAt)) : 'Not yet this session'}</dd>
        </div>
      </dl>
      {issues > 0 && (
        <p className="mt-3 text-sm text-amber-800">
          {issues} {issues === 1 ? 'change needs' : 'changes need'} a look.{' '}
          <Link to="/monitoring" className="font-medium underline">
            See sync issues
          </Link>
        </p>
      )}
    </Widget>
  );
}
