import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { oneOf, search, text, uuid } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

const PROFILE_ROLES = ['owner', 'admin', 'sales', 'viewer'] as const;

export const profiles = defineCollection({
  name: 'profiles',
  // 1: phone.
  version: 1,
  fields: {
    ...replicatedColumns(),
    user_id: uuid(),
    role: oneOf(PROFILE_ROLES, 'viewer'),
    first_name: text(),
    last_name: text(),
    email: text(),
    phone: text(40),
    status: oneOf(['active', 'disabled'], 'active'),
    search: search(),
  },
  indexes: ['user_id', ['org_id', 'search'], ['role', 'search']],
  serverOwned: ['user_id', 'email'],
  derive: (d) => ({ search: normalizeSearchText(d.last_name, d.first_name, d.email) }),
});
export type Profile = DocOf<typeof profiles.fields>;
