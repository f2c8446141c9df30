// The one door from a screen to the server for calls that are NOT replicated: team and
// invites, portals, access logs, customer sessions, monitoring, and the anonymous token pages
// (estimate link, public requests, portals). Domain data (estimates, products, prospects, …)
// never comes through here: screens read and write RxDB and sync carries it.
//
// Screens call these through TanStack Query (the client of src/lib/query-client.ts carries the
// cache constants of SPEC.md §9): a feature's queries.ts wraps `callRpc` in `useQuery` /
// `useMutation` with its own query keys. Every answer is checked with a zod schema, so a
// feature never trusts the shape of what came back. Any zod schema does: the customer pages
// use zod/mini (a fraction of the JavaScript), the staff screens the full zod.
import type * as zc from 'zod/v4/core';
import { hasStoredAuthToken, loadSupabase, runtimeConfig, supabaseRequested } from './supabase';
import { anonymousRpc, type RpcAnswer } from './supabase-rpc';

/** A refused or failed server call, with the PostgREST code and HTTP status kept for the UI. */
export class ServerCallError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly details: string | undefined;
  readonly hint: string | undefined;

  constructor(message: string, options: { code?: string; status?: number; details?: string; hint?: string } = {}) {
    super(message);
    this.name = 'ServerCallError';
    this.code = options.code;
    this.status = options.status;
    this.details = options.details;
    this.hint = options.hint;
  }
}

/**
 * Someone signed in (or signing in) calls with their session through supabase-js; an
 * anonymous visitor (a customer's token page, /requests) with the anon key and no supabase-js.
 */
async function rpc(fn: string, args: Record<string, unknown>): Promise<RpcAnswer> {
  if (supabaseRequested() || hasStoredAuthToken()) return (await (await loadSupabase()).rpc(fn, args)) as RpcAnswer;
  return anonymousRpc(await runtimeConfig(), fn, args);
}

/**
 * Calls the RPC function `fn` with named arguments and checks its answer with `schema`.
 * Throws ServerCallError when the server refuses (status and code kept) or answers in a shape
 * the schema does not accept; a network failure surfaces as supabase-js reports it.
 */
export async function callRpc<S extends zc.$ZodType & { safeParse(data: unknown): zc.util.SafeParseResult<zc.output<S>> }>(
  fn: string,
  args: Record<string, unknown>,
  schema: S,
): Promise<zc.output<S>> {
  const { data, error, status } = await rpc(fn, args);
  if (error) {
    throw new ServerCallError(error.message, {
      status,
      ...(error.code ? { code: error.code } : {}),
      ...(error.details ? { details: error.details } : {}),
      ...(error.hint ? { hint: error.hint } : {}),
    });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ServerCallError(`Unexpected answer from ${fn}: ${parsed.error.message}`, { status, code: 'invalid_response' });
  return parsed.data;
}
