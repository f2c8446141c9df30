// How the portals word and date things for a customer (en-US).
const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** How a moment reads: `medium` (Nov 25, 2026, 3:04 PM), `long` (November 25, 2026 at 3:04 PM), `day` (November 25, 2026). */
export type MomentStyle = 'medium' | 'long' | 'day';
const MOMENT_OPTIONS: Record<MomentStyle, Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium', timeStyle: 'short' },
  long: { dateStyle: 'long', timeStyle: 'short' },
  day: { dateStyle: 'long' },
};
const momentFormats = (timeZone?: string) =>
  Object.fromEntries(Object.entries(MOMENT_OPTIONS).map(([style, options]) => [style, new Intl.DateTimeFormat('en-US', { ...options, timeZone })])) as Record<MomentStyle, Intl.DateTimeFormat>;
const MOMENT = momentFormats();
const MOMENT_UTC = momentFormats('UTC');

/** A calendar day (YYYY-MM-DD), the same everywhere. */
export function formatDay(day: string | null | undefined): string {
  return day ? LONG_DATE.format(new Date(`${day}T00:00:00Z`)) : '';
}

/** A moment (a timestamp), in the reader's time zone. */
export function formatMoment(at: string | null | undefined, style: MomentStyle = 'medium'): string {
  return formatWith(MOMENT[style], at);
}

/** The same in UTC, saying so: where the reader's zone is not known yet. */
export function formatMomentUtc(at: string | null | undefined, style: MomentStyle = 'medium'): string {
  const text = formatWith(MOMENT_UTC[style], at);
  return text && `${text} UTC`;
}

function formatWith(format: Intl.DateTimeFormat, at: string | null | undefined): string {
  if (!at) return '';
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

export type Tone = 'info' | 'success' | 'warning' | 'neutral' | 'danger';

// Staff words like "viewed" mean nothing to a customer.
const ESTIMATE_STATUS: Record<string, { text: string; tone: Tone }> = {
  sent: { text: 'Awaiting your decision', tone: 'info' },
  viewed: { text: 'Awaiting your decision', tone: 'info' },
  changes_requested: { text: 'Changes requested', tone: 'warning' },
  accepted: { text: 'Accepted', tone: 'success' },
  declined: { text: 'Declined', tone: 'neutral' },
  expired: { text: 'Expired', tone: 'danger' },
  archived: { text: 'Withdrawn', tone: 'neutral' },
  draft: { text: 'Being updated', tone: 'warning' },
};

export function estimateStatus(status: string): { text: string; tone: Tone } {
  return ESTIMATE_STATUS[status] ?? { text: status, tone: 'neutral' };
}

const REQUEST_STATUS: Record<string, { text: string; tone: Tone }> = {
  new: { text: 'Received', tone: 'info' },
  in_review: { text: 'In review', tone: 'warning' },
  converted: { text: 'Estimate on its way', tone: 'success' },
  dismissed: { text: 'Closed', tone: 'neutral' },
};

export function requestStatus(status: string): { text: string; tone: Tone } {
  return REQUEST_STATUS[status] ?? { text: status, tone: 'neutral' };
}

export const TONE_CLASSES: Record<Tone, string> = {
  info: 'bg-sky-50 text-sky-900 ring-sky-200',
  success: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  danger: 'bg-red-50 text-red-900 ring-red-200',
};

/** Only images the page can show under its security policy: data URLs and our own paths. */
export function safeImage(value: string): string | null {
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value)) return value;
  if (/^\/[^/\\]/.test(value)) return value;
  return null;
}
