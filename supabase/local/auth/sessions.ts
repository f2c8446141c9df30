// Sessions, rotating refresh tokens with GoTrue's reuse detection, and the access token
// response (internal/tokens/service.go).
import { randomBytes } from 'node:crypto';
import type { LocalContext } from '../context';
import type { Queryable } from '../db';
import { badRequest } from './errors';
import { appMetadata, isBanned, loadUser, userJson, type LoadedUser } from './users';

type AmrEntry = { method: string; timestamp: number };

function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

async function insertRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

export async function addAmrClaim(tx: Queryable, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, gen_random_uuid())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** Starts a session (aal1) for a sign-in by `method` and returns its first refresh token. */
export async function createSession(
  tx: Queryable,
  userId: string,
  method: string,
  client: { ip: string; userAgent: string | null },
): Promise<{ sessionId: string; refreshToken: string }> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values (gen_random_uuid(), $1, now(), now(), 'aal1', now() at time zone 'utc', $2, nullif($3, '')::inet) returning id`,
    [userId, client.userAgent, client.ip],
  );
  const sessionId = rows[0]!.id;
  await addAmrClaim(tx, sessionId, method);
  await tx.query(
    `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`,
    [userId],
  );
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [userId]);
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null);
  return { sessionId, refreshToken };
}

async function sessionClaims(tx: Queryable, sessionId: string): Promise<{ aal: string; amr: AmrEntry[] }> {
  const { rows } = await tx.query<{ aal: string | null; amr: AmrEntry[] }>(
    `select s.aal::text as aal,
       coalesce((select jsonb_agg(jsonb_build_object('method', c.authentication_method, 'timestamp', extract(epoch from c.updated_at)::bigint)
                                  order by c.updated_at desc) from auth.mfa_amr_claims c where c.session_id = s.id), '[]'::jsonb) as amr
     from auth.sessions s where s.id = $1`,
    [sessionId],
  );
  return { aal: rows[0]?.aal ?? 'aal1', amr: rows[0]?.amr ?? [] };
}

async function accessToken(ctx: LocalContext, user: LoadedUser, sessionId: string, claims: { aal: string; amr: AmrEntry[] }): Promise<string> {
  const { row } = user;
  return ctx.keys.sign(
    {
      iss: ctx.config.issuer,
      sub: row.id,
      aud: row.aud ?? 'authenticated',
      email: row.email ?? '',
      phone: row.phone ?? '',
      app_metadata: appMetadata(row),
      user_metadata: row.raw_user_meta_data ?? {},
      role: row.role ?? 'authenticated',
      aal: claims.aal,
      amr: claims.amr,
      session_id: sessionId,
      is_anonymous: row.is_anonymous ?? false,
    },
    ctx.config.JWT_EXPIRY,
  );
}

export type TokenResponse = Record<string, unknown> & { access_token: string; refresh_token: string };

/** GoTrue's AccessTokenResponse for a session, read inside the same transaction. */
export async function tokenResponse(ctx: LocalContext, tx: Queryable, userId: string, sessionId: string, refreshToken: string): Promise<TokenResponse> {
  const user = await loadUser(tx, { id: userId });
  if (!user) throw badRequest('user_not_found', 'User not found');
  const claims = await sessionClaims(tx, sessionId);
  const token = await accessToken(ctx, user, sessionId, claims);
  const expiresIn = ctx.config.JWT_EXPIRY;
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

type RefreshRow = {
  id: number;
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  parent: string | null;
  within_reuse: boolean;
  session_expired: boolean | null;
  session_exists: boolean;
};

/**
 * The refresh_token grant. A revoked token is answered with the session's active token when it
 * is that token's parent (a client that lost the answer), with a fresh token within the reuse
 * interval (concurrent tabs), and otherwise revokes the whole session.
 */
export async function refreshGrant(ctx: LocalContext, refreshToken: string): Promise<TokenResponse> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshRow>(
      `select r.id, r.token, r.user_id, r.revoked, r.session_id, r.parent,
              r.updated_at + make_interval(secs => $2) > now() as within_reuse,
              (s.not_after is not null and s.not_after <= now()) as session_expired,
              s.id is not null as session_exists
       from auth.refresh_tokens r left join auth.sessions s on s.id = r.session_id
       where r.token = $1 for update of r`,
      [refreshToken, ctx.config.REFRESH_TOKEN_REUSE_INTERVAL],
    );
    const token = rows[0];
    if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await loadUser(tx, { id: token.user_id });
    if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user.row)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    if (!token.session_id || !token.session_exists) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    if (token.session_expired) throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    await tx.query('select 1 from auth.sessions where id = $1 for update', [token.session_id]);

    let issued: string | undefined;
    if (token.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [token.session_id],
      );
      if (active.rows[0] && active.rows[0].parent === token.token) {
        issued = active.rows[0].token;
      } else if (!token.within_reuse) {
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [token.session_id]);
        await tx.query('update auth.sessions set not_after = now(), updated_at = now() where id = $1', [token.session_id]);
        return { reused: true } as const;
      }
    }
    if (!issued) {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
      issued = await insertRefreshToken(tx, token.user_id, token.session_id, token.token);
    }
    await tx.query(`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`, [token.session_id]);
    return { response: await tokenResponse(ctx, tx, token.user_id, token.session_id, issued) };
  });
  if ('reused' in outcome) throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  return outcome.response;
}

/** Replaces the session's refresh tokens with a new one (after an MFA step-up). */
export async function reissueRefreshToken(tx: Queryable, userId: string, sessionId: string): Promise<string> {
  const current = await tx.query<{ token: string }>(
    'select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
    [sessionId],
  );
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [sessionId]);
  return insertRefreshToken(tx, userId, sessionId, current.rows[0]?.token ?? null);
}
