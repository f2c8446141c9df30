// /portals/{id}: one portal for staff: its link, access code, QR code and sending; what the
// customer sees; its links, sessions and access log (watched every 5 s); the conversation and
// requests made in it (live). Sales reps view and send; owners and admins also manage.
import { ArrowLeft, Eye, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { buttonClasses, Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { PortalHomeView } from '../../components/portal/portal-home-view';
import { can, useWorkspace } from '../../db/react';
import { AccessLogTable, LinksTable, SessionsTable } from './activity-tables';
import { LinkPanel } from './link-panel';
import { StatusBadge } from './portal-table';
import { portalStatus } from './portal-status';
import { PortalThreads } from './portal-threads';
import { personName, useAccounts, useActivity, usePortal, usePreview, useProspects } from './queries';
import type { IssuedLink } from './schemas';
import type { Portal } from '../../db/collections/portals';

function useCustomerName(portal: Portal | null) {
  const { orgId } = useWorkspace();
  const accounts = useAccounts(orgId).result ?? [];
  const prospects = useProspects(orgId).result ?? [];
  if (!portal) return '';
  if (portal.kind === 'customer') return accounts.find((a) => a.id === portal.account_id)?.name ?? '';
  const p = prospects.find((x) => x.id === portal.prospect_id);
  return p ? personName(p) : '';
}

function Preview({ portalId }: { portalId: string }) {
  const [open, setOpen] = useState(false);
  const preview = usePreview(portalId, open);
  return (
    <section aria-labelledby="portal-preview" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="portal-preview" className="text-base font-semibold text-slate-900">
          What the customer sees
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setOpen((o) => !o)} icon={<Eye aria-hidden="true" className="size-4" />}>
          {open ? 'Hide preview' : 'Show preview'}
        </Button>
      </div>
      {open && (
        <div data-testid="portal-preview" className="rounded-2xl bg-slate-100 p-4 ring-1 ring-slate-200 sm:p-6">
          {preview.data ? <PortalHomeView home={preview.data} /> : preview.isError ? <p className="text-sm text-red-700">The preview could not be loaded.</p> : <Spinner label="Loading the preview…" />}
        </div>
      )}
    </section>
  );
}

export function PortalPage() {
  const { id = '' } = useParams();
  const { role } = useWorkspace();
  const location = useLocation();
  const [issued, setIssued] = useState<IssuedLink | null>((location.state as { issued?: IssuedLink } | null)?.issued ?? null);
  const portal = usePortal(id);
  const activity = useActivity(id);
  const customer = useCustomerName(portal.result ?? null);
  const manage = can(role, 'managePortals');
  if (portal.loading && portal.result === undefined) return <Spinner label="Loading the portal…" />;
  if (!portal.result) {
    return (
      <EmptyState title={issued ? 'The new portal is on its way to this device' : 'Portal not found'} headingLevel="h1">
        {issued ? 'It appears here as soon as it has synced.' : 'It may have been deleted. '}
        <Link to="/portals" className="text-brand-800 underline">Back to portals</Link>
      </EmptyState>
    );
  }
  const p = portal.result;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link to="/portals" className={buttonClasses('ghost', 'sm', 'self-start')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Portals
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight text-slate-900">
              {p.name} <StatusBadge status={portalStatus(p)} />
            </h1>
            <p className="mt-1 text-sm text-slate-600">
              {p.kind === 'customer' ? 'Customer portal' : 'Prospect portal'}
              {customer ? ` for ${customer}` : ''} · {p.view_count} {p.view_count === 1 ? 'view' : 'views'}
            </p>
          </div>
          {manage && (
            <Link to={`/portals/${p.id}/settings`} className={buttonClasses('secondary', 'md')}>
              <Settings aria-hidden="true" className="size-4" />
              Settings
            </Link>
          )}
        </div>
      </header>
      <LinkPanel portal={p} manage={manage} send={can(role, 'editCustomers')} issued={issued} onIssued={setIssued} />
      <PortalThreads portalId={p.id} />
      {activity.data && (
        <div className="grid gap-6 xl:grid-cols-2">
          <SessionsTable portalId={p.id} sessions={activity.data.sessions} manage={manage} />
          <LinksTable portalId={p.id} links={activity.data.links} manage={manage} />
        </div>
      )}
      {activity.data && <AccessLogTable log={activity.data.access_log} />}
      <Preview portalId={p.id} />
    </div>
  );
}
