// The monitoring page's reads: this device's local logs (security events, error queue, log
// buffer), the backend's /health, and for owners and admins the organization's customer
// sessions and access log (RPCs through TanStack Query).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { localLog } from '../../lib/local-log';
import { callRpc } from '../../lib/server-api';
import { accessLogSchema, customerSessionsSchema, healthSchema } from './schemas';

const LOCAL_REFRESH_MS = 5000;

/** The device's own logs, read again every few seconds while the page is open. */
export function useLocalLogs() {
  const read = <T>(kind: string, fn: () => Promise<T>) => ({ queryKey: ['local-log', kind], queryFn: fn, staleTime: 0, refetchInterval: LOCAL_REFRESH_MS, retry: false });
  return {
    events: useQuery(read('security-events', () => localLog().securityEvents())),
    errors: useQuery(read('errors', () => localLog().errors())),
    logs: useQuery(read('logs', () => localLog().logs())),
  };
}

export function useClearErrors() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => localLog().clearErrors(), onSuccess: () => client.invalidateQueries({ queryKey: ['local-log', 'errors'] }) });
}

type HealthCheck = { health: ReturnType<typeof healthSchema.parse> | null; ok: boolean; roundTripMs: number; checkedAt: string; problem?: string };

async function checkHealth(): Promise<HealthCheck> {
  const started = performance.now();
  const checkedAt = new Date().toISOString();
  try {
    const response = await fetch('/health', { cache: 'no-store', headers: { accept: 'application/json' } });
    const roundTripMs = Math.round(performance.now() - started);
    const parsed = healthSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) return { health: null, ok: false, roundTripMs, checkedAt, problem: 'This deployment has no /health endpoint.' };
    return { health: parsed.data, ok: response.ok && parsed.data.status === 'ok', roundTripMs, checkedAt };
  } catch {
    return { health: null, ok: false, roundTripMs: Math.round(performance.now() - started), checkedAt, problem: 'The server could not be reached.' };
  }
}

export function useHealth() {
  return useQuery({ queryKey: ['monitoring', 'health'], queryFn: checkHealth, staleTime: 0, retry: false });
}

export function useCustomerSessions(orgId: string, enabled: boolean) {
  return useQuery({ queryKey: ['monitoring', orgId, 'sessions'], queryFn: () => callRpc('list_customer_sessions', { p_org_id: orgId }, customerSessionsSchema), enabled });
}

export function useRevokeSession(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => callRpc('revoke_customer_session', { p_session_id: sessionId }, z.unknown()),
    onSuccess: () => client.invalidateQueries({ queryKey: ['monitoring', orgId, 'sessions'] }),
  });
}

export function useAccessLog(orgId: string, enabled: boolean) {
  return useQuery({ queryKey: ['monitoring', orgId, 'access-log'], queryFn: () => callRpc('list_access_logs', { p_org_id: orgId, p_limit: 100 }, accessLogSchema), enabled });
}

/** Asks the server to send one row again (true) or learns that it does not have it (false). */
export function resendServerRow(table: string, id: string) {
  return callRpc('sync_resend_row', { p_table: table, p_id: id }, z.boolean());
}
