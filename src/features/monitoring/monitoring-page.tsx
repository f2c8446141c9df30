// /monitoring: the health of this device and its data on one page. Everyone sees their own
// device (security events, errors, log, sync, conflicts, storage, service worker, backend);
// owners and admins also see the organization's portal sessions and access log.
import { can, useWorkspace } from '../../db/react';
import { DevicePanel } from './device-panel';
import { ErrorQueuePanel, LogBufferPanel } from './error-log-panel';
import { AccessLogPanel, CustomerSessionsPanel } from './portal-access-panels';
import { useLocalLogs } from './queries';
import { SecurityEventsPanel } from './security-events-panel';
import { ConflictsPanel, FailedDocumentsPanel } from './sync-issues-panels';
import { SyncPanel } from './sync-panel';
import { PageHeader } from '../../components/ui/page-header';

export function MonitoringPage() {
  const { orgId, role } = useWorkspace();
  const manager = can(role, 'manageTeam');
  const { events, errors, logs } = useLocalLogs();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Monitoring" description={manager ? 'This device, its sync and the server, and who uses your portals and links.' : 'This device, its sync and the server.'} />
      <SyncPanel />
      <div className="grid gap-6 xl:grid-cols-2">
        <FailedDocumentsPanel />
        <ConflictsPanel />
      </div>
      <DevicePanel />
      <div className="grid gap-6 xl:grid-cols-2">
        <ErrorQueuePanel errors={errors.data} />
        <LogBufferPanel logs={logs.data} />
      </div>
      <SecurityEventsPanel events={events.data} />
      {manager && (
        <>
          <CustomerSessionsPanel orgId={orgId} />
          <AccessLogPanel orgId={orgId} />
        </>
      )}
    </div>
  );
}
