// This device and the backend: the app version and service worker, storage, and the server's
// health by a /health round trip.
import { RefreshCw } from 'lucide-react';
import { AppUpdateStatus } from '../../components/app-update-status';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatBytes, useDeviceStorage } from '../../lib/device-storage';
import { Panel, When } from './panel';
import { useHealth } from './queries';

function Storage() {
  const { info } = useDeviceStorage();
  if (!info) return null;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-500">Storage used</dt>
        <dd className="text-slate-900">{info.supported ? `${formatBytes(info.usage)} of ${formatBytes(info.quota)}` : 'Not reported by this browser'}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Persistent storage</dt>
        <dd>{info.persisted ? <Badge tone="success">Granted</Badge> : <Badge tone="warning">Not granted: the browser may evict it</Badge>}</dd>
      </div>
    </dl>
  );
}

function Backend() {
  const health = useHealth();
  const check = health.data;
  return (
    <div className="flex flex-col gap-3" data-testid="backend-health">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Backend</h3>
        <Button size="sm" variant="secondary" disabled={health.isFetching} onClick={() => void health.refetch()} icon={<RefreshCw aria-hidden="true" className="size-4" />}>
          {health.isFetching ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      {check && (
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="text-slate-500">Health</dt>
            <dd>{check.ok ? <Badge tone="success">OK</Badge> : <Badge tone="danger">{check.problem ?? 'Not healthy'}</Badge>}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Round trip</dt>
            <dd className="text-slate-900">{check.roundTripMs} ms</dd>
          </div>
          <div>
            <dt className="text-slate-500">Database</dt>
            <dd className="text-slate-900">{check.health?.database ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Server version</dt>
            <dd className="font-mono text-slate-900">{check.health?.version ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Migrations waiting</dt>
            <dd className="text-slate-900">{check.health?.migrations ? check.health.migrations.pending.length : '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Checked</dt>
            <dd className="text-slate-900">
              <When at={check.checkedAt} />
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}

export function DevicePanel() {
  return (
    <Panel id="device" title="This device and the server">
      <AppUpdateStatus />
      <hr className="border-slate-200" />
      <Storage />
      <hr className="border-slate-200" />
      <Backend />
    </Panel>
  );
}
