import { describe, expect, it } from 'vitest';
import type { Profile } from '../../db/collections/profiles';
import { rowRights } from './member-actions';

const member = (values: Partial<Profile>): Profile =>
  ({ id: 'p', org_id: 'o', user_id: 'u-other', role: 'sales', status: 'active', first_name: '', last_name: '', email: '', phone: '', search: '', created_at: '', updated_at: '', ...values }) as Profile;

describe('rowRights', () => {
  it('lets owners do everything to others, and change only their own role', () => {
    expect(rowRights({ role: 'owner', userId: 'me' }, member({}))).toEqual({ changeRole: true, changeStatus: true, remove: true, transfer: true });
    expect(rowRights({ role: 'owner', userId: 'me' }, member({ user_id: 'me', role: 'owner' }))).toEqual({ changeRole: true, changeStatus: false, remove: false, transfer: false });
  });

  it('lets admins manage everyone but owners, and never transfer', () => {
    expect(rowRights({ role: 'admin', userId: 'me' }, member({}))).toEqual({ changeRole: true, changeStatus: true, remove: true, transfer: false });
    expect(rowRights({ role: 'admin', userId: 'me' }, member({ role: 'owner' }))).toEqual({ changeRole: false, changeStatus: false, remove: false, transfer: false });
  });

  it('offers sales and viewers nothing', () => {
    for (const role of ['sales', 'viewer'] as const) {
      expect(rowRights({ role, userId: 'me' }, member({}))).toEqual({ changeRole: false, changeStatus: false, remove: false, transfer: false });
    }
  });

  it('transfers only to an active member who is not an owner already', () => {
    expect(rowRights({ role: 'owner', userId: 'me' }, member({ status: 'disabled' })).transfer).toBe(false);
    expect(rowRights({ role: 'owner', userId: 'me' }, member({ role: 'owner' })).transfer).toBe(false);
  });
});
