// The customer link of a sent estimate comes from the server (it cannot be made offline):
// a non-replicated call, made through TanStack Query like every such call.
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callRpc } from '../../../lib/server-api';

/** Returns a fresh raw token for /portal/estimate/{token}; the server keeps only its hash. */
export type IssueEstimateLink = (estimateId: string) => Promise<string>;

const issueEstimateLink: IssueEstimateLink = (estimateId) => callRpc('issue_estimate_link', { p_estimate_id: estimateId }, z.string().min(1));

export function customerLinkUrl(origin: string, token: string): string {
  return `${origin}/portal/estimate/${encodeURIComponent(token)}`;
}

/** Issues a link and answers its full URL on this origin. */
export function useIssueLink(issue: IssueEstimateLink = issueEstimateLink) {
  return useMutation({ mutationFn: async (estimateId: string) => customerLinkUrl(window.location.origin, await issue(estimateId)) });
}
