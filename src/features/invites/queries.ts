// The invite page's server calls: what the link is for (anyone holding it), and joining.
import { useMutation, useQuery } from '@tanstack/react-query';
import { callRpc, ServerCallError } from '../../lib/server-api';
import { inviteDetailsSchema, joinedSchema } from './schemas';

/** Only a lost connection or a server in trouble is worth asking again. */
function retryable(count: number, error: unknown): boolean {
  const status = error instanceof ServerCallError ? (error.status ?? 0) : 0;
  return count < 3 && (status === 0 || status >= 500);
}

export function useInviteDetails(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invite', token],
    queryFn: () => callRpc('invite_details', { p_token: token }, inviteDetailsSchema),
    enabled,
    retry: retryable,
    staleTime: 0,
  });
}

export function useJoin(token: string) {
  return useMutation({ mutationFn: () => callRpc('accept_invite', { token }, joinedSchema) });
}
