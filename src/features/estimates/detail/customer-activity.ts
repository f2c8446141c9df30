// What the customer did with an estimate, from the columns the server keeps on it: how often
// they opened the link (viewed_at is the first opening: the server sets it when a sent estimate
// becomes viewed; last_viewed_at and view_count follow every opening) and their decision.
import type { EstimateItem } from '../../../db/collections/estimate-items';
import type { Estimate } from '../../../db/collections/estimates';

type CustomerViews = { count: number; first: string | null; last: string | null };

export type CustomerDecision =
  | { kind: 'accepted'; name: string; at: string | null; options: { name: string; included: boolean }[] }
  | { kind: 'declined'; reason: string; at: string | null }
  /** `current`: the estimate waits on it; otherwise an earlier request (since revised and sent again). */
  | { kind: 'changes_requested'; message: string; at: string | null; current: boolean }
  | { kind: 'update_requested'; message: string; at: string | null };

type CustomerActivity = { views: CustomerViews; decision: CustomerDecision | null };

type EstimateFields = Pick<
  Estimate,
  'status' | 'view_count' | 'viewed_at' | 'last_viewed_at' | 'accepted_by_name' | 'accepted_at' | 'decline_reason' | 'declined_at' | 'changes_request' | 'changes_requested_at'
>;

function decisionOf(estimate: EstimateFields, items: readonly Pick<EstimateItem, 'name' | 'optional' | 'selected'>[]): CustomerDecision | null {
  if (estimate.status === 'accepted') {
    const options = items.filter((i) => i.optional).map((i) => ({ name: i.name, included: i.selected }));
    return { kind: 'accepted', name: estimate.accepted_by_name, at: estimate.accepted_at, options };
  }
  if (estimate.status === 'declined') return { kind: 'declined', reason: estimate.decline_reason, at: estimate.declined_at };
  if (!estimate.changes_request) return null;
  // An expired estimate's customer asks for an updated one through the same column.
  if (estimate.status === 'expired') return { kind: 'update_requested', message: estimate.changes_request, at: estimate.changes_requested_at };
  return { kind: 'changes_requested', message: estimate.changes_request, at: estimate.changes_requested_at, current: estimate.status === 'changes_requested' };
}

export function customerActivity(estimate: EstimateFields, items: readonly Pick<EstimateItem, 'name' | 'optional' | 'selected'>[]): CustomerActivity {
  const first = estimate.viewed_at ?? (estimate.view_count > 0 ? estimate.last_viewed_at : null);
  return {
    views: { count: estimate.view_count, first, last: estimate.view_count > 0 ? estimate.last_viewed_at ?? first : null },
    decision: decisionOf(estimate, items),
  };
}
