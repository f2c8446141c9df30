// An estimate opened inside a portal, in the estimate link page's own view: the portal hands
// out a link token for it (renewed while the page is open); offline, the view shows this
// device's copy of the estimate from the portal's data.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchEstimateLink, type PortalAccess, type PortalEstimate } from '../../lib/portal-api';
import { EstimateView } from './estimate-view/components/estimate-view';
import { LoadingEstimate, NotShared } from './estimate-view/components/page-states';
import { customerEstimateKey } from './estimate-view/opening';
import { customerEstimateSchema } from './estimate-view/schemas';

const RENEW_MS = 10 * 60_000;

type Props = { portalId: string; estimate: PortalEstimate; access: PortalAccess; offline: boolean };

export function PortalEstimateView({ portalId, estimate, access, offline }: Props) {
  const client = useQueryClient();
  const key = ['portal', portalId, 'estimate-link', estimate.estimate_id];
  const link = useQuery({
    queryKey: key,
    // The first opening is logged in the portal's access log; renewals are not.
    queryFn: () => fetchEstimateLink(access, estimate.estimate_id, !client.getQueryData(key)),
    enabled: !offline,
    staleTime: RENEW_MS,
    refetchInterval: RENEW_MS,
    retry: false,
  });
  if (!offline && link.isPending) return <LoadingEstimate />;
  if (link.data) return <EstimateView key={link.data.token} token={link.data.token} />;
  if (link.data === null) return <NotShared />;
  return <OfflineEstimate estimate={estimate} />;
}

/** This device's copy, shown through the view under a token of its own that no server knows. */
function OfflineEstimate({ estimate }: { estimate: PortalEstimate }) {
  const client = useQueryClient();
  const [token] = useState(() => `offline-${estimate.estimate_id.replaceAll('-', '')}`);
  const [ready] = useState(() => {
    const copy = customerEstimateSchema.safeParse(estimate);
    if (copy.success && copy.data) client.setQueryData(customerEstimateKey(token), copy.data);
    return copy.success;
  });
  useEffect(() => () => client.removeQueries({ queryKey: customerEstimateKey(token) }), [client, token]);
  return ready ? <EstimateView token={token} /> : <NotShared />;
}
