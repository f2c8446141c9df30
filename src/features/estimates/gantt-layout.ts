// Places milestones on a shared date axis for the timeline chart: each bar as a start offset
// and a width in percent of the whole range, plus month ticks.
export type GanttInput = { id: string; title: string; start_date: string | null; end_date: string | null };

type GanttBar = { id: string; title: string; left: number; width: number; start: string; end: string } | { id: string; title: string; left: null; width: null };

export type GanttLayout = { start: string | null; end: string | null; days: number; bars: GanttBar[]; ticks: { label: string; left: number }[] };

const DAY = 86_400_000;

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
}

function dateOf(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function ganttLayout(milestones: readonly GanttInput[]): GanttLayout {
  const spans = milestones.map((m) => {
    const start = m.start_date ?? m.end_date;
    const end = m.end_date ?? m.start_date;
    if (!start || !end) return null;
    const a = dayNumber(start);
    const b = dayNumber(end);
    return { from: Math.min(a, b), to: Math.max(a, b) };
  });
  const dated = spans.filter((s): s is { from: number; to: number } => s !== null);
  if (dated.length === 0) {
    return { start: null, end: null, days: 0, bars: milestones.map((m) => ({ id: m.id, title: m.title, left: null, width: null })), ticks: [] };
  }
  const first = Math.min(...dated.map((s) => s.from));
  const last = Math.max(...dated.map((s) => s.to));
  // Both ends inclusive: a one-day milestone still gets a visible bar.
  const days = last - first + 1;
  const percent = (n: number) => Math.round((n / days) * 10_000) / 100;
  const bars: GanttBar[] = milestones.map((m, i) => {
    const span = spans[i];
    if (!span) return { id: m.id, title: m.title, left: null, width: null };
    return { id: m.id, title: m.title, left: percent(span.from - first), width: percent(span.to - span.from + 1), start: dateOf(span.from), end: dateOf(span.to) };
  });
  const ticks: { label: string; left: number }[] = [];
  const startDate = new Date(first * DAY);
  let month = Date.UTC(startDate.getUTCFullYear(), startDate.getUTCMonth(), 1);
  while (month / DAY <= last) {
    const day = Math.max(first, month / DAY);
    ticks.push({ label: MONTH.format(new Date(month)), left: percent(day - first) });
    const d = new Date(month);
    month = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return { start: dateOf(first), end: dateOf(last), days, bars, ticks };
}
