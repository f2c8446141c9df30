// Opening the link: the one call that counts a view. Its query options live apart from the
// page's components, so the call can start while those are still downloading: the route's
// loader starts it (startOpening) as soon as this small module is in, and the page's query
// takes that answer instead of calling again.
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { callRpc } from '../../../lib/server-api';
import { customerEstimateSchema, tokenSchema, type CustomerEstimate } from './schemas';

export const customerEstimateKey = (token: string) => ['customer-estimate', token] as const;

const fetchOpening = (token: string) => callRpc('estimate_by_link_token', { p_token: token }, customerEstimateSchema);

/**
 * Openings started before the page rendered, each taken once by the page's query; `taken`
 * marks a token whose page already called, so a loader whose module arrives late does not
 * count a second view.
 */
const started = new Map<string, Promise<CustomerEstimate | null> | 'taken'>();

/** Starts the opening call for a well-formed token, ahead of the page. */
export function startOpening(token: string): void {
  if (started.has(token) || !tokenSchema.safeParse(token).success) return;
  const call = fetchOpening(token);
  // Handled by the query that takes it; a page that never renders must not leave it unhandled.
  call.catch(() => undefined);
  started.set(token, call);
}

/**
 * The page came rendered by the server with its answer (served-opening.ts): the page's query
 * starts from it instead of calling, and the view the server's read did not count is counted
 * now that the page runs in the customer's browser (an e-mail scanner fetching the HTML
 * counts none). A count that fails is not retried: the opening itself is already logged.
 */
export function takeServedOpening(token: string): void {
  started.set(token, 'taken');
  if (!tokenSchema.safeParse(token).success) return;
  callRpc('record_estimate_link_view', { p_token: token }, z.boolean()).catch(() => undefined);
}

function takeOpening(token: string): Promise<CustomerEstimate | null> {
  const call = started.get(token);
  started.set(token, 'taken');
  return call && call !== 'taken' ? call : fetchOpening(token);
}

export function openingQuery(token: string) {
  return {
    queryKey: customerEstimateKey(token),
    queryFn: () => takeOpening(token),
    // Counted as a view: never fetched again on its own (polling keeps the page current).
    staleTime: Infinity,
    gcTime: Infinity,
  };
}

/** Starts the opening call (once) for a well-formed token; the view picks up its answer. */
export function prefetchOpening(client: QueryClient, token: string): void {
  if (tokenSchema.safeParse(token).success) void client.prefetchQuery(openingQuery(token));
}
