// The team page's forms and server answers (team RPCs of 20261125000400_team.sql, invites of
// 20261122000500_invites.sql), and what their refusals mean to the user.
import { z } from 'zod';
import { describeError } from '../../lib/errors';
import { ServerCallError } from '../../lib/server-api';

export const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', sales: 'Sales', viewer: 'Viewer' } as const;
export type TeamRole = keyof typeof ROLE_LABELS;
/** Roles an invite or a role change can give; ownership moves only by transfer. */
export const ASSIGNABLE_ROLES = ['admin', 'sales', 'viewer'] as const;

export const ROLE_SUMMARIES: Record<(typeof ASSIGNABLE_ROLES)[number], string> = {
  admin: 'Team, portals, products and settings, plus all sales work',
  sales: 'Estimates, prospects, accounts and requests; products read-only',
  viewer: 'Reads everything, changes nothing',
};

const EMAIL_MESSAGE = 'Enter a valid e-mail address, e.g. name@company.com';

export const inviteFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter the e-mail address to invite')
    .max(254, 'An e-mail address has at most 254 characters')
    .pipe(z.email(EMAIL_MESSAGE))
    .transform((value) => value.toLowerCase()),
  role: z.enum(ASSIGNABLE_ROLES, { error: 'Choose a role' }),
});
export type InviteFormInput = z.input<typeof inviteFormSchema>;
export type InviteFormValues = z.output<typeof inviteFormSchema>;

export const transferFormSchema = z.object({
  password: z.string().min(1, 'Enter your password to confirm').max(128, 'Password must be less than 128 characters'),
});
export type TransferFormValues = z.infer<typeof transferFormSchema>;

const timestamp = z.string().min(1);

export const createdInviteSchema = z.object({
  invite_id: z.guid(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  expires_at: timestamp,
});

const inviteRowSchema = z.object({
  id: z.guid(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  expires_at: timestamp,
  invited_by_name: z.string(),
  created_at: timestamp,
});
export type InviteRow = z.infer<typeof inviteRowSchema>;
export const invitesSchema = z.array(inviteRowSchema);

export const signInsSchema = z.array(z.object({ user_id: z.guid(), last_sign_in_at: timestamp.nullable() }));

export const transferAnswerSchema = z.object({ org_id: z.guid(), owner_profile_id: z.guid() });

/** RPCs that return nothing answer null (or an empty body). */
export const noAnswerSchema = z.unknown();

export const LAST_OWNER_MESSAGE = 'The organization needs an active owner: the last owner cannot be removed, disabled or made anything else. Transfer ownership first.';
export const WRONG_PASSWORD_MESSAGE = 'The password is not correct';

const REASONS: Record<string, string> = {
  last_owner: LAST_OWNER_MESSAGE,
  use_transfer_ownership: 'To make someone an owner, transfer ownership to them.',
  already_member: 'This person is already a member of the team.',
  invite_accepted: 'This invitation was already accepted.',
  member_not_active: 'Ownership can only go to an active member. Enable them first.',
  already_owner: 'You already own this organization.',
};

/** The message for a refused team action: the rule that refused it, else the catalogue's. */
export function teamErrorMessage(error: unknown): string {
  if (error instanceof ServerCallError) {
    if (error.details && REASONS[error.details]) return REASONS[error.details]!;
    if (error.code === 'invalid_password') return WRONG_PASSWORD_MESSAGE;
    if (error.status === 429) return error.message;
  }
  return describeError(error).message;
}

/** Whether the error is the server's "already a member" answer to an invite. */
export function isAlreadyMember(error: unknown): boolean {
  return error instanceof ServerCallError && error.details === 'already_member';
}

/** A note (not an error) when the address is outside the inviter's own e-mail domain. */
export function domainNote(email: string, ownEmail: string): string | null {
  const domainOf = (address: string) => address.trim().toLowerCase().split('@')[1] ?? '';
  const theirs = domainOf(email);
  const ours = domainOf(ownEmail);
  if (!theirs || !ours || theirs === ours || !theirs.includes('.')) return null;
  return `This address is outside ${ours}. The invite will still be sent; check it is the person you mean.`;
}
