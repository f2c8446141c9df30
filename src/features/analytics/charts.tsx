// The analytics charts (Recharts; this module is only reached from the lazy /analytics route,
// so the library loads with it). Each is drawn without animation and hidden from assistive
// technology behind a one-sentence summary: the table beside it carries the figures.
//
// Charts draw new data one per animation frame, in the order given, so that a new answer is
// several short main-thread tasks instead of one long one; a chart not yet redrawn is marked
// data-pending (the bench waits for none).
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatMoneyCompact } from '../../lib/money';

type BarDatum = {
  key: string;
  label: string;
  /** The axis's label when `label` is too long for it ("Aug ’26"). */
  short?: string;
  value: number;
  color?: string;
  detail?: string;
};

const TICK_STYLE = { fill: '#475569', fontSize: 12 };

type TickProps = { x?: number | string; y?: number | string; textAnchor?: 'start' | 'middle' | 'end' | 'inherit'; payload?: { value: unknown } };

/**
 * A tick label as plain SVG text. Recharts' own tick measures every word in the DOM to wrap
 * it (a forced layout per word, on every redraw); these labels are cut to fit instead.
 */
function plainTick(label: (value: unknown) => string, axis: 'x' | 'y') {
  return function PlainTick({ x, y, textAnchor, payload }: TickProps) {
    return (
      <text x={Number(x)} y={Number(y)} dy={axis === 'x' ? 14 : 4} textAnchor={textAnchor ?? (axis === 'x' ? 'middle' : 'end')} {...TICK_STYLE}>
        {label(payload?.value)}
      </text>
    );
  };
}
const GRID = '#e2e8f0';

export const COLORS = {
  brand: '#2563eb',
  revenue: '#059669',
  margin: '#047857',
  muted: '#94a3b8',
  red: '#ef4444',
  amber: '#f59e0b',
  green: '#10b981',
};

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

function cut(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars - 1).trimEnd()}…` : text;
}

type Format = 'money' | 'count';
const formatValue = (value: number, format: Format) => (format === 'money' ? formatMoney(value) : value.toLocaleString('en-US'));
const formatTick = (value: number, format: Format) => (format === 'money' ? formatMoneyCompact(value) : value.toLocaleString('en-US'));

function ChartTooltip({ format }: { format: Format }) {
  return (
    <Tooltip
      cursor={{ fill: '#f1f5f9' }}
      isAnimationActive={false}
      formatter={(value, _name, item) => {
        const datum = (item as { payload?: BarDatum }).payload;
        return [datum?.detail ?? formatValue(Number(value), format), ''];
      }}
      separator=""
      labelClassName="font-medium text-slate-900"
      wrapperClassName="rounded-lg text-sm shadow"
    />
  );
}

/** Horizontal bars, one per category (statuses, funnel steps, products). */
export function HorizontalBars({ data: newest, format, summary, order, labelWidth: wide = 140 }: ChartProps & { labelWidth?: number }) {
  const labelWidth = usePhone() ? Math.min(wide, 110) : wide;
  const data = useStaggered(newest, order);
  const height = Math.max(120, newest.length * 34 + 40);
  return (
    <Frame summary={summary} height={height} pending={data !== newest}>
      {data && <BarChart responsive accessibilityLayer={false} layout="vertical" data={[...data]} margin={{ top: 4, right: 16, bottom: 4, left: 4 }} style={{ width: '100%', height }}>
        <CartesianGrid horizontal={false} stroke={GRID} />
        <XAxis type="number" tick={plainTick((v) => formatTick(Number(v), format), 'x')} interval={0} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={plainTick((v) => cut(String(v), Math.floor(labelWidth / 7)), 'y')} width={labelWidth} interval={0} />
        <ChartTooltip format={format} />
        <Bar dataKey="value" isAnimationActive={false} radius={[0, 4, 4, 0]} maxBarSize={22}>
          {data.map((d) => (
            <Cell key={d.key} fill={d.color ?? COLORS.brand} />
          ))}
        </Bar>
      </BarChart>}
    </Frame>
  );
}

/** Vertical bars along a sequence (months, margin buckets). */
export function ColumnBars({ data: newest, format, summary, order, height = 240 }: ChartProps & { height?: number }) {
  const data = useStaggered(newest, order);
  if (!data) return <Frame summary={summary} height={height} pending />;
  // At most 12 labels along the axis; the others are skipped evenly (no measuring).
  const every = Math.max(0, Math.ceil(data.length / 12) - 1);
  const labels = new Map(data.map((d) => [d.label, d.short ?? d.label]));
  return (
    <Frame summary={summary} height={height} pending={data !== newest}>
      <BarChart responsive accessibilityLayer={false} data={[...data]} margin={{ top: 8, right: 8, bottom: 4, left: 4 }} style={{ width: '100%', height }}>
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis dataKey="label" tick={plainTick((v) => labels.get(String(v)) ?? String(v), 'x')} interval={every} />
        <YAxis tick={plainTick((v) => formatTick(Number(v), format), 'y')} interval={0} allowDecimals={false} width={format === 'money' ? 64 : 40} />
        <ChartTooltip format={format} />
        <Bar dataKey="value" isAnimationActive={false} radius={[4, 4, 0, 0]} maxBarSize={48}>
          {data.map((d) => (
            <Cell key={d.key} fill={d.color ?? COLORS.brand} />
          ))}
        </Bar>
      </BarChart>
    </Frame>
  );
}
