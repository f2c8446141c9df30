// The team page's reads and server calls. Members are replicated (profiles, read live from
// RxDB); last sign-ins, invites and every change the server must decide are RPCs through
// TanStack Query.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../db/collections/profiles';
import { teamOf } from '../../db/queries';
import { useLiveQuery } from '../../db/react';
import { callRpc } from '../../lib/server-api';
import {
  createdInviteSchema,
  invitesSchema,
  noAnswerSchema,
  signInsSchema,
  transferAnswerSchema,
  type InviteFormValues,
  type TeamRole,
} from './schemas';

const keys = {
  signIns: (orgId: string) => ['team', orgId, 'sign-ins'] as const,
  invites: (orgId: string) => ['team', orgId, 'invites'] as const,
};

const ROLE_ORDER: Record<TeamRole, number> = { owner: 0, admin: 1, sales: 2, viewer: 3 };

function sortMembers(members: Profile[]): Profile[] {
  const name = (p: Profile) => `${p.last_name} ${p.first_name} ${p.email}`.toLowerCase();
  return [...members].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || name(a).localeCompare(name(b)));
}

/** The organization's members on this device (removed members are deleted documents). */
export function useMembers(orgId: string) {
  const { result, loading } = useLiveQuery((db) => teamOf(db, orgId), [orgId]);
  return { members: sortMembers(result ?? []), loading };
}

/** When each member last signed in, by user id (null: never); needs a connection. */
export function useSignIns(orgId: string) {
  return useQuery({
    queryKey: keys.signIns(orgId),
    queryFn: async () => {
      const rows = await callRpc('team_sign_ins', { p_org_id: orgId }, signInsSchema);
      return new Map(rows.map((row) => [row.user_id, row.last_sign_in_at]));
    },
  });
}

export function useInvites(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.invites(orgId),
    queryFn: () => callRpc('list_invites', { org_id: orgId }, invitesSchema),
    enabled,
  });
}

export type MemberChange = { kind: 'role'; profileId: string; role: TeamRole } | { kind: 'status'; profileId: string; status: 'active' | 'disabled' } | { kind: 'remove'; profileId: string };

/** Role, status and removal: the server applies the team rules (last owner, owners by owners). */
export function useChangeMember(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: MemberChange) => {
      if (change.kind === 'role') return callRpc('set_member_role', { p_profile_id: change.profileId, p_role: change.role }, noAnswerSchema);
      if (change.kind === 'status') return callRpc('set_member_status', { p_profile_id: change.profileId, p_status: change.status }, noAnswerSchema);
      return callRpc('remove_member', { p_profile_id: change.profileId }, noAnswerSchema);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: keys.signIns(orgId) }),
  });
}

export function useTransferOwnership() {
  return useMutation({
    mutationFn: ({ profileId, password }: { profileId: string; password: string }) =>
      callRpc('transfer_ownership', { profile_id: profileId, password }, transferAnswerSchema),
  });
}

export function useCreateInvite(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: InviteFormValues) => callRpc('create_invite', { email: values.email, role: values.role, org_id: orgId }, createdInviteSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.invites(orgId) }),
  });
}

/** Resending issues a new link (the old one stops working); revoking ends the invite. */
export function useInviteAction(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, inviteId }: { kind: 'resend' | 'revoke'; inviteId: string }) =>
      kind === 'resend'
        ? callRpc('resend_invite', { p_invite_id: inviteId }, createdInviteSchema)
        : callRpc('revoke_invite', { invite_id: inviteId }, noAnswerSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.invites(orgId) }),
  });
}
