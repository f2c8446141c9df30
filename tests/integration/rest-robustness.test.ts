// Bad input never gets a 500 and always a PostgREST-shaped error; random queries from the
// valid grammar return exactly the rows of the same query written in SQL.
import fc from 'fast-check';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateCatalog } from '../../supabase/local/rest';
import { backendsToTest, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();

const TEXTS = ['alpha', 'Beta', 'gam,ma', 'de(l)ta', 'say "hi"', 'back\\slash', 'sp ace', '', 'x.y', 'a)b'];

const FIXTURE = String.raw`
create table rt_items (id int primary key, a int, b text, c boolean, d timestamptz);
insert into rt_items select i,
  case when i % 7 = 0 then null else (i * 5) % 11 end,
  case when i % 9 = 0 then null else (array['alpha','Beta','gam,ma','de(l)ta','say "hi"','back\slash','sp ace','','x.y','a)b'])[1 + i % 10] end,
  case when i % 3 = 0 then null else i % 2 = 0 end,
  case when i % 8 = 0 then null else timestamptz '2024-01-01T00:00:00Z' + (i % 13) * interval '1 day 1.000123 second' end
from generate_series(1, 40) i;
create table rt_sink (id serial primary key, label text, n int);
create function rt_add(a int, b int) returns int language sql immutable as $$ select a + b $$;
-- New functions are closed to the API roles until granted (issue 20, least privilege).
grant execute on function rt_add(int, int) to anon, authenticated;
`;

type Column = 'a' | 'b' | 'c' | 'd';
type Leaf = { kind: 'leaf'; column: Column; op: string; negated: boolean; value: string | string[] };
type Node = Leaf | { kind: 'tree'; op: 'and' | 'or'; negated: boolean; children: Node[] };
type Order = { column: Column; desc: boolean; nulls?: 'first' | 'last' };
type Query = { filters: Node[]; order: Order[]; limit?: number; offset?: number };

const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function leafArbitrary(timestamps: string[]): fc.Arbitrary<Leaf> {
  const ints = fc.integer({ min: -1, max: 11 }).map(String);
  const texts = fc.constantFrom(...TEXTS);
  const times = fc.constantFrom(...timestamps, '2024-01-05T00:00:00Z', '2023-12-31T23:59:59.999999+00:00');
  const patterns = fc.constantFrom('*a*', 'B*', '*ta', '*', '_e*', '*,*', 'x.*');
  const negated = fc.boolean();
  const leaf = (column: Column | fc.Arbitrary<Column>, op: fc.Arbitrary<string>, value: fc.Arbitrary<string | string[]>) =>
    fc.record({ kind: fc.constant('leaf' as const), column: typeof column === 'string' ? fc.constant(column) : column, op, negated, value });
  return fc.oneof(
    leaf('a', fc.constantFrom('eq', 'neq', 'gt', 'gte', 'lt', 'lte'), ints),
    leaf('a', fc.constant('in'), fc.array(ints, { maxLength: 4 })),
    leaf('b', fc.constantFrom('eq', 'neq', 'gt', 'lt'), texts),
    leaf('b', fc.constantFrom('like', 'ilike'), patterns),
    leaf('b', fc.constant('in'), fc.array(texts, { maxLength: 4 })),
    leaf('c', fc.constant('eq'), fc.constantFrom('true', 'false')),
    leaf('d', fc.constantFrom('eq', 'gt', 'lte'), times),
    leaf(fc.constantFrom<Column>('a', 'b', 'c', 'd'), fc.constant('is'), fc.constantFrom('null', 'not_null')),
    leaf('c', fc.constant('is'), fc.constantFrom('true', 'false', 'unknown')),
  );
}

function queryArbitrary(timestamps: string[]): fc.Arbitrary<Query> {
  const leaf = leafArbitrary(timestamps);
  const { node } = fc.letrec<{ node: Node }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.record({
        kind: fc.constant('tree' as const),
        op: fc.constantFrom('and' as const, 'or' as const),
        negated: fc.boolean(),
        children: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
      }),
    ),
  }));
  const order = fc.record({ column: fc.constantFrom<Column>('a', 'b', 'c', 'd'), desc: fc.boolean(), nulls: fc.constantFrom(undefined, 'first' as const, 'last' as const) });
  return fc.record({
    filters: fc.array(node, { maxLength: 3 }),
    order: fc.uniqueArray(order, { maxLength: 3, selector: (o) => o.column }),
    limit: fc.option(fc.integer({ min: 0, max: 15 }), { nil: undefined }),
    offset: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
  });
}

/** The PostgREST text of a leaf: `op.value` (top level) or `col.op.value` (inside a tree). */
function leafText(leaf: Leaf, inTree: boolean): string {
  const not = leaf.negated ? 'not.' : '';
  const value = Array.isArray(leaf.value)
    ? `(${leaf.value.map(quote).join(',')})`
    : inTree && leaf.op !== 'is' && (leaf.column === 'b' || leaf.column === 'd')
      ? quote(leaf.value)
      : leaf.value;
  return `${inTree ? `${leaf.column}.` : ''}${not}${leaf.op}.${value}`;
}

function treeText(node: Node): string {
  if (node.kind === 'leaf') return leafText(node, true);
  return `${node.negated ? 'not.' : ''}${node.op}(${node.children.map(treeText).join(',')})`;
}

function toSearchParams(q: Query): URLSearchParams {
  const params = new URLSearchParams({ select: '*' });
  for (const f of q.filters) {
    if (f.kind === 'leaf') params.append(f.column, leafText(f, false));
    else params.append(`${f.negated ? 'not.' : ''}${f.op}`, `(${f.children.map(treeText).join(',')})`);
  }
  const order = [...q.order.map((o) => `${o.column}.${o.desc ? 'desc' : 'asc'}${o.nulls ? `.nulls${o.nulls}` : ''}`), 'id.asc'];
  params.set('order', order.join(','));
  if (q.limit !== undefined) params.set('limit', String(q.limit));
  if (q.offset !== undefined) params.set('offset', String(q.offset));
  return params;
}

const SQL_OPS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike' };
const IS_SQL: Record<string, string> = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' };

function toSql(q: Query): { where: string; tail: string; params: unknown[] } {
  const params: unknown[] = [];
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const node = (n: Node): string => {
    if (n.kind === 'tree') {
      const inner = `(${n.children.map(node).join(` ${n.op} `)})`;
      return n.negated ? `not ${inner}` : inner;
    }
    let sql: string;
    if (n.op === 'is') sql = `${n.column} ${IS_SQL[n.value as string]}`;
    else if (n.op === 'in') sql = (n.value as string[]).length ? `${n.column} in (${(n.value as string[]).map(bind).join(', ')})` : 'false';
    else {
      const value = n.op === 'like' || n.op === 'ilike' ? (n.value as string).replace(/\*/g, '%') : n.value;
      sql = `${n.column} ${SQL_OPS[n.op]} ${bind(value)}`;
    }
    return n.negated ? `not (${sql})` : sql;
  };
  const where = q.filters.length ? ` where ${q.filters.map(node).join(' and ')}` : '';
  const order = [...q.order.map((o) => `${o.column} ${o.desc ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`), 'id asc'];
  const tail = ` order by ${order.join(', ')}${q.limit !== undefined ? ` limit ${q.limit}` : ''}${q.offset !== undefined ? ` offset ${q.offset}` : ''}`;
  return { where, tail, params };
}

/** Arbitrary bytes as a raw query string: printable ASCII kept, the rest percent-encoded, raw % left in. */
function bytesToQuery(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => (b > 0x20 && b < 0x7f && b !== 0x23 ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`)).join('');
}

const TOKENS = [
  'select=', 'order=', 'limit=', 'offset=', 'or=', 'and=', 'not.', 'a=', 'b=', 'id=', 'rt_sink(', 'x:', '...', '!inner',
  'eq.', 'in.', 'is.', 'like.', 'fts(', 'null', '(', ')', ',', '"', '\\', '*', '.', '&', '=', '%', '%zz', '%00', '%C3%A9',
  '1', '-', 'asc', 'nullsfirst', '{', '}', 'a.eq.1', '::text', 'b->x', ' ', '+', '99999999999999999999',
];

describe.each(backends)('REST robustness on %s', (backend) => {
  let server: TestServer;
  let timestamps: string[];

  const rest = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/rest/v1/${path}`, { ...init, headers: { apikey: server.anonKey, ...(init.headers as Record<string, string>) } });

  async function expectError(res: Response, status: number, code?: string) {
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(status);
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof body.message).toBe('string');
    if (code) expect(body.code).toBe(code);
    return body;
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    await server.ctx.db.exec(FIXTURE);
    invalidateCatalog(server.ctx.db);
    const { rows } = await server.ctx.db.query<{ d: string }>(`select coalesce(json_agg(distinct d), '[]')::text as d from rt_items where d is not null`);
    timestamps = JSON.parse(rows[0]!.d) as string[];
  });
  afterAll(() => server?.close());

  describe('bad input', () => {
    it.each([
      ['malformed select', 'rt_items?select=id,,a'],
      ['unclosed embed', 'rt_items?select=id,rt_sink(id'],
      ['unknown operator', 'rt_items?a=zz.1'],
      ['filter without operator', 'rt_items?a=1'],
      ['bad is value', 'rt_items?a=is.maybe'],
      ['unclosed in list', 'rt_items?a=in.(1,2'],
      ['malformed or tree', 'rt_items?or=(a.eq.1,b.eq.2'],
      ['or without parens', 'rt_items?or=a.eq.1'],
      ['bad order modifier', 'rt_items?order=a.sideways'],
      ['negative limit', 'rt_items?limit=-1'],
      ['non-numeric offset', 'rt_items?offset=abc'],
      ['bad percent-encoding', 'rt_items?select=%zz'],
      ['unsupported cast', 'rt_items?select=a::regclass'],
      ['JSON path', 'rt_items?select=b->x'],
    ])('%s → 400 PGRST100', async (_name, path) => {
      await expectError(await rest(path), 400, 'PGRST100');
    });

    it('reports unknown columns as 400 42703 on reads and PGRST204 on writes', async () => {
      await expectError(await rest('rt_items?select=nope'), 400, '42703');
      await expectError(await rest('rt_items?nope=eq.1'), 400, '42703');
      await expectError(await rest('rt_items?order=nope'), 400, '42703');
      const res = await rest('rt_sink', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"nope":1}' });
      await expectError(res, 400, 'PGRST204');
    });

    it('rejects a value of the wrong type with 400 22P02', async () => {
      await expectError(await rest('rt_items?a=eq.abc'), 400, '22P02');
    });

    it('rejects filters on embeds that are not selected (PGRST108)', async () => {
      await expectError(await rest('rt_items?rt_sink.id=eq.1'), 400, 'PGRST108');
    });

    it('rejects bad JSON bodies with 400 PGRST102', async () => {
      const post = (body: string) => rest('rt_sink', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      await expectError(await post('{"label": '), 400, 'PGRST102');
      await expectError(await post(''), 400, 'PGRST102');
      await expectError(await post('[1, 2]'), 400, 'PGRST102');
      await expectError(await rest('rt_sink?id=eq.1', { method: 'PATCH', body: '[{}]' }), 400, 'PGRST102');
      await expectError(await rest('rpc/rt_add', { method: 'POST', body: '[1]' }), 400, 'PGRST102');
    });

    it('rejects malformed Prefer values with 400 PGRST122 and ignores unknown ones', async () => {
      await expectError(await rest('rt_items', { headers: { Prefer: 'count=sometimes' } }), 400, 'PGRST122');
      await expectError(await rest('rt_sink', { method: 'POST', headers: { Prefer: 'return=everything' }, body: '{}' }), 400, 'PGRST122');
      expect((await rest('rt_items?limit=1', { headers: { Prefer: 'tx=rollback, something-else, timezone=UTC' } })).status).toBe(200);
    });

    it('answers 404 PGRST205 for unknown tables and 404 PGRST202 for unknown functions', async () => {
      const body = await expectError(await rest('rt_itemz'), 404, 'PGRST205');
      expect(body.message).toBe("Could not find the table 'public.rt_itemz' in the schema cache");
      expect(body.hint).toBe("Perhaps you meant the table 'public.rt_items'");
      await expectError(await rest('rpc/nope', { method: 'POST', body: '{}' }), 404, 'PGRST202');
      await expectError(await rest('rpc/nope?x=1'), 404, 'PGRST202');
    });

    it('answers 406 for other schemas and unsupported media types', async () => {
      await expectError(await rest('rt_items', { headers: { 'Accept-Profile': 'auth' } }), 406, 'PGRST106');
      await expectError(await rest('rt_sink', { method: 'POST', headers: { 'Content-Profile': 'private' }, body: '{}' }), 406, 'PGRST106');
      await expectError(await rest('rt_items', { headers: { Accept: 'text/csv' } }), 406, 'PGRST107');
    });

    it('answers 405 for unsupported methods', async () => {
      await expectError(await rest('rt_items', { method: 'PUT', body: '{}' }), 405);
    });

    it('answers 401 for bad, expired or foreign JWTs and unknown roles', async () => {
      const bearer = (token: string) => fetch(`${server.url}/rest/v1/rt_items`, { headers: { apikey: server.anonKey, Authorization: `Bearer ${token}` } });
      await expectError(await bearer('not-a-jwt'), 401, 'PGRST301');
      const tampered = server.anonKey.slice(0, -4) + (server.anonKey.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      await expectError(await bearer(tampered), 401, 'PGRST301');
      const now = Math.floor(Date.now() / 1000);
      const expired = await server.ctx.keys.sign({ sub: 'x', role: 'authenticated', aud: 'authenticated', iat: now - 7200 }, 60);
      await expectError(await bearer(expired), 401, 'PGRST303');
      const superuser = await server.ctx.keys.sign({ role: 'postgres' }, 60);
      await expectError(await bearer(superuser), 401);
      const basic = await fetch(`${server.url}/rest/v1/rt_items`, { headers: { apikey: server.anonKey, Authorization: 'Basic abc' } });
      await expectError(basic, 401);
    });

    it('answers 413 for an oversized body', async () => {
      const big = JSON.stringify({ label: 'x'.repeat(server.config.MAX_BODY_BYTES + 10) });
      // Its own connection: the server may close it before reading the whole body.
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${server.url}/rest/v1/rt_sink`, { method: 'POST', agent: false, headers: { apikey: server.anonKey, 'Content-Type': 'application/json' } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        req.end(big);
      });
      expect(status).toBe(413);
      expect(JSON.parse(body)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    });

    it('keeps GET transactions read-only', async () => {
      await server.ctx.db.exec(`create or replace function rt_write() returns int language sql as $$ insert into rt_sink (label) values ('x') returning id $$;
        grant execute on function rt_write() to anon, authenticated`);
      await expectError(await rest('rpc/rt_write'), 405, '25006');
      expect((await rest('rpc/rt_write', { method: 'POST', body: '{}' })).status).toBe(200);
    });
  });

  describe('properties', () => {
    it('answers random query strings with well-formed JSON and a 2xx or 4xx status', async () => {
      const query = fc.oneof(
        fc.uint8Array({ maxLength: 120 }).map(bytesToQuery),
        fc.array(fc.constantFrom(...TOKENS), { maxLength: 24 }).map((t) => t.join('')),
      );
      const path = fc.constantFrom('rt_items', 'rpc/rt_add', 'rt_sink');
      await fc.assert(
        fc.asyncProperty(path, query, async (p, q) => {
          const res = await rest(`${p}?${q}`);
          const text = await res.text();
          expect(res.status, `${p}?${q} → ${text}`).toBeGreaterThanOrEqual(200);
          expect(res.status, `${p}?${q} → ${text}`).toBeLessThan(500);
          const body = JSON.parse(text) as unknown;
          if (res.status >= 400) expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        }),
        { numRuns: 200 },
      );
    });

    it('answers random JSON-ish bodies without a 500', async () => {
      const body = fc.oneof(fc.json(), fc.string(), fc.jsonValue().map((v) => JSON.stringify(v)));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('POST', 'PATCH'), body, async (method, text) => {
          const res = await rest(method === 'POST' ? 'rt_sink' : 'rt_sink?id=eq.-1', { method, headers: { 'Content-Type': 'application/json' }, body: text });
          expect(res.status, `${method} ${text} → ${res.status}`).toBeLessThan(500);
        }),
        { numRuns: 100 },
      );
    });

    it('returns the same rows as the same query in SQL for random valid queries', async () => {
      await fc.assert(
        fc.asyncProperty(queryArbitrary(timestamps), async (q) => {
          const params = toSearchParams(q);
          const res = await rest(`rt_items?${params}`, { headers: { Prefer: 'count=exact' } });
          const text = await res.text();
          expect([200, 206], `${params} → ${text}`).toContain(res.status);
          const { where, tail, params: values } = toSql(q);
          const { rows } = await server.ctx.db.query<{ j: string; n: number }>(
            `select (select coalesce(json_agg(x), '[]')::text from (select * from rt_items${where}${tail}) x) as j, (select count(*)::int from rt_items${where}) as n`,
            values,
          );
          expect(JSON.parse(text), decodeURIComponent(params.toString())).toEqual(JSON.parse(rows[0]!.j));
          expect(res.headers.get('content-range')?.split('/')[1]).toBe(String(rows[0]!.n));
        }),
        { numRuns: 200 },
      );
    });
  });
});
