// Opening the link: the one call that counts a view. Its query options live apart from the
// page's components, so the route can start the call while those are still downloading.
import type { QueryClient } from '@tanstack/react-query';
import { callRpc } from '../../../lib/server-api';
import { customerEstimateSchema, tokenSchema } from './schemas';

export const customerEstimateKey = (token: string) => ['customer-estimate', token] as const;

export function openingQuery(token: string) {
  return {
    queryKey: customerEstimateKey(token),
    queryFn: () => callRpc('estimate_by_link_token', { p_token: token }, customerEstimateSchema),
    // Counted as a view: never fetched again on its own (polling keeps the page current).
    staleTime: Infinity,
    gcTime: Infinity,
  };
}

/** Starts the opening call (once) for a well-formed token; the view picks up its answer. */
export function prefetchOpening(client: QueryClient, token: string): void {
  if (tokenSchema.safeParse(token).success) void client.prefetchQuery(openingQuery(token));
}
