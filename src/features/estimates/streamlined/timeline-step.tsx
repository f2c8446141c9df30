// The project's phases on a tablet: big fields, dates checked (the end never before the start).
import { CalendarPlus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { Estimate } from '../../../db/collections/estimates';
import type { Milestone } from '../../../db/collections/milestones';
import { useWorkspace } from '../../../db/react';
import { toastError } from '../../../lib/toast-store';
import { DraftInput } from '../draft-input';
import { addMilestone, patchDocument, removeDocument } from '../commands';
import { GanttChart } from '../gantt-chart';
import { parseRequiredText } from '../field-parsers';
import { useMilestoneDates } from '../milestone-dates';

const parseTitle = parseRequiredText('The milestone title', 300);
const BIG = 'min-h-12 text-base';

function MilestoneCard({ milestone, index }: { milestone: Milestone; index: number }) {
  const { db } = useWorkspace();
  const save = (patch: Partial<Milestone>) => patchDocument(db, 'milestones', milestone.id, patch);
  // A date that would put the end before the start is refused at the field and not saved.
  const dates = useMilestoneDates(milestone);
  return (
    <li data-testid="flow-milestone" aria-label={`Milestone ${index + 1}: ${milestone.title}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid grid-cols-2 gap-3">
        <DraftInput label="Milestone" stored={milestone.title} parse={parseTitle} save={(title) => save({ title })} className="col-span-2" inputClassName={BIG} />
        <DraftInput label="Start" type="date" stored={milestone.start_date ?? ''} parse={dates.parseStart} onDraft={dates.onStartDraft} save={(start_date) => save({ start_date })} inputClassName={BIG} />
        <DraftInput label="End" type="date" stored={milestone.end_date ?? ''} parse={dates.parseEnd} onDraft={dates.onEndDraft} save={(end_date) => save({ end_date })} inputClassName={BIG} />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <label className="inline-flex min-h-12 items-center gap-3 text-base text-slate-700">
          <input
            type="checkbox"
            className="size-6 accent-brand-700"
            checked={milestone.visible_to_customer}
            onChange={() => void save({ visible_to_customer: !milestone.visible_to_customer }).catch((e: unknown) => toastError(e))}
          />
          Show to the customer
        </label>
        <Button
          variant="ghost"
          size="lg"
          aria-label={`Remove ${milestone.title}`}
          onClick={() => void removeDocument(db, 'milestones', milestone.id).catch((e: unknown) => toastError(e))}
          icon={<Trash2 aria-hidden="true" className="size-5 text-red-700" />}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

export function TimelineStep({ estimate, milestones }: { estimate: Estimate; milestones: readonly Milestone[] }) {
  const { db } = useWorkspace();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Project timeline</h2>
        <Button variant="secondary" size="lg" icon={<CalendarPlus aria-hidden="true" className="size-5" />} onClick={() => void addMilestone(db, estimate, milestones.length).catch((e: unknown) => toastError(e))}>
          Add milestone
        </Button>
      </div>
      {milestones.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-base text-slate-600">No milestones yet. Add the phases of the project with their dates, or skip this step.</p>
      ) : (
        <>
          <ol className="flex flex-col gap-3">
            {milestones.map((m, i) => (
              <MilestoneCard key={m.id} milestone={m} index={i} />
            ))}
          </ol>
          <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <GanttChart milestones={milestones} />
          </div>
        </>
      )}
    </div>
  );
}
