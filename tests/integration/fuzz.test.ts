// No 5xx for client input, anywhere (issue 20, item 3): a few hundred malformed, oversized,
// deeply nested, wrongly typed and wrongly encoded bodies, headers and query strings go to
// every endpoint family (REST tables, RPC, sync, auth, realtime, the server's own pages), as
// anon and as a signed-in user. Any 5xx fails the test, and so does a server that stops
// answering /health. The cases are drawn with a fixed seed, so a failure can be replayed.
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();
const SEED = 20_261_125;

type Shot = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer; label: string };

const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number, leaf = '1') => '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);

/** Bodies no client should send: each is tried against every JSON endpoint. */
const HOSTILE_BODIES: [string, string | Buffer][] = [
  ['empty', ''],
  ['whitespace', '   \n '],
  ['truncated', '{"a": [1, 2'],
  ['trailing garbage', '{"a":1} x'],
  ['single quotes', "{'a': 1}"],
  ['comment', '{"a": 1 /* c */}'],
  ['NaN', '{"a": NaN}'],
  ['huge number', '{"a": 1e999999, "p_limit": 1e999999}'],
  ['null', 'null'],
  ['number', '42'],
  ['string', '"x"'],
  ['array of numbers', '[1,2,3]'],
  ['array of nulls', '[null, null]'],
  ['nested 200,000 deep (array)', deepArray(200_000)],
  ['nested 5,000 deep (object)', deepObject(5000)],
  ['nested 65 deep', deepArray(65)],
  // Deep values inside bodies of the right shape, so they reach SQL unless refused first.
  ['a row with a 200,000-deep title', `{"id":"00000000-0000-4000-8000-000000000001","org_id":"00000000-0000-4000-8000-000000000002","title":${deepArray(200_000)}}`],
  ['a sync batch 200,000 deep', `{"p_device_id":"00000000-0000-4000-8000-000000000003","p_changes":${deepArray(200_000)}}`],
  ['a token 200,000 deep', `{"p_token":${deepArray(200_000)},"token":${deepArray(200_000)}}`],
  ['nul character', '{"title":"a\\u0000b","p_token":"\\u0000"}'],
  ['lone surrogate', '{"title":"\\ud800","p_token":"\\udfff"}'],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d])],
  ['UTF-16 with BOM', Buffer.from('\ufeff{"a":1}', 'utf16le')],
  ['UTF-8 BOM', Buffer.from('\ufeff{"a":1}', 'utf8')],
  ['long string', JSON.stringify({ title: 'x'.repeat(300_000), p_token: 'y'.repeat(300_000), email: `${'z'.repeat(300_000)}@x.io` })],
  ['many keys', JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])))],
  ['wrong types', JSON.stringify({ id: 12, org_id: [], title: {}, total_cents: 'lots', _deleted: 'yes', quantity: -1e308, valid_until: 'someday' })],
  ['bad uuid and dates', JSON.stringify({ id: 'not-a-uuid', org_id: '00000000-0000-0000-0000-00000000000g', valid_until: '2024-13-45', _modified: 'x' })],
  ['sync push, wrong shapes', JSON.stringify({ p_device_id: 'nope', p_changes: [{ seq: 'a', table: 42, doc: [] }, null, 'x'] })],
  ['sync push, deep doc', JSON.stringify({ p_device_id: '00000000-0000-4000-8000-000000000000', p_changes: [{ seq: 1, table: 'estimates', doc: JSON.parse(deepArray(60)) }] })],
  ['sync pull, wrong types', JSON.stringify({ p_table: ['estimates'], p_after_txid: { x: 1 }, p_after_id: 7, p_limit: -5 })],
  ['auth fields of wrong types', JSON.stringify({ email: ['a@b.c'], password: 12345678, data: 'x', phone: {}, gotrue_meta_security: 7, refresh_token: [] })],
  ['auth metadata 5,000 deep', `{"email":"deep@example.com","password":"Str0ng!Passw0rd","data":${deepObject(5000)}}`],
  ['oversized', 'x'.repeat(1_100_000)],
];

const HOSTILE_HEADERS: [string, Record<string, string>][] = [
  ['garbage bearer', { authorization: 'Bearer not.a.jwt' }],
  ['basic auth', { authorization: 'Basic YTpi' }],
  ['long bearer', { authorization: `Bearer ${'a'.repeat(20_000)}.${'b'.repeat(20_000)}.c` }],
  ['alg none', { authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.` }],
  ['garbage apikey', { apikey: '\u00ff\u00fe' }],
  ['prefer garbage', { prefer: 'return=everything, count=maybe, resolution=;;;, missing=x, tx=rollback' }],
  ['accept garbage', { accept: 'application/vnd.pgrst.object+json;nulls=stripped, */*;q=x' }],
  ['wrong profile', { 'content-profile': 'auth', 'accept-profile': 'pg_catalog' }],
  ['range garbage', { range: 'rows=-5--1', 'range-unit': 'items' }],
  ['content type form', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['content type latin1', { 'content-type': 'application/json; charset=latin1' }],
  ['content encoding gzip (not gzip)', { 'content-encoding': 'gzip' }],
  ['forwarded garbage', { 'x-forwarded-for': '999.1.1.1, ::g, <script>', forwarded: 'for="[::1' }],
  ['api version garbage', { 'x-supabase-api-version': '9999-99-99' }],
];

const QUERY_STRINGS = [
  `select=${'a('.repeat(3000)}${')'.repeat(3000)}`,
  `or=${'(and('.repeat(3000)}id.eq.1${'))'.repeat(3000)}`,
  'select=*&id=eq.%ZZ',
  'select=*&limit=99999999999999999999&offset=-1',
  'select=*&order=id.sideways.nullssometimes',
  'select=*&id=in.(1,2',
  'select=*&created_at=gt.not-a-date',
  'select=*&id=eq.not-a-uuid',
  'select=*&title=fts(xx).a:*b',
  `select=*&${Array.from({ length: 2000 }, (_, i) => `c${i}=eq.${i}`).join('&')}`,
  'select=count()&group=by',
  'select=*,nothing_here(*)',
  'select=...spread(*)',
  'select=*&title=like.' + '%'.repeat(5000),
  'select=*&p_token=' + encodeURIComponent('\u0000'),
];

const TABLES = ['estimates', 'estimate_items', 'products', 'accounts', 'prospects', 'profiles', 'organizations', 'comments', 'portals', 'no_such_table'];

function send(server: TestServer, shot: Shot): Promise<number> {
  const url = new URL(shot.path, server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: shot.method, headers: shot.headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close the connection on a body over the limit after answering 413.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve(413);
      else reject(error);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${shot.label}`)));
    if (shot.body !== undefined) req.write(shot.body);
    req.end();
  });
}

/**
 * The server still answers /health with a working database. (A migration file added to the
 * checkout while the test runs makes /health report it as pending; that is not a failure.)
 */
async function answersHealth(server: TestServer): Promise<boolean> {
  const res = await fetch(`${server.url}/health`);
  const body = (await res.json()) as { status: string; error?: string; migrations?: { pending: string[] } };
  return res.status === 200 || (body.error === undefined && (body.migrations?.pending.length ?? 0) > 0);
}

function realtimeShots(): (string | Buffer)[] {
  return [
    'not json',
    deepArray(200_000),
    JSON.stringify([null, '1', 'realtime:x', 'phx_join', JSON.parse(deepArray(60))]),
    JSON.stringify(['1', '1', 'realtime:x', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'no_such' }] }, access_token: 'garbage' }]),
    JSON.stringify(['1', '2', 'realtime:y', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'estimates', filter: `id=in.(${'x,'.repeat(5000)})` }] } }]),
    JSON.stringify(['1', '3', 'realtime:x', 'broadcast', { type: 'broadcast', event: 'e', payload: { deep: JSON.parse(deepObject(60)) } }]),
    JSON.stringify(['1', '4', 'realtime:x', 'broadcast', { type: 'broadcast', event: 'e', payload: deepArray(10) }]).replace('"[[', '[['),
    JSON.stringify([1, 2, 3]),
    JSON.stringify({ topic: 'x' }),
    Buffer.from([3, 200, 200, 200, 200, 200, 1, 0]),
    Buffer.from([3, 1, 1, 1, 1, 0, 1, 0x31, 0x31, 0x78, 0x65]),
    Buffer.concat([Buffer.from([3, 0, 0, 1, 1, 0, 1, 0x78, 0x65]), Buffer.from(deepArray(100_000))]),
  ];
}

describe.each(backends)('fuzzing every endpoint family on %s', (backend) => {
  let server: TestServer;
  let userToken: string;
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'cep-fuzz-'));
  beforeAll(async () => {
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    server = await startTestServer(backend, { STATIC_DIR: staticDir });
    const client = createTestClient(server);
    const { data, error } = await client.auth.signUp({ email: `fuzz-${Date.now()}@example.com`, password: 'Fuzz-Passw0rd!' });
    expect(error).toBeNull();
    userToken = data.session!.access_token;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  async function rpcNames(): Promise<string[]> {
    const { rows } = await server.ctx.db.query<{ name: string }>(
      `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
         and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
       order by 1`,
    );
    return [...rows.map((r) => r.name), 'no_such_function'];
  }

  function shots(rpcs: string[]): Shot[] {
    const callers: [string, Record<string, string>][] = [
      ['anon', { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}` }],
      ['user', { apikey: server.anonKey, authorization: `Bearer ${userToken}` }],
    ];
    const authPaths = [
      ['POST', '/auth/v1/signup'],
      ['POST', '/auth/v1/token?grant_type=password'],
      ['POST', '/auth/v1/token?grant_type=refresh_token'],
      ['POST', '/auth/v1/token?grant_type=pkce'],
      ['POST', '/auth/v1/recover'],
      ['POST', '/auth/v1/otp'],
      ['POST', '/auth/v1/verify'],
      ['PUT', '/auth/v1/user'],
      ['POST', '/auth/v1/factors'],
      ['POST', '/auth/v1/logout?scope=others'],
      ['POST', '/auth/v1/admin/users'],
    ];
    const jsonEndpoints: [string, string][] = [
      ...TABLES.flatMap((t): [string, string][] => [
        ['POST', `/rest/v1/${t}`],
        ['PATCH', `/rest/v1/${t}?id=eq.00000000-0000-0000-0000-000000000000`],
      ]),
      ...rpcs.map((fn): [string, string] => ['POST', `/rest/v1/rpc/${fn}`]),
      ...(authPaths as [string, string][]),
    ];
    const all: Shot[] = fc.sample(
      fc.record({
        endpoint: fc.constantFrom(...jsonEndpoints),
        body: fc.constantFrom(...HOSTILE_BODIES),
        caller: fc.constantFrom(...callers),
        extra: fc.option(fc.constantFrom(...HOSTILE_HEADERS), { freq: 3 }),
      }),
      { numRuns: 300, seed: SEED },
    ).map(({ endpoint: [method, path], body: [bodyLabel, body], caller: [who, headers], extra }): Shot => ({
      method,
      path,
      body,
      headers: { 'content-type': 'application/json', ...headers, ...(extra?.[1] ?? {}) },
      label: `${who} ${method} ${path} with ${bodyLabel}${extra ? ` and ${extra[0]}` : ''}`,
    }));
    // Every body once against the three that failed before: a table write, sync and a token page.
    for (const [method, path] of [['POST', '/rest/v1/estimates'], ['POST', '/rest/v1/rpc/sync_push'], ['POST', '/rest/v1/rpc/estimate_by_link_token'], ['POST', '/auth/v1/signup']]) {
      for (const [bodyLabel, body] of HOSTILE_BODIES) {
        for (const [who, headers] of callers) {
          all.push({ method: method!, path: path!, body, headers: { 'content-type': 'application/json', ...headers }, label: `${who} ${method} ${path} with ${bodyLabel}` });
        }
      }
    }
    for (const query of QUERY_STRINGS) {
      for (const target of ['estimates', 'rpc/sync_pull', 'rpc/estimate_by_link_token']) {
        for (const [who, headers] of callers) {
          all.push({ method: 'GET', path: `/rest/v1/${target}?${query}`, headers, label: `${who} GET ${target} ?${query.slice(0, 60)}` });
        }
      }
    }
    for (const [label, headers] of HOSTILE_HEADERS) {
      for (const path of ['/rest/v1/estimates?select=*', '/auth/v1/user', '/rest/v1/rpc/sync_pull?p_table=estimates', '/', '/_mail/api', '/config.json']) {
        all.push({ method: 'GET', path, headers: { apikey: server.anonKey, ...headers }, label: `GET ${path} with ${label}` });
      }
    }
    for (const path of ['/%', '/%E0%A4%A', '/..%2f..%2fetc%2fpasswd', '/rest/v1/%ZZ', '/auth/v1/%00', `/${'a'.repeat(10_000)}`]) {
      all.push({ method: 'GET', path, headers: { apikey: server.anonKey, accept: 'text/html' }, label: `GET ${path.slice(0, 40)}` });
    }
    return all;
  }

  it('answers every hostile request below 500 and keeps answering /health', async () => {
    const failures: string[] = [];
    const list = shots(await rpcNames());
    expect(list.length).toBeGreaterThan(300);
    let sent = 0;
    for (const shot of list) {
      const status = await send(server, shot);
      if (status >= 500 || status === 0) failures.push(`${status} ← ${shot.label}`);
      if (++sent % 100 === 0) expect(await answersHealth(server)).toBe(true);
    }
    expect(failures).toEqual([]);
    expect(await answersHealth(server)).toBe(true);
  });

  it('answers hostile realtime messages with an error reply, never by dropping the server', async () => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const replies: unknown[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(String(data))));
    for (const frame of realtimeShots()) socket.send(frame);
    socket.send(JSON.stringify([null, 'last', 'phoenix', 'heartbeat', {}]));
    await expect.poll(() => replies.some((r) => Array.isArray(r) && r[1] === 'last'), { timeout: 20_000 }).toBe(true);
    const internal = replies.filter((r) => JSON.stringify(r).includes('internal error'));
    expect(internal).toEqual([]);
    socket.close();
    expect(await answersHealth(server)).toBe(true);
  });
});
