// An in-app toast when a customer acts on an estimate of this organization while staff are
// online: "Acme Ltd accepted EST-000123" (the customer's name, what they did, the number).
//
// Fed by the device database's change events rather than by comparing query results: each
// event carries the document before and after the write, and the write's context tells where
// it came from. Only what sync wrote from the server counts (contexts `replication-…`: a pull,
// or the server's copy after a refused push), so staff's own writes on this device (a field
// acceptance in tablet mode) never toast, and nothing toasts at first load: opening a workspace
// writes nothing, and the first download only inserts (a change needs a document before it).
// News only: a change stamped more than a quarter of an hour ago is history catching up.
import { useEffect } from 'react';
import type { Comment } from '../../db/collections/comments';
import type { Estimate } from '../../db/collections/estimates';
import type { AppDatabase } from '../../db/database';
import { useWorkspace } from '../../db/react';
import { toast } from '../../lib/toast-store';
import { isRecent } from '../../lib/use-new-arrivals';

type CustomerAct = 'accepted' | 'declined' | 'changes_requested' | 'update_requested' | 'commented' | 'viewed';

const VERBS: Record<CustomerAct, string> = {
  accepted: 'accepted',
  declined: 'declined',
  changes_requested: 'asked for changes to',
  update_requested: 'asked for an update of',
  commented: 'commented on',
  viewed: 'viewed',
};

/** "Acme Ltd accepted EST-000123". */
export function activityText(customer: string, act: CustomerAct, number: string): string {
  return `${customer.trim() || 'The customer'} ${VERBS[act]} ${number}`;
}

type Fields = Pick<Estimate, 'status' | 'view_count' | 'accepted_at' | 'declined_at' | 'changes_requested_at' | 'last_viewed_at' | 'viewed_at'>;

/** What the customer did between two versions of an estimate (the weightiest, when several), or null. */
export function estimateActivity(before: Fields, after: Fields): { act: CustomerAct; at: string | null } | null {
  if (after.status === 'accepted' && before.status !== 'accepted') return { act: 'accepted', at: after.accepted_at };
  if (after.status === 'declined' && before.status !== 'declined') return { act: 'declined', at: after.declined_at };
  if (after.changes_requested_at && after.changes_requested_at !== before.changes_requested_at) {
    return { act: after.status === 'expired' ? 'update_requested' : 'changes_requested', at: after.changes_requested_at };
  }
  if (before.view_count === 0 && after.view_count > 0) return { act: 'viewed', at: after.last_viewed_at ?? after.viewed_at };
  return null;
}

export type Activity = { act: CustomerAct; text: string };

type ChangeEvent<T> = { operation: string; documentData: T; previousDocumentData?: T };
type Bulk<T> = { context: string; events: ChangeEvent<T>[] };

const fromServer = (bulk: { context: string }) => bulk.context.startsWith('replication-');
const fresh = (at: string | null | undefined) => !at || isRecent(at);

function estimateChanges(bulk: Bulk<Estimate>, orgId: string): Activity[] {
  const found: Activity[] = [];
  for (const { operation, documentData: after, previousDocumentData: before } of bulk.events) {
    if (operation !== 'UPDATE' || !before || after.org_id !== orgId) continue;
    const activity = estimateActivity(before, after);
    if (activity && fresh(activity.at)) found.push({ act: activity.act, text: activityText(after.customer_name, activity.act, after.number) });
  }
  return found;
}

async function commentArrivals(db: AppDatabase, bulk: Bulk<Comment>, orgId: string): Promise<Activity[]> {
  const found: Activity[] = [];
  for (const { operation, documentData: c } of bulk.events) {
    if (operation !== 'INSERT' || c.org_id !== orgId || c.author_kind !== 'customer' || c.internal || !c.estimate_id || !fresh(c.created_at)) continue;
    const estimate = await db.estimates.findOne(c.estimate_id).exec();
    if (estimate) found.push({ act: 'commented', text: activityText(estimate.customer_name || c.author_name, 'commented', estimate.number) });
  }
  return found;
}

/** Calls `onActivity` with what customers did, as the server's changes reach this device; returns the unsubscribe. */
export function watchCustomerActivity(db: AppDatabase, orgId: string, onActivity: (found: Activity[]) => void): () => void {
  const report = (found: Activity[]) => found.length > 0 && onActivity(found);
  const subscriptions = [
    db.estimates.eventBulks$.subscribe((bulk) => fromServer(bulk) && report(estimateChanges(bulk as unknown as Bulk<Estimate>, orgId))),
    db.comments.eventBulks$.subscribe((bulk) => fromServer(bulk) && void commentArrivals(db, bulk as unknown as Bulk<Comment>, orgId).then(report, () => undefined)),
  ];
  return () => subscriptions.forEach((s) => s.unsubscribe());
}

/** One toast per batch: the first news as the title, the rest counted. */
function showActivityToast(found: readonly Activity[]): void {
  const [first] = found;
  if (!first || !navigator.onLine) return;
  const more = found.length - 1;
  toast({ tone: first.act === 'accepted' ? 'success' : 'info', title: first.text, ...(more > 0 ? { description: `And ${more} more customer ${more === 1 ? 'update' : 'updates'}.` } : {}) });
}

function useCustomerActivityToasts(): void {
  const { db, orgId } = useWorkspace();
  useEffect(() => watchCustomerActivity(db, orgId, showActivityToast), [db, orgId]);
}

/** Mounted once inside the staff workspace. */
export function CustomerActivityToasts(): null {
  useCustomerActivityToasts();
  return null;
}
