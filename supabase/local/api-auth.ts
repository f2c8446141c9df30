// Who is calling: the Bearer token (a session JWT or an API key) decides the Postgres role,
// as PostgREST does; without a Bearer the apikey header is used, as Supabase's gateway does.
import { ApiError } from './errors';
import type { Claims, Keys } from './keys';
import { API_ROLES } from './request-context';

export type Caller = { role: string; claims: Claims; token: string };

export function bearerToken(headers: Headers): string | undefined {
  const auth = headers.get('authorization');
  if (auth) {
    const match = /^bearer\s+(.+)$/i.exec(auth.trim());
    if (!match) throw new ApiError(401, 'PGRST301', 'Authorization header must be a Bearer token');
    return match[1]!.trim();
  }
  return headers.get('apikey')?.trim() || undefined;
}

export async function identifyCaller(keys: Keys, token: string | undefined): Promise<Caller> {
  if (!token) throw new ApiError(401, 'PGRST302', 'Anonymous access is disabled', null, 'Send the anon key in the apikey header');
  const claims = await keys.verify(token);
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw new ApiError(401, '22023', `role "${role}" does not exist`);
  return { role, claims, token };
}
