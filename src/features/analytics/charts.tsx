// The analytics charts. Each is hidden from assistive technology behind a one-sentence summary:
// the table beside it carries the figures. Recharts itself is in bar-charts.tsx, loaded lazily
// (preloadCharts() as the page opens), so the page chunk is small and starts the worker at
// once while the library loads beside it.
//
// Charts draw new data one per animation frame, in the order given, so that a new answer is
// several short main-thread tasks instead of one long one; a chart not yet redrawn (or whose
// library is still loading) is marked data-pending (the bench waits for none). Charts are
// only drawn once their library is in (use-analytics.ts shows an answer then), so nothing
// suspends.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

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

type ChartsModule = typeof import('./bar-charts');
let loading: Promise<ChartsModule> | null = null;
/** The module once loaded: charts then draw it directly, never suspending. */
let loaded: ChartsModule | null = null;
/** Starts loading Recharts (once); the page calls it as it opens. */
export function preloadCharts(): Promise<ChartsModule> {
  loading ??= import('./bar-charts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The chart module, null until it has loaded. Not React.lazy: a lazy component suspends the
 * first time it renders even when its module is in, and React paces the reveal of suspended
 * content (300 ms), which every page load paid once per chart kind.
 */
function useChartsModule(): ChartsModule | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!module) preloadCharts().then(setModule, () => undefined);
  }, [module]);
  return module;
}

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

/** Whether the pointer has come over the chart yet (its tooltip is drawn from then on: bar-charts.tsx). */
function useHovered(): [boolean, () => void] {
  const [hovered, setHovered] = useState(false);
  return [hovered, () => setHovered(true)];
}

function Frame({ summary, height, pending, onHover, children }: { summary: string; height: number; pending: boolean; onHover?: () => void; children?: ReactNode }) {
  return (
    <div role="img" aria-label={summary} className="min-w-0" style={{ minHeight: height }} data-chart data-pending={pending} onPointerEnter={onHover}>
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
  const charts = useChartsModule();
  const data = useStaggered(newest, order);
  const [hovered, hover] = useHovered();
  const height = Math.max(120, newest.length * 34 + 40);
  return (
    <Frame summary={summary} height={height} pending={!charts || data !== newest} onHover={hover}>
      {charts && data && <charts.HorizontalBarsChart data={data} format={format} labelWidth={labelWidth} height={height} tooltip={hovered} />}
    </Frame>
  );
}

/** Vertical bars along a sequence (months, margin buckets). */
export function ColumnBars({ data: newest, format, summary, order, height = 240 }: ChartProps & { height?: number }) {
  const charts = useChartsModule();
  const data = useStaggered(newest, order);
  const [hovered, hover] = useHovered();
  return (
    <Frame summary={summary} height={height} pending={!charts || data !== newest} onHover={hover}>
      {charts && data && <charts.ColumnBarsChart data={data} format={format} height={height} tooltip={hovered} />}
    </Frame>
  );
}
