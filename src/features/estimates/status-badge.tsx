// Small presentational pieces shared by the estimate screens.
import type { EstimateStatus } from '../../db/collections/estimates';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { cx } from '../../components/ui/cx';
import { formatMargin, marginTone, type MarginTone } from '../../lib/money';
import { customerDisplayName } from '../../db/customer-name';

const STATUS: Record<EstimateStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'brand' },
  viewed: { label: 'Viewed', tone: 'brand' },
  changes_requested: { label: 'Changes requested', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
  expired: { label: 'Expired', tone: 'warning' },
  archived: { label: 'Archived', tone: 'neutral' },
};

export function statusLabel(status: EstimateStatus): string {
  return STATUS[status].label;
}

/** `unconfirmed`: accepted on a device, the server has not confirmed it yet. */
export function StatusBadge({ status, unconfirmed = false }: { status: EstimateStatus; unconfirmed?: boolean }) {
  if (unconfirmed) {
    return (
      <Badge tone="warning" className="whitespace-nowrap">
        <span data-status={status} data-unconfirmed="true">
          Accepted on device
        </span>
      </Badge>
    );
  }
  return (
    <Badge tone={STATUS[status].tone} className="whitespace-nowrap">
      <span data-status={status}>{STATUS[status].label}</span>
    </Badge>
  );
}

const TONE_CLASSES: Record<MarginTone, string> = {
  green: 'text-emerald-700',
  yellow: 'text-amber-700',
  red: 'text-red-700',
  none: 'text-slate-500',
};

/** SPEC §9: 'N/A' without data, otherwise '$1,250.00 (31.3%)' in green, yellow or red. Never printed. */
export function MarginText({ marginCents, marginPercent, className }: { marginCents: number | null; marginPercent: number | null; className?: string }) {
  const tone = marginTone(marginPercent);
  return (
    <span data-margin-tone={tone} className={cx('font-medium tabular-nums whitespace-nowrap', TONE_CLASSES[tone], className)}>
      {formatMargin({ marginCents, marginPercent })}
    </span>
  );
}

/** The customer's display name (the rule lives with the data: src/db/customer-name.ts). */
export const customerName = customerDisplayName;
