// The customer estimate page's server calls, through TanStack Query over callRpc. Opening the
// link (opening.ts) counts as a view, so it runs once per page load; while the page is
// visible it polls estimate_link_updates (comments from staff within seconds, a decision or a
// new version) and merges the answer in. Actions answer with the estimate as it now is,
// merged the same way.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { callRpc } from '../../../lib/server-api';
import { sendUntilAnswered } from '../../../lib/send-until-answered';
import { refusalOf, type Refusal } from './commands';
import { customerEstimateKey, openingQuery } from './opening';
import { estimateUpdateSchema, tokenSchema, type CustomerEstimate, type EstimateUpdate } from './schemas';

/** Staff replies reach the customer within 5 s. */
const POLL_INTERVAL_MS = 4000;

const updatesKey = (token: string) => ['customer-estimate', token, 'updates'] as const;

type Cached = CustomerEstimate | null | undefined;

/** An update laid over what the page has: the snapshot is kept unless a new one came. Null: the link stopped working. */
function mergeUpdate(current: Cached, update: EstimateUpdate | null): Cached {
  if (update === null) return null;
  if (!current) return update.snapshot ? { ...update, snapshot: update.snapshot } : current;
  return { ...update, snapshot: update.snapshot ?? current.snapshot };
}

function applyUpdate(client: QueryClient, token: string, update: EstimateUpdate | null) {
  client.setQueryData<Cached>(customerEstimateKey(token), (current) => mergeUpdate(current, update));
}

export function useCustomerEstimate(token: string) {
  return useQuery({ ...openingQuery(token), enabled: tokenSchema.safeParse(token).success });
}

/** Polls while the page is visible (TanStack pauses intervals of hidden pages). */
export function useEstimateUpdates(token: string, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: updatesKey(token),
    queryFn: async () => {
      const current = client.getQueryData<Cached>(customerEstimateKey(token));
      const update = await callRpc('estimate_link_updates', { p_token: token, p_version_id: current?.version.id ?? null }, estimateUpdateSchema);
      applyUpdate(client, token, update);
      return Date.now();
    },
    enabled,
    initialData: 0,
    initialDataUpdatedAt: Date.now(),
    staleTime: POLL_INTERVAL_MS,
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export type ActionName = 'accept_estimate_by_link' | 'decline_estimate_by_link' | 'request_estimate_changes_by_link' | 'comment_on_estimate_by_link';

export type ActionState = {
  /** Sending, and since when retrying after a lost connection (attempt 2, 3, …; 0 before). */
  sending: boolean;
  retryAttempt: number;
  refusal: Refusal | null;
};

/**
 * One action of the page. `send(args)` makes the idempotency key once and sends until the
 * server answers; the caller's inputs stay as they are whatever happens. A refusal is kept
 * in `refusal` (and the estimate is reloaded when it changed meanwhile).
 */
export function useEstimateAction(token: string, fn: ActionName, onDone?: (estimate: Cached) => void) {
  const client = useQueryClient();
  const [retryAttempt, setRetryAttempt] = useState(0);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  const mutation = useMutation({
    mutationFn: ({ key, args }: { key: string; args: Record<string, unknown> }) =>
      sendUntilAnswered(() => callRpc(fn, { p_token: token, p_key: key, ...args }, estimateUpdateSchema), { onRetry: setRetryAttempt }),
    onMutate: () => setRefusal(null),
    onSuccess: (update) => {
      applyUpdate(client, token, update);
      done.current?.(client.getQueryData<Cached>(customerEstimateKey(token)));
    },
    onError: (error) => {
      const refused = refusalOf(error);
      setRefusal(refused);
      if (refused.reload) void client.refetchQueries({ queryKey: updatesKey(token) });
    },
    onSettled: () => setRetryAttempt(0),
  });
  const state: ActionState = { sending: mutation.isPending, retryAttempt, refusal };
  return { ...state, send: (key: string, args: Record<string, unknown>) => mutation.mutate({ key, args }), clearRefusal: () => setRefusal(null) };
}
