// What the invitation is: the organization, who invited, the role and the invited address.
import { format } from 'date-fns';
import { Building2 } from 'lucide-react';
import { ROLE_PHRASES, type InviteDetails } from './schemas';

export function InviteCard({ invite }: { invite: InviteDetails }) {
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200" data-testid="invite-card">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Building2 className="size-5" />
        </span>
        <p className="text-lg font-semibold break-words text-slate-900">{invite.organization_name}</p>
      </div>
      <p className="text-sm text-slate-700">
        <strong>{invite.invited_by}</strong> invited you to join as {ROLE_PHRASES[invite.role]}.
      </p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Invited address</dt>
          <dd className="mt-0.5 break-all text-slate-900">{invite.email}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Link valid until</dt>
          <dd className="mt-0.5 text-slate-900">{format(new Date(invite.expires_at), 'MMM d, yyyy h:mm a')}</dd>
        </div>
      </dl>
    </div>
  );
}
