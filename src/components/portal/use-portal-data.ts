// A portal's data on the page: the home from the server (kept sealed on this device for
// offline reading), or this device's copy when the server cannot be reached; then, while the
// page is visible and online, the conversation, requests and estimate states every 4 s (staff
// replies within 5 s). A credential the server refuses ends the session here (onRefused).
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readOffline, saveOffline, touchSession, type ActiveSession } from '../../lib/customer-sessions';
import { fetchPortalHome, fetchPortalUpdates, portalHomeSchema, type PortalAccess, type PortalHome, type PortalUpdates } from '../../lib/portal-api';
import { isConnectionError } from '../../lib/send-until-answered';

const POLL_MS = 4000;
const OFFLINE_RETRY_MS = 15_000;

export type PortalView = { home: PortalHome; offlineSince: string | null };

class PortalRefusedError extends Error {
  constructor() {
    super('This portal session is no longer valid');
    this.name = 'PortalRefusedError';
  }
}

const portalHomeKey = (portalId: string) => ['portal', portalId, 'home'] as const;

export function accessOf(active: ActiveSession, token: string | null): PortalAccess {
  return { session: active.record.sessionToken, token };
}

/** Lays a poll's answer (or a sent message's) over the page's data, and keeps it sealed. */
export async function applyUpdates(client: QueryClient, active: ActiveSession, update: Partial<Pick<PortalUpdates, 'comments' | 'requests'>>) {
  const key = portalHomeKey(active.record.portalId);
  const current = client.getQueryData<PortalView>(key);
  if (!current) return;
  const home = { ...current.home, ...(update.comments ? { comments: update.comments } : {}), ...(update.requests ? { requests: update.requests } : {}) };
  client.setQueryData<PortalView>(key, { ...current, home });
  await saveOffline(active, home);
}

function estimatesChanged(home: PortalHome, update: PortalUpdates): boolean {
  const seen = new Map(home.estimates.map((e) => [e.estimate_id, `${e.status}/${e.version.id}`]));
  return update.estimates.length !== seen.size || update.estimates.some((e) => seen.get(e.estimate_id) !== `${e.status}/${e.version_id}`);
}

export function usePortalData(active: ActiveSession, token: string | null, onRefused: () => void) {
  const client = useQueryClient();
  const key = portalHomeKey(active.record.portalId);
  const access = accessOf(active, token);

  const home = useQuery({
    queryKey: key,
    queryFn: async (): Promise<PortalView> => {
      // The first load of the page counts as a visit; refreshes do not.
      const record = !client.getQueryData(key);
      try {
        const answer = await fetchPortalHome(access, record);
        if (!answer) throw new PortalRefusedError();
        await saveOffline(active, answer);
        void touchSession(active.record.portalId);
        return { home: answer, offlineSince: null };
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        const copy = await readOffline(active, portalHomeSchema);
        if (!copy) throw error;
        return { home: copy.value, offlineSince: copy.savedAt };
      }
    },
    staleTime: Infinity,
    retry: false,
    refetchInterval: (query) => (query.state.data?.offlineSince ? OFFLINE_RETRY_MS : false),
  });

  const live = Boolean(home.data && !home.data.offlineSince);
  const updates = useQuery({
    queryKey: [...key, 'updates'],
    queryFn: async () => {
      const update = await fetchPortalUpdates(access);
      if (!update) throw new PortalRefusedError();
      const current = client.getQueryData<PortalView>(key);
      await applyUpdates(client, active, update);
      if (current && estimatesChanged(current.home, update)) void client.refetchQueries({ queryKey: key, exact: true });
      return Date.now();
    },
    enabled: live,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });

  const refused = home.error instanceof PortalRefusedError || updates.error instanceof PortalRefusedError;
  useEffect(() => {
    if (refused) onRefused();
  }, [refused, onRefused]);

  useEffect(() => {
    const back = () => void client.refetchQueries({ queryKey: key, exact: true });
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [client, key[1]]);

  return home;
}
