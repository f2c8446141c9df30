import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { bool, nullableText, nullableTimestamp, nullableUuid, oneOf, search, text } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

export const portals = defineCollection({
  name: 'portals',
  fields: {
    ...replicatedColumns(),
    kind: oneOf(['customer', 'prospect'], 'customer'),
    account_id: nullableUuid(),
    prospect_id: nullableUuid(),
    name: text(200),
    welcome_message: text(),
    brand_color: text(7),
    show_all_estimates: bool(true),
    allow_requests: bool(true),
    token_hash: nullableText(),
    expires_at: nullableTimestamp(),
    revoked_at: nullableTimestamp(),
    last_accessed_at: nullableTimestamp(),
    search: search(),
  },
  indexes: [['org_id', 'updated_at'], ['kind', 'name'], 'search'],
  // Links are issued and revoked through RPC; the device never writes these.
  serverOwned: ['token_hash', 'expires_at', 'revoked_at', 'last_accessed_at'],
  derive: (d) => ({ search: normalizeSearchText(d.name, d.welcome_message) }),
});
export type Portal = DocOf<typeof portals.fields>;
