// A request that arrives while staff are online (synced in from /requests or a portal) is
// announced with a toast; the lists show it by themselves (live queries).
import type { EstimateRequest } from '../../../db/collections/estimate-requests';
import { useLiveQuery, useWorkspace } from '../../../db/react';
import { toast } from '../../../lib/toast-store';
import { isRecent, useNewArrivals } from '../../../lib/use-new-arrivals';
import { newRequests } from '../queries';

export function useRequestArrivals(): void {
  const { orgId } = useWorkspace();
  const waiting = useLiveQuery((db) => newRequests(db, orgId), [orgId]);
  useNewArrivals((waiting.result ?? null) as EstimateRequest[] | null, (arrived) => {
    // Requests staff add themselves are no news to them, nor the history a first sync brings.
    const fresh = arrived.filter((r) => r.source !== 'manual' && isRecent(r.created_at));
    if (fresh.length === 0) return;
    const first = fresh[0]!;
    toast({
      tone: 'info',
      title: fresh.length === 1 ? 'New estimate request' : `${fresh.length} new estimate requests`,
      description: fresh.length === 1 ? `${first.name || first.email}${first.company ? ` (${first.company})` : ''}: ${first.description.slice(0, 120)}` : 'They are waiting in the request inbox.',
    });
  });
}
