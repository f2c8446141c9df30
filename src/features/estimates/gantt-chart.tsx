// The timeline as bars on a shared date axis (CSS positions from ganttLayout).
import type { Milestone } from '../../db/collections/milestones';
import { cx } from '../../components/ui/cx';
import { ganttLayout } from './gantt-layout';

// Dark enough for the white dates on the bars (4.5:1 at least, WCAG AA for small text).
const STATUS_COLOURS: Record<Milestone['status'], string> = {
  planned: 'bg-brand-700',
  in_progress: 'bg-amber-700',
  done: 'bg-emerald-700',
};
const STATUS_LABELS: Record<Milestone['status'], string> = { planned: 'Planned', in_progress: 'In progress', done: 'Done' };
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function day(date: string) {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}

export function GanttChart({ milestones }: { milestones: readonly Milestone[] }) {
  if (milestones.length === 0) return <p className="text-sm text-slate-500">No milestones yet.</p>;
  const layout = ganttLayout(milestones);
  return (
    <div data-testid="gantt" className="flex flex-col gap-2">
      {layout.ticks.length > 0 && (
        <div className="grid grid-cols-[minmax(8rem,12rem)_1fr] gap-3">
          <span />
          <div className="relative h-5 text-xs text-slate-500">
            {layout.ticks.map((tick) => (
              <span key={tick.label} className="absolute border-l border-slate-300 pl-1 whitespace-nowrap" style={{ left: `${tick.left}%` }}>
                {tick.label}
              </span>
            ))}
          </div>
        </div>
      )}
      <ol className="flex flex-col gap-2">
        {milestones.map((m, i) => {
          const bar = layout.bars[i]!;
          return (
            <li key={m.id} data-testid="gantt-row" className="grid grid-cols-[minmax(8rem,12rem)_1fr] items-center gap-3 text-sm">
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-800">{m.title}</span>
                <span className="block text-xs text-slate-500">
                  {STATUS_LABELS[m.status]}
                  {!m.visible_to_customer && ' · internal'}
                </span>
              </span>
              <div className="relative h-8 rounded-md bg-slate-100">
                {bar.left === null ? (
                  <span className="absolute inset-0 flex items-center px-2 text-xs text-slate-600">No dates</span>
                ) : (
                  <span
                    data-testid="gantt-bar"
                    className={cx('absolute inset-y-1 flex min-w-1 items-center overflow-hidden rounded px-2 text-xs whitespace-nowrap text-white print:border print:border-slate-700 print:text-slate-900', STATUS_COLOURS[m.status])}
                    style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
                    title={`${day(bar.start)} – ${day(bar.end)}`}
                  >
                    {day(bar.start)} – {day(bar.end)}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
