// The analytics charts. Each is hidden from assistive technology behind a one-sentence summary:
// the table beside it carries the figures. Recharts itself is in bar-charts.tsx, loaded lazily
// (preloadCharts() as the page opens), so the page chunk is small and starts the worker at
// once while the library loads beside it.
//
// Charts draw new data one per animation frame, in the order given, so that a new answer is
// several short main-thread tasks instead of one long one; a chart not yet redrawn (or whose
// library is still loading) is marked data-pending (the bench waits for none).
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

export type BarDatum = {
  key: string;
  label: string;
  /** The axis's label when `label` is too long for it ("Aug ’26"). */
  short?: string;
  value: number;
  color?: string;
  detail?: string;
};

export type Format = 'money' | 'count';

export const COLORS = {
  brand: '#2563eb',
  revenue: '#059669',
  margin: '#047857',
  muted: '#94a3b8',
  red: '#ef4444',
  amber: '#f59e0b',
  green: '#10b981',
};

let loading: ReturnType<typeof loadCharts> | null = null;
const loadCharts = () => import('./bar-charts');
/** Starts loading Recharts (once); the page calls it as it opens. */
export function preloadCharts() {
  loading ??= loadCharts();
  return loading;
}
const HorizontalBarsChart = lazy(async () => ({ default: (await preloadCharts()).HorizontalBarsChart }));
const ColumnBarsChart = lazy(async () => ({ default: (await preloadCharts()).ColumnBarsChart }));

/** `value` as drawn: it follows the newest after `order` + 1 animation frames. */
function useStaggered<T>(value: T, order: number): T | null {
  const [shown, setShown] = useState<T | null>(order === 0 ? value : null);
  useEffect(() => {
    if (shown === value) return;
    let frames = order;
    let id = 0;
    const step = () => {
      if (frames-- > 0) id = requestAnimationFrame(step);
      else setShown(value);
    };
    id = requestAnimationFrame(step);
    return () => cancelAnimationFrame(id);
  }, [value, order, shown]);
  return shown;
}

function Frame({ summary, height, pending, children }: { summary: string; height: number; pending: boolean; children?: ReactNode }) {
  return (
    <div role="img" aria-label={summary} className="min-w-0" style={{ minHeight: height }} data-chart data-pending={pending}>
      {children}
    </div>
  );
}

export type ChartProps = {
  data: readonly BarDatum[];
  format: Format;
  summary: string;
  /** Which frame after a new answer this chart is redrawn in (0 first). */
  order: number;
};

const PHONE = '(max-width: 639px)';

/** Phones get narrower category labels (cut with …; the table and the tooltip have them whole). */
function usePhone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const media = window.matchMedia(PHONE);
      media.addEventListener('change', changed);
      return () => media.removeEventListener('change', changed);
    },
    () => window.matchMedia(PHONE).matches,
  );
}

/** Horizontal bars, one per category (statuses, funnel steps, products). */
export function HorizontalBars({ data: newest, format, summary, order, labelWidth: wide = 140 }: ChartProps & { labelWidth?: number }) {
  const labelWidth = usePhone() ? Math.min(wide, 110) : wide;
  const data = useStaggered(newest, order);
  const height = Math.max(120, newest.length * 34 + 40);
  const pending = <Frame summary={summary} height={height} pending />;
  return (
    <Suspense fallback={pending}>
      <Frame summary={summary} height={height} pending={data !== newest}>
        {data && <HorizontalBarsChart data={data} format={format} labelWidth={labelWidth} height={height} />}
      </Frame>
    </Suspense>
  );
}

/** Vertical bars along a sequence (months, margin buckets). */
export function ColumnBars({ data: newest, format, summary, order, height = 240 }: ChartProps & { height?: number }) {
  const data = useStaggered(newest, order);
  const pending = <Frame summary={summary} height={height} pending />;
  if (!data) return pending;
  return (
    <Suspense fallback={pending}>
      <Frame summary={summary} height={height} pending={data !== newest}>
        <ColumnBarsChart data={data} format={format} height={height} />
      </Frame>
    </Suspense>
  );
}
