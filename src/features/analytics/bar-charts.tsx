// The Recharts drawing of the analytics charts, in a module of its own: charts.tsx loads it
// lazily, so the library downloads and compiles while the worker opens its facts instead of
// before the page can even start the worker. Drawn without animation, and without a tooltip
// until the pointer first comes over the chart: Recharts' tooltip follows the chart's data
// through many selectors on every redraw, most of a chart's cost, for a hover nobody made yet.
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatMoneyCompact } from '../../lib/money';
import type { BarDatum, Format } from './charts';

const TICK_STYLE = { fill: '#475569', fontSize: 12 };
const GRID = '#e2e8f0';
const BRAND = '#2563eb';

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

function cut(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars - 1).trimEnd()}…` : text;
}

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

export function HorizontalBarsChart({ data, format, labelWidth, height, tooltip }: { data: readonly BarDatum[]; format: Format; labelWidth: number; height: number; tooltip: boolean }) {
  return (
    <BarChart responsive accessibilityLayer={false} layout="vertical" data={[...data]} margin={{ top: 4, right: 16, bottom: 4, left: 4 }} style={{ width: '100%', height }}>
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" tick={plainTick((v) => formatTick(Number(v), format), 'x')} interval={0} allowDecimals={false} />
      <YAxis type="category" dataKey="label" tick={plainTick((v) => cut(String(v), Math.floor(labelWidth / 7)), 'y')} width={labelWidth} interval={0} />
      {tooltip && <ChartTooltip format={format} />}
      <Bar dataKey="value" isAnimationActive={false} radius={[0, 4, 4, 0]} maxBarSize={22}>
        {data.map((d) => (
          <Cell key={d.key} fill={d.color ?? BRAND} />
        ))}
      </Bar>
    </BarChart>
  );
}

export function ColumnBarsChart({ data, format, height, tooltip }: { data: readonly BarDatum[]; format: Format; height: number; tooltip: boolean }) {
  // At most 12 labels along the axis; the others are skipped evenly (no measuring).
  const every = Math.max(0, Math.ceil(data.length / 12) - 1);
  const labels = new Map(data.map((d) => [d.label, d.short ?? d.label]));
  return (
    <BarChart responsive accessibilityLayer={false} data={[...data]} margin={{ top: 8, right: 8, bottom: 4, left: 4 }} style={{ width: '100%', height }}>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={plainTick((v) => labels.get(String(v)) ?? String(v), 'x')} interval={every} />
      <YAxis tick={plainTick((v) => formatTick(Number(v), format), 'y')} interval={0} allowDecimals={false} width={format === 'money' ? 64 : 40} />
      {tooltip && <ChartTooltip format={format} />}
      <Bar dataKey="value" isAnimationActive={false} radius={[4, 4, 0, 0]} maxBarSize={48}>
        {data.map((d) => (
          <Cell key={d.key} fill={d.color ?? BRAND} />
        ))}
      </Bar>
    </BarChart>
  );
}
