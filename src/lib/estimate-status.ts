// The words and tones of an estimate's status, the same everywhere an estimate appears (the
// estimates area's StatusBadge, the home page, a prospect's or an account's estimates).
export type EstimateStatusName = 'draft' | 'sent' | 'viewed' | 'changes_requested' | 'accepted' | 'declined' | 'expired' | 'archived';
export type StatusTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

export const ESTIMATE_STATUS: Record<EstimateStatusName, { label: string; tone: StatusTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'brand' },
  viewed: { label: 'Viewed', tone: 'brand' },
  changes_requested: { label: 'Changes requested', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
  expired: { label: 'Expired', tone: 'warning' },
  archived: { label: 'Archived', tone: 'neutral' },
};

/** Still in play: not yet accepted, declined, expired or archived (the open pipeline). */
export const OPEN_ESTIMATE_STATUSES: readonly EstimateStatusName[] = ['draft', 'sent', 'viewed', 'changes_requested'];
