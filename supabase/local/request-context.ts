// Runs work the way PostgREST does: one transaction whose first statement sets the role,
// the JWT claims and the request's method, path and headers with set_config(..., true),
// so row level security, auth.uid() and auth.jwt() behave exactly as on Supabase.
import type { Db, Queryable } from './db';
import type { Claims } from './keys';

export type RequestContext = {
  role: string;
  claims: Claims;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
};

export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export async function applyRequestContext(tx: Queryable, ctx: RequestContext): Promise<void> {
  await tx.query(
    `select set_config('search_path', 'public, extensions', true),
            set_config('timezone', 'UTC', true),
            set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.method', $3, true),
            set_config('request.path', $4, true),
            set_config('request.headers', $5, true),
            set_config('request.cookies', $6, true)`,
    [
      ctx.role,
      JSON.stringify({ ...ctx.claims, role: ctx.role }),
      ctx.method ?? '',
      ctx.path ?? '',
      JSON.stringify(ctx.headers ?? {}),
      JSON.stringify(ctx.cookies ?? {}),
    ],
  );
}

export function withRequestContext<T>(
  db: Db,
  ctx: RequestContext,
  fn: (tx: Queryable) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await applyRequestContext(tx, ctx);
    return fn(tx);
  }, options);
}
