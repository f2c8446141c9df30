// The customer links of a sent estimate live on the server only (only each token's hash is
// kept; a link cannot be made offline): non-replicated calls, made through TanStack Query like
// every such call, with the app's cache rules (SPEC.md §9). Every change invalidates the list.
//
// An estimate may have several working links: each send mails one, "Copy link" issues one
// more (issue_estimate_link leaves the others working), each can be revoked on its own, and
// "Rotate" (rotate_estimate_links) revokes them all and issues one new.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callRpc } from '../../../lib/server-api';

/** Returns a fresh raw token for /portal/estimate/{token}; the server keeps only its hash. */
export type IssueEstimateLink = (estimateId: string) => Promise<string>;

const token = z.string().min(1);
const issueEstimateLink: IssueEstimateLink = (estimateId) => callRpc('issue_estimate_link', { p_estimate_id: estimateId }, token);

const when = z.string().nullable();
const linkSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by_name: z.string(),
  channel: z.string(),
  sent_to: z.string(),
  expired: z.boolean(),
  view_count: z.number(),
  first_viewed_at: when,
  last_viewed_at: when,
});
const linksSchema = z.object({ links: z.array(linkSchema) });
export type EstimateLink = z.infer<typeof linkSchema>;

export function customerLinkUrl(origin: string, token: string): string {
  return `${origin}/portal/estimate/${encodeURIComponent(token)}`;
}

/**
 * The links staff manage here: those mailed by a send and those issued to share. A customer
 * portal opens its estimates through links of its own (channel 'portal', derived from the
 * customer's session and renewed while the page is open); they are the portal's, managed on
 * the portal's page, so they are left out.
 */
export function staffLinks(links: readonly EstimateLink[]): EstimateLink[] {
  return links.filter((l) => l.channel !== 'portal');
}

const linksKey = (estimateId: string) => ['estimate-links', estimateId] as const;

export function useEstimateLinks(estimateId: string, enabled: boolean) {
  return useQuery({
    queryKey: linksKey(estimateId),
    queryFn: async () => staffLinks((await callRpc('list_estimate_links', { p_estimate_id: estimateId }, linksSchema)).links),
    enabled,
  });
}

/** Reloads the links (after a change, or when the customer opened one: its views changed). */
export function useRefreshLinks(estimateId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: linksKey(estimateId) });
}

/** Issues one more link and answers its full URL on this origin; the other links keep working. */
export function useIssueLink(estimateId: string, issue: IssueEstimateLink = issueEstimateLink) {
  const refresh = useRefreshLinks(estimateId);
  return useMutation({ mutationFn: async () => customerLinkUrl(window.location.origin, await issue(estimateId)), onSettled: refresh });
}

export function useRevokeLink(estimateId: string) {
  const refresh = useRefreshLinks(estimateId);
  return useMutation({ mutationFn: (linkId: string) => callRpc('revoke_estimate_link', { p_link_id: linkId }, z.unknown()), onSettled: refresh });
}

/** Revokes every link of the estimate and answers the URL of the one new link. */
export function useRotateLinks(estimateId: string) {
  const refresh = useRefreshLinks(estimateId);
  return useMutation({
    mutationFn: async () => customerLinkUrl(window.location.origin, await callRpc('rotate_estimate_links', { p_estimate_id: estimateId }, token)),
    onSettled: refresh,
  });
}
