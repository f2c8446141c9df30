// Runs work the way PostgREST does: one transaction whose first statement sets the role,
// the JWT claims and the request's method, path and headers with set_config(..., true),
// so row level security, auth.uid() and auth.jwt() behave exactly as on Supabase.
import type { Db, Queryable, QueryResult, Row } from './db';
import type { Claims } from './keys';
import { inlineParams, sqlLiteral } from './sql-literals';

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

/** The set-up statement with its values written in, to send ahead of a query in one message. */
function requestContextSql(ctx: RequestContext, options: { readOnly?: boolean } = {}): string {
  const settings: [string, string][] = [
    ['search_path', 'public, extensions'],
    ['timezone', 'UTC'],
    ['role', ctx.role],
    ['request.jwt.claims', JSON.stringify({ ...ctx.claims, role: ctx.role })],
    ['request.method', ctx.method ?? ''],
    ['request.path', ctx.path ?? ''],
    ['request.headers', JSON.stringify(ctx.headers ?? {})],
    ['request.cookies', JSON.stringify(ctx.cookies ?? {})],
  ];
  if (options.readOnly) settings.unshift(['transaction_read_only', 'on']);
  return `select ${settings.map(([name, value]) => `set_config('${name}', ${sqlLiteral(value)}, true)`).join(', ')}`;
}

/**
 * One read-only request in one round trip: the set-up and the query go together as one
 * message, in one implicit transaction, and the query's result comes back.
 */
export async function readInRequestContext<R>(db: Db, ctx: RequestContext, sql: string, values: readonly unknown[]): Promise<QueryResult<R>> {
  const results = await readAllInRequestContext<R>(db, ctx, [{ sql, values }]);
  return results[0]!;
}

/** As readInRequestContext, for several queries in the same message and transaction: their results, in order. */
export async function readAllInRequestContext<R = Row>(db: Db, ctx: RequestContext, queries: readonly { sql: string; values: readonly unknown[] }[]): Promise<QueryResult<R>[]> {
  const results = await db.script<R>([requestContextSql(ctx, { readOnly: true }), ...queries.map((q) => inlineParams(q.sql, q.values))].join(';\n'));
  return results.slice(results.length - queries.length);
}

/**
 * One write request: the set-up and the statement open the transaction together (one round
 * trip); `finish` sees the statement's result inside the transaction, so throwing rolls the
 * write back; then it commits.
 */
export function writeInRequestContext<T, R>(
  db: Db,
  ctx: RequestContext,
  sql: string,
  values: readonly unknown[],
  finish: (result: QueryResult<R>) => T,
): Promise<T> {
  return db.transactionScript<T, R>(`${requestContextSql(ctx)};\n${inlineParams(sql, values)}`, (results) => finish(results[results.length - 1]!));
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
