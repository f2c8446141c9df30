// The team: name, e-mail, role, status and last sign-in, with the changes the viewer may make.
import { formatDistanceToNowStrict } from 'date-fns';
import { MoreHorizontal } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Menu, type MenuEntry } from '../../components/ui/menu';
import { Select } from '../../components/ui/select';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '../../components/ui/table';
import type { Profile } from '../../db/collections/profiles';
import type { Role } from '../../db/react';
import { rowRights } from './member-actions';
import { ASSIGNABLE_ROLES, ROLE_LABELS, type TeamRole } from './schemas';

type MemberHandlers = {
  onRole: (member: Profile, role: TeamRole) => void;
  onStatus: (member: Profile, status: 'active' | 'disabled') => void;
  onRemove: (member: Profile) => void;
  onTransfer: (member: Profile) => void;
};

type Props = MemberHandlers & {
  members: Profile[];
  viewer: { role: Role; userId: string };
  /** Last sign-in by user id; undefined while unknown (offline or loading). */
  signIns: Map<string, string | null> | undefined;
  busy: boolean;
};

export function memberName(member: Profile): string {
  return `${member.first_name} ${member.last_name}`.trim() || member.email;
}

function LastSignIn({ value }: { value: string | null | undefined }) {
  if (value === undefined) return <span className="text-slate-500">—</span>;
  if (value === null) return <span className="text-slate-500">Never</span>;
  const at = new Date(value);
  return <time dateTime={value} title={at.toLocaleString('en-US')}>{formatDistanceToNowStrict(at, { addSuffix: true })}</time>;
}

function RoleCell({ member, editable, busy, onRole }: { member: Profile; editable: boolean; busy: boolean; onRole: MemberHandlers['onRole'] }) {
  if (!editable) return <span>{ROLE_LABELS[member.role]}</span>;
  // An owner's row offers the other roles too: choosing one is refused while they are the last owner.
  const roles: TeamRole[] = member.role === 'owner' ? ['owner', ...ASSIGNABLE_ROLES] : [...ASSIGNABLE_ROLES];
  return (
    <Select
      aria-label={`Role of ${memberName(member)}`}
      value={member.role}
      disabled={busy}
      onChange={(event) => onRole(member, event.target.value as TeamRole)}
      options={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
      className="min-w-32"
    />
  );
}

function actionsOf(member: Profile, rights: ReturnType<typeof rowRights>, handlers: MemberHandlers): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (rights.changeStatus) {
    entries.push(
      member.status === 'active'
        ? { kind: 'action', label: 'Disable', onSelect: () => handlers.onStatus(member, 'disabled') }
        : { kind: 'action', label: 'Enable', onSelect: () => handlers.onStatus(member, 'active') },
    );
  }
  if (rights.transfer) entries.push({ kind: 'action', label: 'Transfer ownership', onSelect: () => handlers.onTransfer(member) });
  if (rights.remove) entries.push({ kind: 'separator' }, { kind: 'action', label: 'Remove from team', danger: true, onSelect: () => handlers.onRemove(member) });
  return entries;
}

function MemberRow({ member, props }: { member: Profile; props: Props }) {
  const rights = rowRights(props.viewer, member);
  const entries = actionsOf(member, rights, props);
  const name = memberName(member);
  return (
    <TableRow>
      <TableCell>
        <div className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {name}
          {member.user_id === props.viewer.userId && <Badge tone="brand">You</Badge>}
        </div>
        <div className="break-all text-slate-600 xl:hidden">{member.email}</div>
      </TableCell>
      <TableCell className="hidden xl:table-cell">{member.email}</TableCell>
      <TableCell>
        <RoleCell member={member} editable={rights.changeRole} busy={props.busy} onRole={props.onRole} />
      </TableCell>
      <TableCell>{member.status === 'active' ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>}</TableCell>
      <TableCell className="whitespace-nowrap">
        <LastSignIn value={props.signIns ? (props.signIns.get(member.user_id) ?? null) : undefined} />
      </TableCell>
      <TableCell className="text-right">
        {entries.length > 0 && (
          <Menu
            buttonLabel={`Actions for ${name}`}
            button={<MoreHorizontal aria-hidden="true" className="size-5" />}
            buttonClassName="min-h-11 min-w-11 justify-center text-slate-600 hover:bg-slate-100"
            entries={entries}
          />
        )}
      </TableCell>
    </TableRow>
  );
}

export function MembersTable(props: Props) {
  return (
    <Table caption={`Members (${props.members.length})`}>
      <TableColumns columns={['Name', { label: 'E-mail', className: 'hidden xl:table-cell' }, 'Role', 'Status', 'Last sign-in']} actions />
      <TableBody>
        {props.members.map((member) => (
          <MemberRow key={member.id} member={member} props={props} />
        ))}
      </TableBody>
    </Table>
  );
}
