// The staff portal screens' data: portals, their customers, estimates, requests and comments
// from the device database (live); links, access codes, sessions, the access log and the
// preview through the portal RPCs (TanStack Query over callRpc), watched every 5 s on a
// portal's page.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useLiveQuery } from '../../db/react';
import { portalHomeSchema } from '../../lib/portal-api';
import { callRpc } from '../../lib/server-api';
import { accessCodeSchema, activitySchema, issuedLinkSchema, sentLinkSchema, type PortalFormValues, settingsOf } from './schemas';

const WATCH_MS = 5000;

export function usePortals(orgId: string) {
  return useLiveQuery((db) => db.portals.find({ selector: { org_id: orgId }, sort: [{ name: 'asc' }, { id: 'asc' }] }), [orgId]);
}

export function usePortal(id: string) {
  return useLiveQuery((db) => db.portals.findOne(id), [id]);
}

export function useAccounts(orgId: string) {
  return useLiveQuery((db) => db.accounts.find({ selector: { org_id: orgId }, sort: [{ name: 'asc' }, { id: 'asc' }] }), [orgId]);
}

export function useProspects(orgId: string) {
  return useLiveQuery((db) => db.prospects.find({ selector: { org_id: orgId }, sort: [{ first_name: 'asc' }, { id: 'asc' }] }), [orgId]);
}

export function personName(p: { first_name: string; last_name: string; company: string; email: string }): string {
  const person = `${p.first_name} ${p.last_name}`.trim();
  return person && p.company ? `${person} (${p.company})` : person || p.company || p.email || 'Unnamed prospect';
}

/** The sent estimates of the portal's account or prospect (the ones a portal can show). */
export function useCustomerEstimates(orgId: string, kind: 'customer' | 'prospect', customerId: string) {
  return useLiveQuery(
    (db) =>
      customerId
        ? db.estimates.find({
            selector: { org_id: orgId, [kind === 'customer' ? 'account_id' : 'prospect_id']: customerId, status: { $nin: ['draft', 'archived'] } },
            sort: [{ newest_first: 'asc' }],
          })
        : null,
    [orgId, kind, customerId],
  );
}

export function usePortalThreads(portalId: string) {
  const comments = useLiveQuery((db) => db.comments.find({ selector: { thread_id: portalId }, sort: [{ created_at: 'asc' }] }), [portalId]);
  const requests = useLiveQuery((db) => db.estimate_requests.find({ selector: { portal_id: portalId }, sort: [{ created_at: 'desc' }] }), [portalId]);
  return { comments, requests };
}

export function useActivity(portalId: string) {
  return useQuery({ queryKey: ['portal-activity', portalId], queryFn: () => callRpc('portal_activity', { p_portal_id: portalId }, activitySchema), refetchInterval: WATCH_MS });
}

export function usePreview(portalId: string, enabled: boolean) {
  return useQuery({ queryKey: ['portal-preview', portalId], queryFn: () => callRpc('portal_preview', { p_portal_id: portalId }, portalHomeSchema), enabled });
}

function useRefreshActivity(portalId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['portal-activity', portalId] });
}

export function useCreatePortal() {
  return useMutation({
    mutationFn: ({ id, orgId, values }: { id: string; orgId: string; values: PortalFormValues }) =>
      callRpc('create_portal', { p_id: id, p_org_id: orgId, p_kind: values.kind, p_customer_id: values.customerId, p_settings: settingsOf(values) }, issuedLinkSchema),
  });
}

export function useUpdatePortal(portalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: PortalFormValues) => callRpc('update_portal', { p_portal_id: portalId, p_settings: settingsOf(values) }, z.unknown()),
    onSuccess: () => client.invalidateQueries({ queryKey: ['portal-preview', portalId] }),
  });
}

export function useNewLink(portalId: string) {
  const refresh = useRefreshActivity(portalId);
  return useMutation({ mutationFn: () => callRpc('issue_portal_token', { portal_id: portalId }, issuedLinkSchema), onSuccess: refresh });
}

export function useRotate(portalId: string) {
  const refresh = useRefreshActivity(portalId);
  return useMutation({ mutationFn: () => callRpc('rotate_portal_token', { p_portal_id: portalId }, issuedLinkSchema), onSuccess: refresh });
}

export function useNewAccessCode(portalId: string) {
  const refresh = useRefreshActivity(portalId);
  return useMutation({ mutationFn: () => callRpc('new_portal_access_code', { p_portal_id: portalId }, accessCodeSchema), onSuccess: refresh });
}

export function useSendLink(portalId: string) {
  const refresh = useRefreshActivity(portalId);
  return useMutation({
    mutationFn: ({ prospectId, email, message }: { prospectId: string | null; email: string; message: string }) =>
      callRpc('send_portal_link', { p_portal_id: portalId, p_prospect_id: prospectId, p_email: email || null, p_message: message }, sentLinkSchema),
    onSuccess: refresh,
  });
}

export function usePortalCommand(portalId: string, fn: 'revoke_portal_token' | 'delete_portal' | 'revoke_portal_link' | 'revoke_customer_session') {
  const refresh = useRefreshActivity(portalId);
  const argName = { revoke_portal_token: 'portal_id', delete_portal: 'p_portal_id', revoke_portal_link: 'p_link_id', revoke_customer_session: 'p_session_id' }[fn];
  return useMutation({ mutationFn: (id: string) => callRpc(fn, { [argName]: id }, z.unknown()), onSuccess: refresh });
}
