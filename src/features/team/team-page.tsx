// /team: the members of the organization and their invitations. Owners and admins manage the
// team; everyone else sees it read-only. Every change is decided by the server.
import { useState } from 'react';
import { useOnline } from '../../lib/use-online';
import { Spinner } from '../../components/ui/spinner';
import type { Profile } from '../../db/collections/profiles';
import { can, useWorkspace } from '../../db/react';
import { toast } from '../../lib/toast-store';
import { InviteForm } from './invite-form';
import { InvitesList } from './invites-list';
import { ConfirmMemberDialog, TransferDialog, type Pending } from './member-dialogs';
import { MembersTable, memberName } from './members-table';
import { useChangeMember, useMembers, useSignIns, type MemberChange } from './queries';
import { ROLE_LABELS, teamErrorMessage } from './schemas';
import { PageHeader } from '../../components/ui/page-header';

function useMemberChanges(orgId: string) {
  const change = useChangeMember(orgId);
  const run = (request: MemberChange, success: string) =>
    change.mutate(request, {
      onSuccess: () => toast({ tone: 'success', description: success }),
      onError: (error) => toast({ tone: 'error', description: teamErrorMessage(error) }),
    });
  return { run, busy: change.isPending };
}

function Header({ manager }: { manager: boolean }) {
  return (
    <PageHeader
      title="Team"
      description={manager ? 'Invite colleagues, set their roles, and disable or remove access.' : 'The people who work in the portal with you. Owners and admins manage the team.'}
    />
  );
}

export function TeamPage() {
  const { orgId, role, userId, profile } = useWorkspace();
  const online = useOnline();
  const manager = can(role, 'manageTeam');
  const { members, loading } = useMembers(orgId);
  const signIns = useSignIns(orgId);
  const { run, busy } = useMemberChanges(orgId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [transferTo, setTransferTo] = useState<Profile | null>(null);

  const confirm = () => {
    if (!pending) return;
    const name = memberName(pending.member);
    if (pending.kind === 'disable') run({ kind: 'status', profileId: pending.member.id, status: 'disabled' }, `${name} is disabled and signed out.`);
    else run({ kind: 'remove', profileId: pending.member.id }, `${name} was removed from the team.`);
    setPending(null);
  };

  return (
    <div className="flex flex-col gap-6">
      <Header manager={manager} />
      {manager && !online && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">You are offline. Team changes and invitations need a connection.</p>}
      {manager && <InviteForm orgId={orgId} ownEmail={profile.email} />}
      {loading ? (
        <Spinner label="Loading the team…" />
      ) : (
        <MembersTable
          members={members}
          viewer={{ role, userId }}
          signIns={signIns.data}
          busy={busy}
          onRole={(member, next) => run({ kind: 'role', profileId: member.id, role: next }, `${memberName(member)} is now ${ROLE_LABELS[next].toLowerCase()}.`)}
          onStatus={(member, status) =>
            status === 'disabled' ? setPending({ kind: 'disable', member }) : run({ kind: 'status', profileId: member.id, status }, `${memberName(member)} can sign in again.`)
          }
          onRemove={(member) => setPending({ kind: 'remove', member })}
          onTransfer={setTransferTo}
        />
      )}
      {manager && <InvitesList orgId={orgId} />}
      <ConfirmMemberDialog pending={pending} busy={busy} onConfirm={confirm} onClose={() => setPending(null)} />
      <TransferDialog
        member={transferTo}
        onClose={() => setTransferTo(null)}
        onDone={() => {
          toast({ tone: 'success', description: `${transferTo ? memberName(transferTo) : 'The new owner'} now owns the organization. You are an admin.` });
          setTransferTo(null);
        }}
      />
    </div>
  );
}
