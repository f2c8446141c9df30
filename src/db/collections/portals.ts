import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { bool, integer, nullableText, nullableTimestamp, nullableUuid, oneOf, search, text } from '../fields';
import { normalizeSearchText } from '../../lib/text-search';

export const portals = defineCollection({
  name: 'portals',
  // 1: the chosen set of visible estimates, the e-mailed code for prospect portals, the views.
  version: 1,
  fields: {
    ...replicatedColumns(),
    kind: oneOf(['customer', 'prospect'], 'customer'),
    account_id: nullableUuid(),
    prospect_id: nullableUuid(),
    name: text(200),
    welcome_message: text(),
    brand_color: text(7),
    show_all_estimates: bool(true),
    /** The chosen estimates (a JSON array of ids) when show_all_estimates is off. */
    visible_estimate_ids: text(12000, '[]'),
    allow_requests: bool(true),
    /** A prospect portal that also asks for the e-mailed one-time code. */
    require_code: bool(false),
    token_hash: nullableText(),
    expires_at: nullableTimestamp(),
    revoked_at: nullableTimestamp(),
    last_accessed_at: nullableTimestamp(),
    view_count: integer(0),
    search: search(),
  },
  indexes: [['org_id', 'updated_at'], ['kind', 'name'], 'search'],
  // Portals are created and changed through RPC (supabase/migrations/20261125000600_portals.sql);
  // links, expiry, revocation and visits are the server's alone.
  serverOwned: ['token_hash', 'expires_at', 'revoked_at', 'last_accessed_at', 'view_count'],
  derive: (d) => ({ search: normalizeSearchText(d.name, d.welcome_message) }),
});
export type Portal = DocOf<typeof portals.fields>;
