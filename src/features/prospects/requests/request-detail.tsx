// One estimate request (/prospects?view=requests&request={id}): what was asked, by whom and
// how to reach them; sales turn it into a prospect and a draft estimate, take it into review,
// dismiss it with a reason or reopen it.
import { ArrowLeft, Ban, Eye, FilePlus2, RotateCcw, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Fact } from '../../../components/ui/fact';
import { Panel } from '../../../components/ui/panel';
import { PageSpinner } from '../../../components/ui/spinner';
import type { EstimateRequest } from '../../../db/collections/estimate-requests';
import { can, useLiveQuery, useWorkspace } from '../../../db/react';
import { toast, toastError } from '../../../lib/toast-store';
import { convertRequest, dismissRequest, setRequestStatus } from '../commands';
import { requestById } from '../queries';
import { ReasonDialog } from '../reason-dialog';
import { budgetLabel, REQUEST_STATUS, SOURCE_OF_REQUEST } from './request-status';

const WHEN = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const BACK = '/prospects?view=requests';

function RequestFacts({ request }: { request: EstimateRequest }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Fact label="E-mail">{request.email ? <a className="text-brand-700 hover:underline" href={`mailto:${request.email}`}>{request.email}</a> : '—'}</Fact>
      <Fact label="Phone">{request.phone ? <a className="text-brand-700 hover:underline" href={`tel:${request.phone}`}>{request.phone}</a> : '—'}</Fact>
      <Fact label="Company">{request.company || '—'}</Fact>
      <Fact label="Reference">{request.reference || 'Given when it syncs'}</Fact>
      <Fact label="Budget">{budgetLabel(request.budget_range) || 'Not given'}</Fact>
      <Fact label="Desired start">{request.desired_start ?? 'Not given'}</Fact>
      <Fact label="Source">{SOURCE_OF_REQUEST[request.source]}</Fact>
      <Fact label="Received">{WHEN.format(new Date(request.created_at))}</Fact>
      {request.status === 'dismissed' && <Fact label="Dismissed because">{request.dismiss_reason || '—'}</Fact>}
    </dl>
  );
}

function Outcome({ request }: { request: EstimateRequest }) {
  if (request.status !== 'converted') return null;
  return (
    <p className="flex flex-wrap gap-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200" data-testid="request-outcome">
      Converted.
      {request.prospect_id && (
        <Link className="font-medium underline" to={`/prospects?prospect=${request.prospect_id}`}>
          Open the prospect
        </Link>
      )}
      {request.converted_estimate_id && (
        <Link className="font-medium underline" to={`/estimates/${request.converted_estimate_id}/edit`}>
          Open the draft estimate
        </Link>
      )}
    </p>
  );
}

function useRequestActions(request: EstimateRequest) {
  const { db, orgId, userId } = useWorkspace();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    void work()
      .catch((error: unknown) => toastError(error))
      .finally(() => setBusy(false));
  };
  return {
    busy,
    convert: () =>
      run(async () => {
        const { prospect, estimate, reused } = await convertRequest(db, { orgId, userId }, request);
        toast({ tone: 'success', description: `${reused ? 'Linked to the existing prospect' : 'Added a prospect'} and started draft ${estimate.number} for ${prospect.first_name || request.name}.` });
        navigate(`/estimates/${estimate.id}/edit`);
      }),
    review: () => run(() => setRequestStatus(db, request.id, 'in_review')),
    reopen: () => run(() => setRequestStatus(db, request.id, 'in_review')),
    dismiss: (reason: string) => run(async () => {
      await dismissRequest(db, request.id, reason);
      toast({ tone: 'success', description: 'Request dismissed.' });
    }),
  };
}

function Actions({ request }: { request: EstimateRequest }) {
  const actions = useRequestActions(request);
  const [asking, setAsking] = useState(false);
  const icon = (Icon: typeof Eye) => <Icon aria-hidden="true" className="size-4" />;
  if (request.status === 'converted') return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button icon={icon(FilePlus2)} onClick={actions.convert} disabled={actions.busy}>
        Convert to prospect and estimate
      </Button>
      {request.status === 'new' && (
        <Button variant="secondary" icon={icon(Eye)} onClick={actions.review} disabled={actions.busy}>
          Mark in review
        </Button>
      )}
      {request.status === 'dismissed' ? (
        <Button variant="secondary" icon={icon(RotateCcw)} onClick={actions.reopen} disabled={actions.busy}>
          Reopen
        </Button>
      ) : (
        <Button variant="ghost" icon={icon(Ban)} onClick={() => setAsking(true)} disabled={actions.busy}>
          Dismiss
        </Button>
      )}
      <ReasonDialog
        ask={asking ? { title: 'Dismiss this request', description: 'The requester is not told; the reason stays with the request.', label: 'Why dismiss it', confirm: 'Dismiss request', suggestions: ['Outside our service area', 'Spam', 'Duplicate request', 'Not a service we offer'] } : null}
        onCancel={() => setAsking(false)}
        onConfirm={(reason) => {
          setAsking(false);
          actions.dismiss(reason);
        }}
      />
    </div>
  );
}

export function RequestDetail({ id }: { id: string }) {
  const { role } = useWorkspace();
  const found = useLiveQuery((db) => requestById(db, id), [id]);
  const request = found.result as EstimateRequest | null | undefined;
  if (found.loading) return <PageSpinner label="Loading the request…" />;
  if (!request) {
    return (
      <EmptyState icon={<SearchX />} title="This request is not on this device" headingLevel="h1" action={<Link className={buttonClasses('secondary')} to={BACK}>Back to the inbox</Link>}>
        It may not have synced to this device yet.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <Link to={BACK} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the inbox
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Request from {request.name || request.email}</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            <Badge tone={REQUEST_STATUS[request.status].tone}>
              <span data-testid="request-status">{REQUEST_STATUS[request.status].label}</span>
            </Badge>
            {request.company}
          </p>
        </div>
        {can(role, 'editCustomers') && <Actions request={request} />}
      </header>
      <Outcome request={request} />
      <Panel id="asked-heading" title="What they asked for">
        <p className="text-sm whitespace-pre-wrap text-slate-800">{request.description || 'No description'}</p>
      </Panel>
      <section aria-labelledby="details-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="details-heading" className="sr-only">
          Details
        </h2>
        <RequestFacts request={request} />
      </section>
    </div>
  );
}
