// Which changes the signed-in member may offer on a row; the server checks them again.
import type { Profile } from '../../db/collections/profiles';
import { can, type Role } from '../../db/react';

export type RowRights = { changeRole: boolean; changeStatus: boolean; remove: boolean; transfer: boolean };

export function rowRights(viewer: { role: Role; userId: string }, member: Profile): RowRights {
  const manager = can(viewer.role, 'manageTeam');
  const owner = viewer.role === 'owner';
  const self = member.user_id === viewer.userId;
  // Only owners touch owners; the server keeps the last owner whatever is offered here.
  const reachable = manager && (member.role !== 'owner' || owner);
  return {
    changeRole: reachable,
    changeStatus: reachable && !self,
    remove: reachable && !self,
    transfer: owner && !self && member.status === 'active' && member.role !== 'owner',
  };
}
