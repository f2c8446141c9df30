// The analytics charts (Recharts; this module is only reached from the lazy /analytics route,
// so the library loads with it). Each is drawn without animation and hidden from assistive
// technology behind a one-sentence summary: the table beside it carries the figures.
import { useSyncExternalStore, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatMoneyCompact } from '../../lib/money';

export type BarDatum = { key: string; label: string; value: number; color?: string; detail?: string };

const TICK = { fill: '#475569', fontSize: 12 };
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

function Frame({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={summary} className="min-w-0" data-chart>
      {children}
    </div>
  );
}

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
export function HorizontalBars({ data, format, summary, labelWidth: wide = 140 }: { data: readonly BarDatum[]; format: Format; summary: string; labelWidth?: number }) {
  const labelWidth = usePhone() ? Math.min(wide, 110) : wide;
  const height = Math.max(120, data.length * 34 + 40);
  return (
    <Frame summary={summary}>
      <BarChart responsive accessibilityLayer={false} layout="vertical" data={[...data]} margin={{ top: 4, right: 16, bottom: 4, left: 4 }} style={{ width: '100%', height }}>
        <CartesianGrid horizontal={false} stroke={GRID} />
        <XAxis type="number" tick={TICK} tickFormatter={(v: number) => formatTick(v, format)} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={TICK} width={labelWidth} interval={0} tickFormatter={(label: string) => cut(label, Math.floor(labelWidth / 6.5))} />
        <ChartTooltip format={format} />
        <Bar dataKey="value" isAnimationActive={false} radius={[0, 4, 4, 0]} maxBarSize={22}>
          {data.map((d) => (
            <Cell key={d.key} fill={d.color ?? COLORS.brand} />
          ))}
        </Bar>
      </BarChart>
    </Frame>
  );
}

/** Vertical bars along a sequence (months, margin buckets). */
export function ColumnBars({ data, format, summary, height = 240 }: { data: readonly BarDatum[]; format: Format; summary: string; height?: number }) {
  return (
    <Frame summary={summary}>
      <BarChart responsive accessibilityLayer={false} data={[...data]} margin={{ top: 8, right: 8, bottom: 4, left: 4 }} style={{ width: '100%', height }}>
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis dataKey="label" tick={TICK} interval={data.length <= 8 ? 0 : 'preserveStartEnd'} minTickGap={4} />
        <YAxis tick={TICK} tickFormatter={(v: number) => formatTick(v, format)} allowDecimals={false} width={format === 'money' ? 64 : 40} />
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
