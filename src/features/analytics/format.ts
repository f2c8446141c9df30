// How analytics shows what it computed; money itself is formatted by src/lib/money.ts.
import type { EstimateStatus } from '../../db/collections/estimates';
import type { FunnelStep } from './summarize';

// The estimates screens' labels (features do not share code; these are eight words).
export const STATUS_LABELS: Record<EstimateStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  changes_requested: 'Changes requested',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  archived: 'Archived',
};

export const FUNNEL_LABELS: Record<FunnelStep['step'], string> = {
  requests: 'Requests received',
  estimates: 'Estimates created',
  sent: 'Sent to the customer',
  accepted: 'Accepted',
};

/** '50.0%', or 'N/A' without data. */
export function formatPercent(percent: number | null): string {
  return percent === null ? 'N/A' : `${percent.toFixed(1)}%`;
}

const HOUR = 3_600_000;

/** '45 minutes', '6.5 hours', '2.3 days'; '—' without data. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < HOUR) {
    const minutes = Math.round(ms / 60_000);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  if (ms < 48 * HOUR) return `${(ms / HOUR).toFixed(1)} hours`;
  return `${(ms / (24 * HOUR)).toFixed(1)} days`;
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });

/** '2026-03' → 'Mar 2026'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return MONTH.format(new Date(year, m - 1, 1));
}

const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short' });

/** '2026-03' → 'Mar ’26', for chart axes. */
export function shortMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${SHORT_MONTH.format(new Date(year, m - 1, 1))} ’${String(year).slice(2)}`;
}

export { countLabel } from '../../lib/count-label';
