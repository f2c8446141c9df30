// One REST request end to end: identify the caller, parse, build one statement from the
// schema cache, run it in one PostgREST-style transaction (role, claims, headers set
// first; read-only for GET/HEAD) and answer in PostgREST's shape.
import type { Context } from 'hono';
import { bearerToken, identifyCaller, type Caller } from '../api-auth';
import { clientAddress, headersForSql } from '../client-address';
import type { LocalContext } from '../context';
import { ApiError, toApiError } from '../errors';
import { JsonTooDeepError, parseJsonWithin } from '../json-limits';
import type { Keys } from '../keys';
import { readInRequestContext, writeInRequestContext, type RequestContext } from '../request-context';
import type { Catalog, CatalogCache, Table } from './catalog';
import { negotiateMediaType, parsePreferences, type MediaType, type Preferences } from './preferences';
import { parseQueryParams, splitQueryString } from './query-params';
import { findRoutine, rpcSql } from './rpc';
import { readSql, Statement } from './sql-builder';
import { deleteSql, insertSql, updateSql } from './write-sql';

/** Errors that may only mean the cache predates some DDL: reload once and retry. */
const SCHEMA_MISSES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703']);
/** Database errors that suggest the cache is stale. */
const STALE_HINTS = new Set(['42703', '42P01', '42883']);
const JSON_TYPE = 'application/json; charset=utf-8';

type Planned = { sql: string; values: unknown[]; minimal: boolean };
type Outcome = { status: number; body: string | null; headers: Record<string, string> };
type ResultRow = {
  body: string | null;
  page_total: number;
  total: number | null;
  inserted?: number;
  response_status?: string | null;
  response_headers?: string | null;
};
type Plan = { planned: Planned; finish: (row: ResultRow, affected: number) => Outcome; readOnly: boolean };

export type RestDeps = { ctx: LocalContext; catalogs: CatalogCache; identify: (headers: Headers) => Promise<Caller> };

export function createCallerCache(keys: Keys): (headers: Headers) => Promise<Caller> {
  const cache = new Map<string, { caller: Caller; expires: number }>();
  return async (headers) => {
    const token = bearerToken(headers);
    const now = Date.now() / 1000;
    const hit = token ? cache.get(token) : undefined;
    if (hit && hit.expires > now) return hit.caller;
    const caller = await identifyCaller(keys, token);
    if (token && typeof caller.claims.exp === 'number') {
      if (cache.size >= 1000) cache.clear();
      cache.set(token, { caller, expires: caller.claims.exp });
    }
    return caller;
  };
}

// A function may set the status and headers of its answer without failing (so that what it
// wrote is committed), through PostgREST's response.status and response.headers settings.
const RESPONSE_SETTINGS = `nullif(current_setting('response.status', true), '') as response_status,
  nullif(current_setting('response.headers', true), '') as response_headers`;

function withResponseSettings(sql: string): string {
  return `select pgrst_main.*, ${RESPONSE_SETTINGS} from (${sql}) pgrst_main`;
}

function applyResponseSettings(outcome: Outcome, row: ResultRow): Outcome {
  let { status, headers } = outcome;
  if (row.response_status) {
    const wanted = Number(row.response_status);
    if (!/^\d{3}$/.test(row.response_status.trim()) || wanted < 100 || wanted > 599) {
      throw new ApiError(500, 'PGRST112', 'response.status guc must be a valid status code');
    }
    status = wanted;
  }
  if (row.response_headers) {
    const invalid = new ApiError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value');
    let list: unknown;
    try {
      list = JSON.parse(row.response_headers);
    } catch {
      throw invalid;
    }
    if (!Array.isArray(list)) throw invalid;
    headers = { ...headers };
    for (const entry of list) {
      const pairs = typeof entry === 'object' && entry !== null ? Object.entries(entry) : [];
      if (pairs.length !== 1 || typeof pairs[0]![1] !== 'string') throw invalid;
      headers[pairs[0]![0]] = pairs[0]![1] as string;
    }
  }
  return { ...outcome, status, headers };
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

function findTable(catalog: Catalog, name: string): Table {
  const table = catalog.tables.get(name);
  if (table) return table;
  const best = [...catalog.tables.keys()]
    .map((t) => ({ t, d: distance(t.toLowerCase(), name.toLowerCase()) }))
    .sort((x, y) => x.d - y.d)[0];
  const hint = best && best.d <= Math.max(2, Math.floor(name.length / 3)) ? `Perhaps you meant the table 'public.${best.t}'` : null;
  throw new ApiError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null, hint);
}

async function withCatalog<T>(catalogs: CatalogCache, build: (catalog: Catalog) => T): Promise<T> {
  try {
    return build(await catalogs.get());
  } catch (error) {
    if (error instanceof ApiError && SCHEMA_MISSES.has(error.code) && (await catalogs.refreshIfChanged())) {
      return build(await catalogs.get());
    }
    throw error;
  }
}

function checkProfile(headers: Headers, method: string) {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = headers.get(name);
  if (profile !== null && profile !== 'public') {
    throw new ApiError(406, 'PGRST106', 'The schema must be one of the following: public', null, null);
  }
}

function parseJson(text: string): unknown {
  try {
    return parseJsonWithin(text);
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', error.message, null);
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function contentRange(offset: number, count: number, total: number | null): string {
  const range = count > 0 ? `${offset}-${offset + count - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** Applies Accept: vnd.pgrst.object (exactly one row) to a JSON array body. */
function shape(media: MediaType, body: string, rows: number): string {
  if (media.kind === 'array') return body;
  if (rows !== 1) {
    throw new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`, null);
  }
  return body.slice(1, -1).trim();
}

function cookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

type Request = {
  method: string;
  path: string;
  headers: Headers;
  query: string;
  pairs: [string, string][];
  prefs: Preferences;
  media: MediaType;
  text: () => Promise<string>;
};

// A read is a function of the table, the query string and two preferences: its statement is
// built once per schema cache and reused (a client pulls the same shape of page again and
// again), so a repeated read is neither parsed nor planned again in JavaScript.
type ReadPlan = { planned: Planned; offset: number };
const readPlans = new WeakMap<Catalog, Map<string, ReadPlan>>();
const READ_PLANS_PER_CATALOG = 500;

async function readPlan(deps: RestDeps, req: Request, name: string): Promise<ReadPlan> {
  const { prefs, media } = req;
  const key = `${name}\u0000${req.query}\u0000${prefs.count ?? ''}\u0000${media.stripNulls}`;
  const cached = readPlans.get(await deps.catalogs.get())?.get(key);
  if (cached) return cached;
  const params = parseQueryParams(req.pairs);
  let used: Catalog | undefined;
  const planned = await withCatalog(deps.catalogs, (catalog) => {
    used = catalog;
    const st = new Statement(catalog, params);
    const sql = readSql(st, findTable(catalog, name), { count: prefs.count !== undefined, stripNulls: media.stripNulls });
    return { sql, values: st.values, minimal: false };
  });
  const plan = { planned, offset: params.offset.get('') ?? 0 };
  let plans = readPlans.get(used!);
  if (!plans) readPlans.set(used!, (plans = new Map()));
  if (plans.size >= READ_PLANS_PER_CATALOG) plans.clear();
  plans.set(key, plan);
  return plan;
}

async function planTable(deps: RestDeps, req: Request, name: string): Promise<Plan> {
  const { method, prefs, media } = req;
  const representation = prefs.return === 'representation';
  const stripNulls = media.stripNulls;
  if (method === 'GET' || method === 'HEAD') {
    const { planned, offset } = await readPlan(deps, req, name);
    return {
      planned,
      readOnly: true,
      finish(row) {
        const total = row.total === null ? null : Number(row.total);
        const partial = total !== null && row.page_total > 0 && (offset > 0 || offset + row.page_total < total);
        const headers: Record<string, string> = { 'Content-Range': contentRange(offset, row.page_total, total) };
        return { status: partial ? 206 : 200, body: shape(media, row.body ?? '[]', row.page_total), headers };
      },
    };
  }
  if (method !== 'POST' && method !== 'PATCH' && method !== 'DELETE') {
    throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
  const params = parseQueryParams(req.pairs);
  const text = method === 'DELETE' ? '' : (await req.text()).trim();
  const body = method === 'DELETE' ? undefined : parseJson(text);
  const options = { representation, stripNulls };
  const planned = await withCatalog(deps.catalogs, (catalog): Planned | undefined => {
    const table = findTable(catalog, name);
    const st = new Statement(catalog, params);
    if (method === 'POST') {
      const rows = Array.isArray(body) ? body : [body];
      if (!rows.every(isObject)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'Every element must be a JSON object');
      if (rows.length === 0) return undefined;
      const sql = insertSql(st, table, { text: Array.isArray(body) ? text : `[${text}]`, rows }, prefs, options);
      return { sql, values: st.values, minimal: !representation };
    }
    if (method === 'PATCH') {
      if (!isObject(body)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'An update takes one JSON object');
      const keys = Object.keys(body);
      if (keys.length === 0) return undefined;
      return { sql: updateSql(st, table, { text, keys }, options), values: st.values, minimal: !representation };
    }
    return { sql: deleteSql(st, table, options), values: st.values, minimal: !representation };
  });
  const created = method === 'POST';
  const finish = (row: ResultRow, affected: number): Outcome => {
    const count = representation ? row.page_total : affected;
    const headers: Record<string, string> = {};
    if (prefs.count) headers['Content-Range'] = `*/${count}`;
    if (prefs.applied.length) headers['Preference-Applied'] = prefs.applied.join(', ');
    if (media.kind === 'object' && count !== 1) shape(media, '', count);
    let status = created ? 201 : representation ? 200 : 204;
    if (created && prefs.resolution === 'merge-duplicates' && representation && row.inserted === 0 && count > 0) status = 200;
    if (!representation) return { status, body: null, headers };
    return { status, body: shape(media, row.body ?? '[]', row.page_total), headers };
  };
  if (!planned) {
    // Nothing to write (an empty array or an empty PATCH): answer as if no row matched.
    const nothing = "select '[]'::text as body, 0 as page_total, null::int8 as total, 0 as inserted";
    return { planned: { sql: nothing, values: [], minimal: false }, finish, readOnly: false };
  }
  return { planned, finish, readOnly: false };
}

async function planRpc(deps: RestDeps, req: Request, fn: string): Promise<Plan> {
  const { method, prefs, media } = req;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
  let json = '{}';
  let names: string[] = [];
  if (method === 'POST') {
    const text = (await req.text()).trim();
    if (text !== '') {
      const body = parseJson(text);
      if (!isObject(body)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'RPC arguments must be a JSON object');
      json = text;
      names = Object.keys(body);
    }
  }
  let returnsSet = true;
  let isVoid = false;
  let offset = 0;
  const planned = await withCatalog(deps.catalogs, (catalog) => {
    const overloads = catalog.routines.get(fn);
    if (!overloads) findRoutine(catalog, fn, names);
    const argNames = new Set(overloads!.flatMap((r) => r.args.map((a) => a.name)));
    const isArgument = (key: string) => method !== 'POST' && argNames.has(key);
    const params = parseQueryParams(req.pairs, isArgument);
    let args = { names, json };
    if (method !== 'POST') {
      const values: Record<string, string> = {};
      for (const [key, value] of req.pairs) if (isArgument(key)) values[key] = value;
      args = { names: Object.keys(values), json: JSON.stringify(values) };
    }
    const routine = findRoutine(catalog, fn, args.names);
    returnsSet = routine.returnsSet;
    isVoid = routine.result.kind === 'void';
    offset = params.offset.get('') ?? 0;
    const st = new Statement(catalog, params);
    const sql = rpcSql(st, routine, args, { count: prefs.count !== undefined, stripNulls: media.stripNulls });
    return { sql: withResponseSettings(sql), values: st.values, minimal: false };
  });
  const answer = (row: ResultRow): Outcome => {
    if (isVoid) return { status: 204, body: null, headers: {} };
    const total = row.total === null ? null : Number(row.total);
    const headers: Record<string, string> = { 'Content-Range': contentRange(offset, row.page_total, total) };
    const body = row.body ?? 'null';
    if (!returnsSet && body.startsWith('[')) {
      return { status: 200, body: shape({ kind: 'object', stripNulls: false }, body, row.page_total), headers };
    }
    return { status: 200, body: returnsSet ? shape(media, body, row.page_total) : body, headers };
  };
  return { planned, readOnly: method !== 'POST', finish: (row) => applyResponseSettings(answer(row), row) };
}

/** A read (GET or HEAD): set-up and query in one round trip; nothing to roll back after it. */
async function read(deps: RestDeps, context: RequestContext, plan: Plan): Promise<Outcome> {
  const result = await readInRequestContext<ResultRow>(deps.ctx.db, context, plan.planned.sql, plan.planned.values);
  return plan.finish(result.rows[0]!, result.affectedRows);
}

export async function handleRest(deps: RestDeps, c: Context, target: { table?: string; fn?: string }): Promise<Response> {
  let role: string | undefined;
  const raw = c.req.raw;
  const method = raw.method.toUpperCase();
  try {
    checkProfile(raw.headers, method);
    const caller = await deps.identify(raw.headers);
    role = caller.role;
    const url = raw.url;
    const q = url.indexOf('?');
    const req: Request = {
      method,
      path: target.fn !== undefined ? `/rpc/${target.fn}` : `/${target.table}`,
      headers: raw.headers,
      query: q < 0 ? '' : url.slice(q + 1),
      pairs: splitQueryString(q < 0 ? '' : url.slice(q + 1)),
      prefs: parsePreferences(raw.headers.get('prefer')),
      media: negotiateMediaType(raw.headers.get('accept')),
      text: () => raw.text(),
    };
    const plan = target.fn !== undefined ? await planRpc(deps, req, target.fn) : await planTable(deps, req, target.table!);
    const context = { role: caller.role, claims: caller.claims, method, path: req.path, headers: headersForSql(raw.headers, clientAddress(c)), cookies: cookies(raw.headers.get('cookie')) };
    const outcome = plan.readOnly
      ? await read(deps, context, plan)
      : await writeInRequestContext<Outcome, ResultRow>(deps.ctx.db, context, plan.planned.sql, plan.planned.values, (result) => {
          const row = plan.planned.minimal ? { body: null, page_total: result.affectedRows, total: null } : result.rows[0]!;
          // Inside the transaction, so a failed single-object check rolls the write back.
          return plan.finish(row, result.affectedRows);
        });
    const headers = new Headers(outcome.headers);
    if (outcome.body !== null) headers.set('Content-Type', JSON_TYPE);
    return new Response(method === 'HEAD' ? null : outcome.body, { status: outcome.status, headers });
  } catch (error) {
    const apiError = toApiError(error, role);
    if (!(error instanceof ApiError) && STALE_HINTS.has(apiError.code)) deps.catalogs.markStale();
    if (apiError.status >= 500) deps.ctx.log.error(`${method} ${c.req.path} failed`, error);
    return new Response(method === 'HEAD' ? null : JSON.stringify(apiError.toJSON()), {
      status: apiError.status,
      headers: { ...apiError.headers, 'Content-Type': JSON_TYPE },
    });
  }
}
