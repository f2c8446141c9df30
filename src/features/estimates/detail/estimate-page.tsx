// An estimate as staff see it: summary and actions, the acceptance record and the customer's
// activity (views, decision), the customer links, lines with margin, totals, timeline, notes,
// history and versions, and the comment thread. The parts live in
// this folder, each named for what it shows.
import { Link, useParams } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { customerDisplayName } from '../../../db/customer-name';
import { teamOf } from '../../../db/queries';
import { can, useLiveQuery, useWorkspace } from '../../../db/react';
import { failureOf } from '../../../db/sync-issues';
import { GanttChart } from '../gantt-chart';
import { estimateFigures } from '../../../db/estimate-figures';
import { versionsOfEstimate } from '../queries';
import { AcceptanceRecord } from '../streamlined/acceptance-record';
import { acceptanceState } from '../streamlined/acceptance';
import { SyncFailureBanner } from '../sync-failure-banner';
import { TotalsPanel } from '../totals-panel';
import { useEstimate } from '../use-estimate';
import { CommentThread } from './comment-thread';
import { CustomerActivityPanel } from './customer-activity-panel';
import { EstimateActions } from './estimate-actions';
import { EstimateHistory, NotesAndTerms } from './estimate-history';
import { EstimateSummary } from './estimate-summary';
import { LineItemsTable } from './line-items-table';
import { LinksPanel } from './links-panel';

function NotFound() {
  return (
    <EmptyState title="Estimate not found" action={<Link to="/estimates" className={buttonClasses('secondary')}>Back to estimates</Link>}>
      It may have been deleted, or it has not synced to this device yet.
    </EmptyState>
  );
}

export function EstimatePage() {
  const { id = '' } = useParams();
  const { orgId, role } = useWorkspace();
  const data = useEstimate(id);
  const versions = useLiveQuery((d) => versionsOfEstimate(d, id), [id]);
  const team = useLiveQuery((d) => teamOf(d, orgId), [orgId]);
  const failure = useLiveQuery((d) => failureOf(d, 'estimates', id), [id]);
  const { estimate, items, milestones } = data;

  if (data.loading && !estimate) return <PageSpinner label="Opening the estimate…" />;
  if (!estimate) return <NotFound />;
  const account = data.accounts.find((a) => a.id === estimate.account_id);
  const prospect = data.prospects.find((p) => p.id === estimate.prospect_id);
  const owner = (team.result ?? []).find((p) => p.user_id === estimate.owner_id);
  const ownerName = owner ? `${owner.first_name} ${owner.last_name}`.trim() || owner.email : '';

  return (
    <article className="flex flex-col gap-6 print:gap-4">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <EstimateSummary estimate={estimate} failure={failure.result} customer={estimate.customer_name || customerDisplayName(account ?? prospect)} ownerName={ownerName} />
        <EstimateActions estimate={estimate} items={items} milestones={milestones} suggestedEmail={account?.email || prospect?.email || ''} />
      </header>

      {/* A refused acceptance shows with its own way forward in the acceptance record below. */}
      {acceptanceState(estimate, failure.result) !== 'refused' && <SyncFailureBanner estimate={estimate} items={items} milestones={milestones} />}
      <AcceptanceRecord estimate={estimate} items={items} milestones={milestones} failure={failure.result} reviewPath={`/estimates/${estimate.id}/streamlined?step=review`} />
      <CustomerActivityPanel estimate={estimate} items={items} />
      <LinksPanel estimate={estimate} canEdit={can(role, 'editEstimates')} />

      <section aria-labelledby="lines-heading" className="flex flex-col gap-3">
        <h2 id="lines-heading" className="text-lg font-semibold text-slate-900">
          Line items
        </h2>
        <LineItemsTable items={items} />
        <TotalsPanel totals={estimateFigures(estimate, items)} className="ml-auto w-full max-w-sm" />
      </section>

      <section aria-labelledby="timeline-heading" className="flex flex-col gap-3 print:break-inside-avoid">
        <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900">
          Timeline
        </h2>
        <GanttChart milestones={milestones} />
      </section>

      <NotesAndTerms estimate={estimate} />
      <EstimateHistory estimate={estimate} versions={versions.result ?? []} />
      <CommentThread estimate={estimate} />
    </article>
  );
}
