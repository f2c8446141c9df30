// One-time tokens as GoTrue keeps them (auth.one_time_tokens): a 6-digit code is sent, and
// only sha224(email-or-phone + code) is stored. Links carry that hash; /verify takes either.
// A token issued for a PKCE flow is stored with the "pkce_" prefix, as GoTrue does.
import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db';

export type TokenType =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'phone_change_token';

export function tokenHash(relatesTo: string, code: string): string {
  return createHash('sha224').update(relatesTo + code).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export type IssuedToken = { code: string; hash: string };

export async function issueToken(tx: Queryable, userId: string, type: TokenType, relatesTo: string, pkce = false): Promise<IssuedToken> {
  const code = newCode();
  const hash = tokenHash(relatesTo, code);
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3, $4, now() at time zone 'utc', now() at time zone 'utc')
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = excluded.created_at, updated_at = excluded.updated_at`,
    [userId, type, pkce ? `pkce_${hash}` : hash, relatesTo],
  );
  return { code, hash };
}

export type FoundToken = { id: string; user_id: string; token_type: TokenType; relates_to: string; pkce: boolean };

/** Finds and deletes a live token of one of `types` by its hash; undefined when none. */
export async function consumeToken(tx: Queryable, hash: string, types: TokenType[], expirySeconds: number): Promise<FoundToken | undefined> {
  const { rows } = await tx.query<FoundToken & { token_hash: string }>(
    `delete from auth.one_time_tokens
     where id = (select id from auth.one_time_tokens
                 where token_hash in ($1, 'pkce_' || $1) and token_type::text = any($2::text[])
                   and created_at > (now() at time zone 'utc') - make_interval(secs => $3)
                 order by created_at desc limit 1)
     returning id, user_id, token_type::text as token_type, relates_to, token_hash`,
    [hash, types, expirySeconds],
  );
  const row = rows[0];
  return row ? { id: row.id, user_id: row.user_id, token_type: row.token_type, relates_to: row.relates_to, pkce: row.token_hash.startsWith('pkce_') } : undefined;
}
