// /estimates/:id/streamlined — the guided tablet flow for the field: Customer → Items → Timeline
// → Review → Sign, big touch targets, primary actions at the bottom, everything on the device
// database (fully offline). Ends with the customer accepting on the tablet; an accepted or
// declined estimate opens read-only on its summary.
import { useAtomValue } from 'jotai';
import { FileText, X } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { failureOf } from '../../../db/sync-issues';
import { can, useLiveQuery, useWorkspace } from '../../../db/react';
import { customerDisplayName } from '../../../db/customer-name';
import { EstimateNumber } from '../estimate-number';
import { estimateFigures } from '../../../db/estimate-figures';
import { SyncFailureBanner } from '../sync-failure-banner';
import { useEstimate } from '../use-estimate';
import { acceptanceState } from './acceptance';
import { AcceptanceBadge, AcceptanceRecord } from './acceptance-record';
import { CustomerStep } from './customer-step';
import { CustomerView } from './customer-view';
import { FlowBar, NextButton, StepIndicator } from './flow-chrome';
import { handOverAtom } from './hand-over';
import { HandOverButton, ReturnToStaffButton } from './hand-over-controls';
import { ItemsStep } from './items-step';
import { SignStep } from './sign-step';
import { isCustomerFacing, nextStep, parseStep, previousStep, type StepId } from './steps';
import { TimelineStep } from './timeline-step';

const CLOSED = ['accepted', 'declined', 'archived'];

export function StreamlinedEstimatePage() {
  const { id = '' } = useParams();
  const { role } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const flowPath = `/estimates/${id}/streamlined`;
  // Handed over, the customer sees only the customer-facing steps (no cost, no margin).
  const handingOver = useAtomValue(handOverAtom)?.path === flowPath;
  const asked = parseStep(params.get('step'));
  const step = handingOver && !isCustomerFacing(asked) ? 'review' : asked;
  const data = useEstimate(id);
  const { result: failure } = useLiveQuery((d) => failureOf(d, 'estimates', id), [id]);
  const { estimate, items, milestones } = data;

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

  if (data.loading && !estimate) return <PageSpinner label="Opening the estimate…" />;
  if (!estimate) {
    return (
      <EmptyState title="Estimate not found" action={<Link to="/estimates" className={buttonClasses('secondary', 'lg')}>Back to estimates</Link>}>
        It may have been deleted, or it has not synced to this device yet.
      </EmptyState>
    );
  }

  const detailPath = `/estimates/${estimate.id}`;
  const customer = estimate.customer_name || customerDisplayName(data.accounts.find((a) => a.id === estimate.account_id) ?? data.prospects.find((p) => p.id === estimate.prospect_id));
  const header = (
    <header className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <EstimateNumber estimate={estimate} />
          <AcceptanceBadge estimate={estimate} failure={failure} />
        </p>
        <h1 className="mt-1 truncate text-2xl font-semibold tracking-tight text-slate-900">{estimate.title || 'Untitled estimate'}</h1>
      </div>
      {handingOver ? (
        <ReturnToStaffButton />
      ) : (
        <Link to={detailPath} className={buttonClasses('secondary', 'lg')}>
          <X aria-hidden="true" className="size-5" /> Exit
        </Link>
      )}
    </header>
  );

  if (CLOSED.includes(estimate.status)) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        {estimate.status === 'declined' && (
          <p role="status" className="rounded-xl border border-red-200 bg-red-50 p-4 text-base text-red-900">
            The customer declined this estimate{estimate.decline_reason ? `: “${estimate.decline_reason}”` : '.'} It can no longer change; revise it from its page.
          </p>
        )}
        {estimate.status === 'archived' && <p className="rounded-xl bg-slate-100 p-4 text-base text-slate-700">This estimate is archived and can no longer change.</p>}
        <AcceptanceRecord estimate={estimate} items={items} milestones={milestones} failure={failure} reviewPath={`${detailPath}/streamlined?step=review`} />
        <CustomerView estimate={estimate} items={items} milestones={milestones} customer={customer} />
        {!handingOver && (
          <Link to={detailPath} className={buttonClasses('secondary', 'lg', 'self-start')}>
            <FileText aria-hidden="true" className="size-5" /> Open the estimate
          </Link>
        )}
      </div>
    );
  }

  if (!can(role, 'editEstimates')) {
    return (
      <EmptyState icon={<FileText />} title="You can view estimates but not edit them" action={<Link to={detailPath} className={buttonClasses('secondary', 'lg')}>Open the estimate</Link>}>
        Ask an admin of your organization for the sales role to build estimates.
      </EmptyState>
    );
  }

  const go = (next: StepId | null) => {
    if (next) setParams({ step: next });
  };
  const totals = estimateFigures(estimate, items);
  const previous = previousStep(step);
  const back = previous && (!handingOver || isCustomerFacing(previous)) ? previous : null;

  // The flow fills the screen under the top bar (none while handed over) and takes over main's
  // bottom padding, so the action bar rests on the bottom edge of the screen, where the thumb is.
  return (
    <div className={`-mb-6 flex flex-col gap-5 lg:-mb-8 ${handingOver ? 'min-h-[calc(100dvh-1.5rem)] lg:min-h-[calc(100dvh-2rem)]' : 'min-h-[calc(100dvh-5.5rem)] lg:min-h-[calc(100dvh-6rem)]'}`}>
      {header}
      {!handingOver && <StepIndicator step={step} onGo={go} />}
      {acceptanceState(estimate, failure) === 'refused' ? (
        <AcceptanceRecord estimate={estimate} items={items} milestones={milestones} failure={failure} reviewPath={`${detailPath}/streamlined?step=review`} />
      ) : (
        <SyncFailureBanner estimate={estimate} items={items} milestones={milestones} />
      )}
      {step !== 'sign' && (
      <div className="pb-4">
        {step === 'customer' && <CustomerStep estimate={estimate} accounts={data.accounts} prospects={data.prospects} />}
        {step === 'items' && <ItemsStep estimate={estimate} items={items} />}
        {step === 'timeline' && <TimelineStep estimate={estimate} milestones={milestones} />}
        {step === 'review' && (
          <div className="flex flex-col gap-4">
            {!handingOver && (
              <>
                <p className="text-base text-slate-700">Hand the tablet to the customer: this is what they accept.</p>
                <HandOverButton path={flowPath} />
              </>
            )}
            <CustomerView estimate={estimate} items={items} milestones={milestones} customer={customer} />
          </div>
        )}
      </div>
      )}
      {step === 'sign' ? (
        <SignStep estimate={estimate} items={items} customer={customer} onBack={() => go('review')} />
      ) : (
        <FlowBar totals={totals} showMargin={!isCustomerFacing(step)} onBack={back ? () => go(back) : null} primary={<NextButton onClick={() => go(nextStep(step))} label={step === 'review' ? 'Continue to sign' : 'Next'} />} />
      )}
    </div>
  );
}
