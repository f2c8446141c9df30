// The page's filters live in the URL (?range=last-90&owner=…&account=…, or range=custom with
// from and to), so a reload — offline too — and a shared link show the same figures. Read with
// zod: an unknown preset or id falls back to the default; a custom range keeps what was typed
// and says what is wrong with it.
import { z } from 'zod';

export const PRESETS = ['this-month', 'last-30', 'last-90', 'this-year', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
const DEFAULT_PRESET: Preset = 'last-90';

export const PRESET_LABELS: Record<Preset, string> = {
  'this-month': 'This month',
  'last-30': 'Last 30 days',
  'last-90': 'Last 90 days',
  'this-year': 'This year',
  custom: 'Custom range',
};

export type Filters = {
  preset: Preset;
  /** YYYY-MM-DD as typed, for the custom range; '' when empty. */
  from: string;
  to: string;
  ownerId: string;
  accountId: string;
};

/** Local midnights: from inclusive, to exclusive. */
export type DateRange = { from: Date; to: Date };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const paramsSchema = z.object({
  range: z.enum(PRESETS).catch(DEFAULT_PRESET),
  from: z.string().regex(DAY).catch(''),
  to: z.string().regex(DAY).catch(''),
  owner: z.string().regex(UUID).catch(''),
  account: z.string().regex(UUID).catch(''),
});

export function parseFilters(params: URLSearchParams): Filters {
  const read = (key: string) => params.get(key) ?? '';
  const parsed = paramsSchema.parse({ range: read('range') || DEFAULT_PRESET, from: read('from'), to: read('to'), owner: read('owner'), account: read('account') });
  return { preset: parsed.range, from: parsed.from, to: parsed.to, ownerId: parsed.owner, accountId: parsed.account };
}

export function filtersToParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.preset !== DEFAULT_PRESET) params.set('range', filters.preset);
  if (filters.preset === 'custom') {
    if (filters.from) params.set('from', filters.from);
    if (filters.to) params.set('to', filters.to);
  }
  if (filters.ownerId) params.set('owner', filters.ownerId);
  if (filters.accountId) params.set('account', filters.accountId);
  return params;
}

function localDay(text: string): Date | null {
  if (!DAY.test(text)) return null;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

export function dayText(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export type RangeAnswer = { ok: true; range: DateRange } | { ok: false; field: 'from' | 'to'; error: string };

/** The range the filters mean on `today` (the device's date); a custom range may be incomplete or reversed. */
export function rangeOf(filters: Pick<Filters, 'preset' | 'from' | 'to'>, today: Date): RangeAnswer {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  const tomorrow = new Date(y, m, d + 1);
  switch (filters.preset) {
    case 'this-month':
      return { ok: true, range: { from: new Date(y, m, 1), to: tomorrow } };
    case 'last-30':
      return { ok: true, range: { from: new Date(y, m, d - 29), to: tomorrow } };
    case 'last-90':
      return { ok: true, range: { from: new Date(y, m, d - 89), to: tomorrow } };
    case 'this-year':
      return { ok: true, range: { from: new Date(y, 0, 1), to: tomorrow } };
    case 'custom': {
      const from = localDay(filters.from);
      const to = localDay(filters.to);
      if (!from) return { ok: false, field: 'from', error: 'Enter the first day of the range' };
      if (!to) return { ok: false, field: 'to', error: 'Enter the last day of the range' };
      if (to < from) return { ok: false, field: 'to', error: 'The end date cannot be before the start date' };
      return { ok: true, range: { from, to: new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1) } };
    }
  }
}

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Jan 1, 2026 – Mar 31, 2026" (the last day, not the exclusive end). */
export function rangeLabel(range: DateRange): string {
  const last = new Date(range.to.getFullYear(), range.to.getMonth(), range.to.getDate() - 1);
  return `${DATE.format(range.from)} – ${DATE.format(last)}`;
}
