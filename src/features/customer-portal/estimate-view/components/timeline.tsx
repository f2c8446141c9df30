// The plan: customer-visible milestones as a list the screen reader reads (title, dates,
// status, description) with a bar on a shared time axis beside each, for the eye only.
import { useStyleProps } from '../../../../lib/server-styles';
import { cx } from '../../../../components/ui/cx';
import { formatDay } from '../format';
import type { CustomerMilestone } from '../schemas';
import { milestoneBars } from '../timeline-layout';

const STATUS: Record<CustomerMilestone['status'], { text: string; bar: string }> = {
  planned: { text: 'Planned', bar: 'bg-slate-400' },
  in_progress: { text: 'In progress', bar: 'bg-[var(--org)]' },
  done: { text: 'Done', bar: 'bg-emerald-600' },
};

function dates(m: CustomerMilestone): string {
  if (m.start_date && m.end_date && m.start_date !== m.end_date) return `${formatDay(m.start_date)} – ${formatDay(m.end_date)}`;
  return formatDay(m.start_date ?? m.end_date) || 'Date to be agreed';
}

export function Timeline({ milestones }: { milestones: readonly CustomerMilestone[] }) {
  if (milestones.length === 0) return null;
  const bars = milestoneBars(milestones);
  return (
    <section aria-labelledby="timeline-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 print:break-inside-avoid print:p-0 print:shadow-none print:ring-0">
      <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900">
        Project timeline
      </h2>
      <p className="text-sm text-slate-600">The plan as it stands; dates may be adjusted as the work goes on.</p>
      <ol className="mt-4 flex flex-col gap-4">
        {milestones.map((m, i) => {
          const bar = bars[i]!;
          return (
            <li key={m.id} data-testid="milestone" className="grid gap-2 sm:grid-cols-[minmax(0,14rem)_1fr] sm:items-center sm:gap-4">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{m.title}</p>
                <p className="text-sm text-slate-600">
                  {dates(m)} · {STATUS[m.status].text}
                </p>
                {m.description && <p className="text-sm whitespace-pre-line text-slate-600">{m.description}</p>}
              </div>
              <div aria-hidden="true" className="relative h-6 rounded-full bg-slate-100 print:border print:border-slate-300">
                {bar.left !== null && (
                  <Bar className={STATUS[m.status].bar} left={bar.left} width={bar.width} />
                )}
                {bar.left === null && <span className="absolute inset-0 flex items-center px-3 text-xs text-slate-600">Not scheduled yet</span>}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A milestone's bar, placed along the timeline's span. */
function Bar({ className, left, width }: { className: string; left: number; width: number }) {
  const styleProps = useStyleProps({ left: `${left}%`, width: `${width}%` });
  return <div className={cx('absolute inset-y-1 rounded-full print:bg-slate-500', className)} {...styleProps} />;
}
