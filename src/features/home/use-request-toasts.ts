// A request that arrives while the home page is open is announced with a toast (the widget
// shows it by itself: the lists are live).
import type { EstimateRequest } from '../../db/collections/estimate-requests';
import { useLiveQuery, useWorkspace } from '../../db/react';
import { toast } from '../../lib/toast-store';
import { isRecent, useNewArrivals } from '../../lib/use-new-arrivals';

export function useRequestToasts(): void {
  const { orgId } = useWorkspace();
  const waiting = useLiveQuery((db) => db.estimate_requests.find({ selector: { status: 'new', org_id: orgId }, sort: [{ created_at: 'desc' }] }), [orgId]);
  useNewArrivals((waiting.result ?? null) as EstimateRequest[] | null, (arrived) => {
    // Staff's own requests are no news, nor the history a first sync brings.
    const fresh = arrived.filter((r) => r.source !== 'manual' && isRecent(r.created_at));
    if (fresh.length === 0) return;
    toast({ tone: 'info', title: fresh.length === 1 ? 'New estimate request' : `${fresh.length} new estimate requests`, description: fresh.length === 1 ? `From ${fresh[0]!.name || fresh[0]!.email}.` : 'They are waiting in the request inbox.' });
  });
}
