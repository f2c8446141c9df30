// The home page's figures in one pass over the device's documents, as a pure function: my open
// estimates that need action (with the next step), new requests, estimates expiring within 7
// days, recent customer activity (newest first) and the pipeline per status (count and value).
// Values are each estimate's stored total (total_cents: the server's, or estimateFigures' on
// this device until it syncs), the figure /estimates shows, so the two pages always agree.
import type { Comment } from '../../db/collections/comments';
import type { EstimateRequest } from '../../db/collections/estimate-requests';
import type { Estimate, EstimateStatus } from '../../db/collections/estimates';
import { ESTIMATE_STATUS } from '../../lib/estimate-status';

export type HomeEstimate = Pick<
  Estimate,
  | 'id' | 'number' | 'title' | 'status' | 'owner_id' | 'customer_name' | 'total_cents' | 'valid_until' | 'sent_at' | 'viewed_at'
  | 'last_viewed_at' | 'view_count' | 'accepted_at' | 'declined_at' | 'changes_requested_at' | 'updated_at'
>;
export type HomeRequest = Pick<EstimateRequest, 'id' | 'name' | 'email' | 'company' | 'description' | 'status' | 'source' | 'created_at'>;
export type HomeComment = Pick<Comment, 'id' | 'estimate_id' | 'portal_id' | 'author_kind' | 'author_name' | 'body' | 'created_at'>;

export type ActionKind = 'changes_requested' | 'viewed' | 'sent' | 'draft';
type ActionItem = { id: string; number: string; title: string; customer: string; kind: ActionKind; step: string; since: string; totalCents: number };
type ExpiringItem = { id: string; number: string; title: string; customer: string; validUntil: string; daysLeft: number; ownerId: string | null; totalCents: number };
export type ActivityKind = 'viewed' | 'accepted' | 'declined' | 'changes' | 'comment' | 'request';
type ActivityItem = { key: string; kind: ActivityKind; at: string; text: string; href: string };
type PipelineRow = { status: EstimateStatus; label: string; count: number; valueCents: number };

export type HomeSummary = {
  action: { total: number; counts: Record<ActionKind, number>; items: ActionItem[] };
  expiring: { total: number; items: ExpiringItem[] };
  requests: { total: number; items: HomeRequest[] };
  activity: ActivityItem[];
  pipeline: PipelineRow[];
};

export const LIMITS = { action: 8, expiring: 6, requests: 5, activity: 10 } as const;
const EXPIRY_DAYS = 7;
const ACTION_ORDER: Record<ActionKind, number> = { changes_requested: 0, viewed: 1, sent: 2, draft: 3 };
const EXPIRING_STATUSES = new Set<EstimateStatus>(['sent', 'viewed', 'changes_requested']);
const PIPELINE_ORDER: readonly EstimateStatus[] = ['draft', 'sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'expired', 'archived'];

function nextStep(e: HomeEstimate): { kind: ActionKind; step: string; since: string } | null {
  switch (e.status) {
    case 'changes_requested':
      return { kind: 'changes_requested', step: 'Revise and send again: the customer asked for changes', since: e.changes_requested_at ?? e.updated_at };
    case 'viewed': {
      const times = e.view_count > 1 ? `${e.view_count} times` : 'once';
      return { kind: 'viewed', step: `Follow up: the customer opened it ${times}`, since: e.last_viewed_at ?? e.viewed_at ?? e.updated_at };
    }
    case 'sent':
      return { kind: 'sent', step: 'Follow up: not opened yet', since: e.sent_at ?? e.updated_at };
    case 'draft':
      return { kind: 'draft', step: 'Finish and send', since: e.updated_at };
    default:
      return null;
  }
}

/** Whole days from `today` to `day` (both YYYY-MM-DD), independent of time zones. */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Keeps the `limit` best items of a stream in `list` (sorted by `before`), without sorting everything. */
function keepBest<T>(list: T[], item: T, limit: number, before: (a: T, b: T) => boolean): void {
  if (list.length === limit && !before(item, list[limit - 1]!)) return;
  let i = list.length;
  while (i > 0 && before(item, list[i - 1]!)) i--;
  list.splice(i, 0, item);
  if (list.length > limit) list.pop();
}

const newer = (a: ActivityItem, b: ActivityItem) => a.at > b.at || (a.at === b.at && a.key < b.key);
// Equal moments are ordered by id, so the documents' order in memory never changes the lists.
const moreUrgent = (a: ActionItem, b: ActionItem) =>
  ACTION_ORDER[a.kind] !== ACTION_ORDER[b.kind]
    ? ACTION_ORDER[a.kind] < ACTION_ORDER[b.kind]
    : a.since !== b.since
      ? a.kind === 'draft'
        ? a.since > b.since
        : a.since < b.since
      : a.id < b.id;
const newerRequest = (a: HomeRequest, b: HomeRequest) => a.created_at > b.created_at || (a.created_at === b.created_at && a.id < b.id);
const sooner = (a: ExpiringItem, b: ExpiringItem) => a.validUntil < b.validUntil || (a.validUntil === b.validUntil && a.number < b.number);

function label(e: HomeEstimate): string {
  return e.customer_name || e.title || e.number;
}

function estimateEvents(e: HomeEstimate, push: (item: ActivityItem) => void): void {
  const href = `/estimates/${e.id}`;
  const seen = e.last_viewed_at ?? e.viewed_at;
  if (seen) push({ key: `v:${e.id}`, kind: 'viewed', at: seen, text: `${label(e)} viewed ${e.number}`, href });
  if (e.accepted_at && e.status === 'accepted') push({ key: `a:${e.id}`, kind: 'accepted', at: e.accepted_at, text: `${label(e)} accepted ${e.number}`, href });
  if (e.declined_at && e.status === 'declined') push({ key: `d:${e.id}`, kind: 'declined', at: e.declined_at, text: `${label(e)} declined ${e.number}`, href });
  if (e.changes_requested_at) push({ key: `c:${e.id}`, kind: 'changes', at: e.changes_requested_at, text: `${label(e)} asked for changes to ${e.number}`, href });
}

export function summarizeHome(input: { estimates: Iterable<HomeEstimate>; requests: Iterable<HomeRequest>; comments: Iterable<HomeComment>; userId: string; today: string }): HomeSummary {
  const counts: Record<ActionKind, number> = { changes_requested: 0, viewed: 0, sent: 0, draft: 0 };
  const action: ActionItem[] = [];
  const expiring: ExpiringItem[] = [];
  const activity: ActivityItem[] = [];
  let expiringTotal = 0;
  const pipeline = new Map<EstimateStatus, PipelineRow>(PIPELINE_ORDER.map((s) => [s, { status: s, label: ESTIMATE_STATUS[s].label, count: 0, valueCents: 0 }]));
  const numbers = new Map<string, string>();
  const pushActivity = (item: ActivityItem) => keepBest(activity, item, LIMITS.activity, newer);

  for (const e of input.estimates) {
    const row = pipeline.get(e.status)!;
    row.count++;
    row.valueCents += e.total_cents;
    numbers.set(e.id, e.number);
    estimateEvents(e, pushActivity);
    if (e.owner_id === input.userId) {
      const step = nextStep(e);
      if (step) {
        counts[step.kind]++;
        keepBest(action, { id: e.id, number: e.number, title: e.title, customer: e.customer_name, totalCents: e.total_cents, ...step }, LIMITS.action, moreUrgent);
      }
    }
    if (EXPIRING_STATUSES.has(e.status) && e.valid_until) {
      const daysLeft = daysBetween(input.today, e.valid_until);
      if (daysLeft >= 0 && daysLeft <= EXPIRY_DAYS) {
        expiringTotal++;
        const item = { id: e.id, number: e.number, title: e.title, customer: e.customer_name, validUntil: e.valid_until, daysLeft, ownerId: e.owner_id, totalCents: e.total_cents };
        keepBest(expiring, item, LIMITS.expiring, sooner);
      }
    }
  }
  for (const c of input.comments) {
    if (c.author_kind !== 'customer') continue;
    const number = c.estimate_id ? numbers.get(c.estimate_id) : undefined;
    const where = number ? `on ${number}` : 'in their portal';
    const href = c.estimate_id ? `/estimates/${c.estimate_id}` : `/portals/${c.portal_id ?? ''}`;
    pushActivity({ key: `m:${c.id}`, kind: 'comment', at: c.created_at, text: `${c.author_name || 'A customer'} commented ${where}: “${c.body.slice(0, 80)}”`, href });
  }
  const waiting: HomeRequest[] = [];
  let waitingTotal = 0;
  for (const r of input.requests) {
    if (r.source !== 'manual') {
      pushActivity({ key: `r:${r.id}`, kind: 'request', at: r.created_at, text: `${r.name || r.email}${r.company ? ` (${r.company})` : ''} asked for an estimate`, href: `/prospects?view=requests&request=${r.id}` });
    }
    if (r.status === 'new') {
      waitingTotal++;
      keepBest(waiting, r, LIMITS.requests, newerRequest);
    }
  }
  const total = counts.changes_requested + counts.viewed + counts.sent + counts.draft;
  return {
    action: { total, counts, items: action },
    expiring: { total: expiringTotal, items: expiring },
    requests: { total: waitingTotal, items: waiting },
    activity,
    pipeline: [...pipeline.values()],
  };
}
