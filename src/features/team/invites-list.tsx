// Invitations not yet accepted: pending ones with their expiry, expired ones to send again.
import { format, isPast } from 'date-fns';
import { RotateCw, X } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '../../components/ui/table';
import { toast } from '../../lib/toast-store';
import { useInviteAction, useInvites } from './queries';
import { ROLE_LABELS, teamErrorMessage, type InviteRow } from './schemas';

function Expiry({ invite }: { invite: InviteRow }) {
  const at = new Date(invite.expires_at);
  const text = format(at, 'MMM d, yyyy h:mm a');
  return isPast(at) ? <Badge tone="warning">Expired {text}</Badge> : <time dateTime={invite.expires_at}>{text}</time>;
}

function InviteRowView({ invite, orgId }: { invite: InviteRow; orgId: string }) {
  const action = useInviteAction(orgId);
  const run = (kind: 'resend' | 'revoke') =>
    action.mutate(
      { kind, inviteId: invite.id },
      {
        onSuccess: () =>
          toast({ tone: 'success', description: kind === 'resend' ? `A new link went to ${invite.email}; the previous one no longer works.` : `The invitation to ${invite.email} was revoked.` }),
        onError: (error) => toast({ tone: 'error', description: teamErrorMessage(error) }),
      },
    );
  return (
    <TableRow>
      <TableCell className="font-medium break-words text-slate-900">{invite.email}</TableCell>
      <TableCell>{ROLE_LABELS[invite.role]}</TableCell>
      <TableCell className="hidden xl:table-cell">{invite.invited_by_name || '—'}</TableCell>
      <TableCell className="whitespace-nowrap">
        <Expiry invite={invite} />
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap justify-end gap-2">
          <Button size="sm" variant="secondary" disabled={action.isPending} onClick={() => run('resend')} icon={<RotateCw aria-hidden="true" className="size-4" />}>
            <span>
              Resend<span className="sr-only"> invitation to {invite.email}</span>
            </span>
          </Button>
          {invite.status === 'pending' && (
            <Button size="sm" variant="ghost" disabled={action.isPending} onClick={() => run('revoke')} icon={<X aria-hidden="true" className="size-4" />}>
              <span>
                Revoke<span className="sr-only"> invitation to {invite.email}</span>
              </span>
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}

export function InvitesList({ orgId }: { orgId: string }) {
  const invites = useInvites(orgId, true);
  const open = (invites.data ?? []).filter((invite) => invite.status === 'pending' || invite.status === 'expired');
  return (
    <section aria-labelledby="invites-heading" className="flex flex-col gap-3">
      <h2 id="invites-heading" className="text-base font-semibold text-slate-900">
        Pending invitations
      </h2>
      {invites.isPending ? (
        <Spinner label="Loading invitations…" />
      ) : invites.isError ? (
        <p className="text-sm text-red-700">{teamErrorMessage(invites.error)}</p>
      ) : open.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">No invitations are waiting.</p>
      ) : (
        <Table>
          <TableColumns columns={['E-mail', 'Role', { label: 'Invited by', className: 'hidden xl:table-cell' }, 'Expires']} actions />
          <TableBody>
            {open.map((invite) => (
              <InviteRowView key={invite.id} invite={invite} orgId={orgId} />
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
