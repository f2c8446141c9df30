// The session this device holds for a portal path's key, opened (judged, and cleared when it
// is expired or cannot be read); null when there is none.
import { useQuery } from '@tanstack/react-query';
import { findSession, openSession } from '../../lib/customer-sessions';
import type { PortalKind } from '../../lib/portal-api';

export function usePortalSession(kind: PortalKind, routeKey: string) {
  return useQuery({
    queryKey: ['portal-session', kind, routeKey],
    queryFn: async () => {
      const record = await findSession(routeKey, kind);
      return record ? openSession(record) : null;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
