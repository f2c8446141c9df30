// Where each milestone's bar sits on a shared time axis, as percentages of the whole span.
import type { CustomerMilestone } from './schemas';

export type MilestoneBar = { id: string; left: number; width: number } | { id: string; left: null; width: null };

const DAY = 86_400_000;
const dayOf = (value: string) => Date.parse(`${value}T00:00:00Z`);

/** Bars for milestones with dates (a single date is one day); null for those without. */
export function milestoneBars(milestones: readonly CustomerMilestone[]): MilestoneBar[] {
  const spans = milestones.map((m) => {
    const start = m.start_date ?? m.end_date;
    const end = m.end_date ?? m.start_date;
    return start && end ? { id: m.id, start: dayOf(start), end: dayOf(end) + DAY } : { id: m.id, start: null, end: null };
  });
  const dated = spans.filter((s): s is { id: string; start: number; end: number } => s.start !== null);
  if (dated.length === 0) return spans.map((s) => ({ id: s.id, left: null, width: null }));
  const from = Math.min(...dated.map((s) => s.start));
  const to = Math.max(...dated.map((s) => s.end));
  const total = Math.max(DAY, to - from);
  return spans.map((s) =>
    s.start === null || s.end === null
      ? { id: s.id, left: null, width: null }
      : { id: s.id, left: ((s.start - from) / total) * 100, width: Math.max(2, ((s.end - s.start) / total) * 100) },
  );
}
