// The estimate's timeline phases: title, dates, status and whether the customer sees them.
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import type { Estimate } from '../../../db/collections/estimates';
import type { Milestone } from '../../../db/collections/milestones';
import { useWorkspace } from '../../../db/react';
import { toastError } from '../../../lib/toast-store';
import { DraftInput } from '../draft-input';
import { addMilestone, moveItem, patchDocument, removeDocument } from '../commands';
import { parseRequiredText } from '../field-parsers';
import { useMilestoneDates } from '../milestone-dates';

const parseTitle = parseRequiredText('The milestone title', 300);

const STATUS_OPTIONS = [
  { value: 'planned', label: 'Planned' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'done', label: 'Done' },
];

function MilestoneRow({ milestone, index, all }: { milestone: Milestone; index: number; all: readonly Milestone[] }) {
  const { db } = useWorkspace();
  const save = (patch: Partial<Milestone>) => patchDocument(db, 'milestones', milestone.id, patch);
  // A date that would put the end before the start is refused at the field and not saved.
  const dates = useMilestoneDates(milestone);
  return (
    <li data-testid="milestone" aria-label={`Milestone ${index + 1}: ${milestone.title}`} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-6">
        <DraftInput label="Milestone" stored={milestone.title} parse={parseTitle} save={(title) => save({ title })} className="col-span-2 sm:col-span-6" />
        <DraftInput label="Start" type="date" stored={milestone.start_date ?? ''} parse={dates.parseStart} onDraft={dates.onStartDraft} save={(start_date) => save({ start_date })} className="sm:col-span-2" />
        <DraftInput label="End" type="date" stored={milestone.end_date ?? ''} parse={dates.parseEnd} onDraft={dates.onEndDraft} save={(end_date) => save({ end_date })} className="sm:col-span-2" />
        <Field label="Status" className="col-span-2 sm:col-span-2">
          <Select
            options={STATUS_OPTIONS}
            value={milestone.status}
            onChange={(e) => void save({ status: e.target.value as Milestone['status'] }).catch((err: unknown) => toastError(err))}
          />
        </Field>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <label className="inline-flex min-h-11 items-center gap-2 text-slate-700">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={milestone.visible_to_customer}
            onChange={() => void save({ visible_to_customer: !milestone.visible_to_customer }).catch((e: unknown) => toastError(e))}
          />
          Visible to the customer
        </label>
        <span className="ml-auto flex gap-1">
          <Button variant="ghost" size="sm" aria-label={`Move ${milestone.title} up`} disabled={index === 0} onClick={() => void moveItem(db, all, index, index - 1, 'milestones')} icon={<ArrowUp aria-hidden="true" className="size-4" />} />
          <Button variant="ghost" size="sm" aria-label={`Move ${milestone.title} down`} disabled={index === all.length - 1} onClick={() => void moveItem(db, all, index, index + 1, 'milestones')} icon={<ArrowDown aria-hidden="true" className="size-4" />} />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${milestone.title}`}
            onClick={() => void removeDocument(db, 'milestones', milestone.id).catch((e: unknown) => toastError(e))}
            icon={<Trash2 aria-hidden="true" className="size-4 text-red-700" />}
          />
        </span>
      </div>
    </li>
  );
}

export function MilestonesEditor({ estimate, milestones }: { estimate: Estimate; milestones: readonly Milestone[] }) {
  const { db } = useWorkspace();
  return (
    <section aria-labelledby="milestones-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="milestones-heading" className="text-lg font-semibold text-slate-900">
          Timeline
        </h2>
        <Button variant="secondary" icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => void addMilestone(db, estimate, milestones.length).catch((e: unknown) => toastError(e))}>
          Add milestone
        </Button>
      </div>
      {milestones.length === 0 ? (
        <p className="text-sm text-slate-500">No milestones yet. Add the phases of the project with their dates.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {milestones.map((m, i) => (
            <MilestoneRow key={m.id} milestone={m} index={i} all={milestones} />
          ))}
        </ol>
      )}
    </section>
  );
}
