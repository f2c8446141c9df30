// / (home): the rep's day at a glance, from the device database only (offline too): what needs
// action, new requests, what expires this week, recent customer activity, the pipeline, sync
// state, and the quick actions.
import { FilePlus2, UserPlus } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { createDraftEstimate } from '../../db/new-estimate';
import { memberNames, teamOf } from '../../db/queries';
import { can, useLiveQuery, useWorkspace } from '../../db/react';
import { toastError } from '../../lib/toast-store';
import { Expiring as ExpiringWidget, NeedsAction as NeedsActionWidget } from './action-widgets';
import { RecentActivity as RecentActivityWidget, WaitingRequests as WaitingRequestsWidget } from './feed-widgets';
import { PipelineSummary as PipelineWidget, SyncWidget } from './status-widgets';
import { useHomeData } from './use-home-data';
import { useRequestToasts } from './use-request-toasts';

// The summary's parts stay the same objects while no document changed, so the page's other
// live queries (team, requests for the toasts, sync issues) answering after the first render
// do not render the widgets again.
const NeedsAction = memo(NeedsActionWidget);
const WaitingRequests = memo(WaitingRequestsWidget);
const Expiring = memo(ExpiringWidget);
const RecentActivity = memo(RecentActivityWidget);
const PipelineSummary = memo(PipelineWidget);

const TODAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

function greeting(hour: number): string {
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

function QuickActions() {
  const { db, orgId, userId } = useWorkspace();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const newEstimate = () => {
    setBusy(true);
    void createDraftEstimate(db, { org_id: orgId, owner_id: userId })
      .then((e) => navigate(`/estimates/${e.id}/edit`))
      .catch((error: unknown) => toastError(error))
      .finally(() => setBusy(false));
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Link to="/prospects?new=1" className={buttonClasses('secondary')}>
        <UserPlus aria-hidden="true" className="size-4" />
        New prospect
      </Link>
      <Button icon={<FilePlus2 aria-hidden="true" className="size-4" />} onClick={newEstimate} disabled={busy}>
        New estimate
      </Button>
    </div>
  );
}

export function HomePage() {
  const { orgId, role, profile } = useWorkspace();
  const summary = useHomeData();
  const team = useLiveQuery((db) => teamOf(db, orgId), [orgId]);
  const owners = useMemo(() => memberNames(team.result), [team.result]);
  useRequestToasts();
  const now = new Date();
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {greeting(now.getHours())}
            {profile.first_name ? `, ${profile.first_name}` : ''}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{TODAY.format(now)}</p>
        </div>
        {can(role, 'editEstimates') && <QuickActions />}
      </header>
      {!summary ? (
        <PageSpinner label="Reading your day…" />
      ) : (
        // data-fresh: the summary is of the documents as the device database holds them now (the
        // mirror follows every change), never one kept from an earlier visit (the bench waits for it).
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2" data-testid="home-widgets" data-fresh="true">
          <NeedsAction action={summary.action} />
          <WaitingRequests requests={summary.requests} />
          <Expiring expiring={summary.expiring} owners={owners} />
          <RecentActivity activity={summary.activity} />
          <SyncWidget />
          <PipelineSummary pipeline={summary.pipeline} />
        </div>
      )}
    </div>
  );
}
