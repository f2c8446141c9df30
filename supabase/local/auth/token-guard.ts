// The one token limiter of the database (private.guard_token_lookup and
// private.record_failed_token_lookup, migration 20261125000100_rate_limits.sql), shared with
// the estimate-link, portal and invite lookups: every code or link checked by /verify
// (recovery included) counts against the client's address, so guessing one kind of token
// also slows guessing the others. The database sees the address the server computed.
import type { Context } from 'hono';
import { clientAddress, headersForSql } from '../client-address';
import type { LocalContext } from '../context';
import type { Queryable } from '../db';
import { isPgError, raisedPgrstError } from '../errors';
import { AuthError } from './errors';

/** Hands the request's headers, with the computed client address, to SQL (as PostgREST does). */
export async function applyClientHeaders(tx: Queryable, c: Context): Promise<void> {
  await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(headersForSql(c.req.raw.headers, clientAddress(c)))]);
}

/** A 429 raised by the database limiter (RAISE SQLSTATE 'PGRST') as GoTrue's error. */
export function asAuthError(error: unknown): unknown {
  if (!isPgError(error) || error.code !== 'PGRST') return error;
  const raised = raisedPgrstError(error);
  const code = raised.status === 429 ? 'over_request_rate_limit' : raised.code;
  return new AuthError(raised.status, code, raised.message, {}, raised.headers);
}

async function run(ctx: LocalContext, c: Context, sql: string): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      await applyClientHeaders(tx, c);
      await tx.query(sql);
    });
  } catch (error) {
    throw asAuthError(error);
  }
}

/** Counts one failed lookup for this address (in its own transaction: the failure rolls back). */
export function recordFailedTokenLookup(ctx: LocalContext, c: Context): Promise<void> {
  return run(ctx, c, 'select private.record_failed_token_lookup()');
}
