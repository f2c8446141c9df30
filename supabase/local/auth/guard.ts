// Who is calling an auth endpoint: GoTrue's requireAuthentication (user JWT with a live
// session) and requireAdmin (the service_role key).
import type { Context } from 'hono';
import type { LocalContext } from '../context';
import { ApiError } from '../errors';
import type { Claims } from '../keys';
import { AuthError, forbidden } from './errors';
import { isBanned, loadUser, type LoadedUser } from './users';

export type Authenticated = { user: LoadedUser; sessionId: string; claims: Claims; aal: string };

function bearer(c: Context): string {
  const header = c.req.header('authorization');
  const match = header ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return match[1]!;
}

async function verifiedClaims(ctx: LocalContext, c: Context): Promise<Claims> {
  try {
    return await ctx.keys.verify(bearer(c));
  } catch (error) {
    if (error instanceof ApiError) throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${error.message}`);
    throw error;
  }
}

export async function requireUser(ctx: LocalContext, c: Context): Promise<Authenticated> {
  const claims = await verifiedClaims(ctx, c);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await loadUser(ctx.db, { id: sub });
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (isBanned(user.row)) throw forbidden('user_banned', 'User is banned');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  const { rows } = await ctx.db.query<{ aal: string }>(
    `select aal::text as aal from auth.sessions where id::text = $1 and user_id = $2 and (not_after is null or not_after > now())`,
    [sessionId, sub],
  );
  if (!rows[0]) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { user, sessionId, claims, aal: rows[0].aal ?? 'aal1' };
}

export async function requireAdmin(ctx: LocalContext, c: Context): Promise<void> {
  const claims = await verifiedClaims(ctx, c);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw forbidden('not_admin', 'User not allowed');
}
