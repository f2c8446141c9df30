// The milestones of every estimate in one timeline, by start date; undated ones last.
import type { PortalEstimate } from '../../lib/portal-api';
import { formatDay } from './format';
import { Section } from './section';
import { StatusChip } from './status-chip';

const MILESTONE: Record<string, { text: string; tone: 'info' | 'warning' | 'success' }> = {
  planned: { text: 'Planned', tone: 'info' },
  in_progress: { text: 'In progress', tone: 'warning' },
  done: { text: 'Done', tone: 'success' },
};

function timelineOf(estimates: PortalEstimate[]) {
  return estimates
    .flatMap((e) => e.milestones.map((m) => ({ ...m, estimateNumber: e.number, estimateTitle: e.title })))
    .sort((a, b) => (a.start_date ?? '9999').localeCompare(b.start_date ?? '9999') || (a.end_date ?? '9999').localeCompare(b.end_date ?? '9999'));
}

function dates(start: string | null, end: string | null): string {
  if (start && end && start !== end) return `${formatDay(start)} – ${formatDay(end)}`;
  return formatDay(start ?? end) || 'Date to be set';
}

export function PortalTimeline({ estimates }: { estimates: PortalEstimate[] }) {
  const items = timelineOf(estimates);
  return (
    <Section id="portal-timeline" title="Timeline">
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">The project timeline appears here once it is planned.</p>
      ) : (
        <ol data-testid="portal-timeline" className="relative flex flex-col gap-4 border-l-2 border-[var(--org-soft)] pl-5">
          {items.map((m) => (
            <li key={m.id} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[27px] size-3 rounded-full bg-[var(--org)] ring-4 ring-white" />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium text-slate-900">{m.title}</span>
                <StatusChip {...(MILESTONE[m.status] ?? MILESTONE.planned!)} />
              </div>
              <p className="text-sm text-slate-600">
                {dates(m.start_date, m.end_date)} · {m.estimateNumber}
              </p>
              {m.description && <p className="mt-1 text-sm text-slate-700">{m.description}</p>}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
