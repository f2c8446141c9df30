import { cx } from '../../../../components/ui/cx';
import type { CustomerEstimate } from '../schemas';

// What the customer reads for each status (staff words like "viewed" mean nothing to them).
const LABELS: Record<CustomerEstimate['status'], { text: string; tone: string }> = {
  draft: { text: 'Being updated', tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  sent: { text: 'Awaiting your decision', tone: 'bg-sky-50 text-sky-900 ring-sky-200' },
  viewed: { text: 'Awaiting your decision', tone: 'bg-sky-50 text-sky-900 ring-sky-200' },
  changes_requested: { text: 'Changes requested', tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  accepted: { text: 'Accepted', tone: 'bg-emerald-50 text-emerald-900 ring-emerald-200' },
  declined: { text: 'Declined', tone: 'bg-slate-100 text-slate-800 ring-slate-300' },
  expired: { text: 'Expired', tone: 'bg-red-50 text-red-900 ring-red-200' },
  archived: { text: 'Withdrawn', tone: 'bg-slate-100 text-slate-800 ring-slate-300' },
};

export function StatusPill({ status }: { status: CustomerEstimate['status'] }) {
  const { text, tone } = LABELS[status];
  return (
    <span data-testid="customer-status" className={cx('inline-flex items-center rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset', tone)}>
      {text}
    </span>
  );
}
