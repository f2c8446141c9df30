// The estimate editor: details, lines from the catalogue or custom, timeline, notes and
// terms, with totals that follow what is typed. Every change is saved on this device as it
// is made; sync carries it.
import { Check, FileText, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import type { Estimate } from '../../../db/collections/estimates';
import { can, useWorkspace, type Role } from '../../../db/react';
import { patchDocument } from '../commands';
import { DraftInput } from '../draft-input';
import { EstimateNumber } from '../estimate-number';
import type { Parsed } from '../field-parsers';
import { DeleteDraftButton } from '../list/delete-draft';
import { useStableRows } from '../list/stable-rows';
import { StatusBadge } from '../status-badge';
import { SyncFailureBanner } from '../sync-failure-banner';
import { usePendingSaves } from '../use-draft-field';
import { useEstimate } from '../use-estimate';
import { DetailsForm } from './details-form';
import { createDraftStore } from './draft-values';
import { RunningTotals, TypedTotalsPanel } from './editor-totals';
import { LineItemsEditor } from './line-items-editor';
import { MilestonesEditor } from './milestones-editor';

const parseFreeText = (text: string): Parsed<string> => ({ ok: true, value: text });

function SaveState() {
  const pending = usePendingSaves();
  return (
    <span data-testid="save-state" data-pending={pending > 0} className="inline-flex items-center gap-1.5 text-sm text-slate-600" aria-live="polite">
      {pending > 0 ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Check aria-hidden="true" className="size-4 text-emerald-600" />}
      {pending > 0 ? 'Saving…' : 'Saved on this device'}
    </span>
  );
}

/** Why this estimate cannot be edited here, or null when it can. */
function cannotEdit(estimate: Estimate | null | undefined, role: Role) {
  if (!estimate) {
    return (
      <EmptyState title="Estimate not found" action={<Link to="/estimates" className={buttonClasses('secondary')}>Back to estimates</Link>}>
        It may have been deleted, or it has not synced to this device yet.
      </EmptyState>
    );
  }
  const locked = estimate.status === 'accepted' || estimate.status === 'declined' || estimate.status === 'archived';
  if (can(role, 'editEstimates') && !locked) return null;
  return (
    <EmptyState
      icon={<FileText />}
      title={locked ? `This estimate is ${estimate.status} and can no longer change` : 'You can view estimates but not edit them'}
      action={<Link to={`/estimates/${estimate.id}`} className={buttonClasses('secondary')}>Open the estimate</Link>}
    >
      {locked ? 'Duplicate it from its page to start a new revision.' : 'Ask an admin of your organization for the sales role to edit estimates.'}
    </EmptyState>
  );
}

export function EstimateEditPage() {
  const { id = '' } = useParams();
  const { db, role } = useWorkspace();
  const navigate = useNavigate();
  const data = useEstimate(id);
  const { estimate, milestones } = data;
  const items = useStableRows(data.items);
  // Values typed but not saved yet: the totals and each line's margin follow them.
  const [drafts] = useState(createDraftStore);

  if (data.loading && !estimate) return <PageSpinner label="Opening the estimate…" />;
  const refusal = cannotEdit(estimate, role);
  if (refusal || !estimate) return refusal;
  const save = (patch: Partial<Estimate>) => patchDocument(db, 'estimates', estimate.id, patch);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <EstimateNumber estimate={estimate} />
            <StatusBadge status={estimate.status} />
          </p>
          <h1 className="mt-1 truncate text-2xl font-semibold tracking-tight text-slate-900">{estimate.title || 'Untitled estimate'}</h1>
        </div>
        <div className="flex items-center gap-3">
          <SaveState />
          <DeleteDraftButton estimate={estimate} onDeleted={() => navigate('/estimates')} />
          <Link to={`/estimates/${estimate.id}`} className={buttonClasses('secondary')}>
            Done
          </Link>
        </div>
      </header>
      <SyncFailureBanner estimate={estimate} items={items} milestones={milestones} />
      <div className="grid gap-6 xl:grid-cols-[1fr_18rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <DetailsForm estimate={estimate} items={items} accounts={data.accounts} prospects={data.prospects} drafts={drafts} save={save} />
          <LineItemsEditor estimate={estimate} items={items} drafts={drafts} />
          <MilestonesEditor estimate={estimate} milestones={milestones} />
          <section aria-label="Notes and terms" className="grid gap-4 sm:grid-cols-2">
            <DraftInput label="Notes" multiline stored={estimate.notes} parse={parseFreeText} save={(notes) => save({ notes })} />
            <DraftInput label="Terms" multiline stored={estimate.terms} parse={parseFreeText} save={(terms) => save({ terms })} />
          </section>
        </div>
        <aside aria-label="Totals" className="hidden h-fit rounded-xl border border-slate-200 bg-white p-4 shadow-sm xl:sticky xl:top-4 xl:block">
          <h2 className="mb-3 text-base font-semibold text-slate-900">Totals</h2>
          <TypedTotalsPanel drafts={drafts} items={items} estimate={estimate} />
        </aside>
      </div>
      <RunningTotals drafts={drafts} items={items} estimate={estimate} />
    </div>
  );
}
