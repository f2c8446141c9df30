// The invite page's server answers (invite_details and accept_invite of the team migrations).
import { z } from 'zod';
import { describeError } from '../../lib/errors';
import { ServerCallError } from '../../lib/server-api';

export const inviteDetailsSchema = z.object({
  organization_name: z.string(),
  invited_by: z.string(),
  role: z.enum(['admin', 'sales', 'viewer']),
  email: z.string(),
  expires_at: z.string(),
  has_account: z.boolean(),
});
export type InviteDetails = z.infer<typeof inviteDetailsSchema>;

export const joinedSchema = z.object({ org_id: z.guid(), role: z.string() });

/** The token from the URL: 43 base64url characters as issued; anything else is not looked up. */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,256}$/);

/** One message for unknown, expired, revoked and used invites (the server does not say which). */
export const INVALID_INVITE = 'This invitation is invalid or has expired. Ask the person who invited you to send a new one.';

function isInvalidInvite(error: unknown): boolean {
  return error instanceof ServerCallError && (error.code === 'invalid_invite' || error.status === 404);
}

export function inviteErrorMessage(error: unknown): string {
  if (isInvalidInvite(error)) return INVALID_INVITE;
  if (error instanceof ServerCallError && error.status === 429) return error.message;
  return describeError(error).message;
}

export const ROLE_PHRASES: Record<InviteDetails['role'], string> = { admin: 'an admin', sales: 'a sales rep', viewer: 'a viewer' };
