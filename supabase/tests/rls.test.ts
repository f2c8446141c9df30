// Row level security everywhere, no way in for anon, policies named as sentences, and
// every replicated table in the realtime publication.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asAnon, asUser, createTeam, sqlState, type Team } from './helpers';

const backends = await backendsToTest();

const REPLICATED = [
  'organizations', 'profiles', 'accounts', 'prospects', 'products', 'estimates', 'estimate_items', 'milestones',
  'estimate_versions', 'comments', 'portals', 'estimate_requests',
];
const SERVER_ONLY = ['invites', 'customer_sessions', 'mail_outbox', 'access_logs', 'estimate_number_counters'];

describe.each(backends)('row level security on %s', (backend) => {
  let server: TestServer;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    team = await createTeam(server.ctx.db, 'rls');
  });
  afterAll(() => server?.close());

  it('is enabled on every table of the public schema', async () => {
    const { rows } = await server.ctx.db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual(expect.arrayContaining([...REPLICATED, ...SERVER_ONLY]));
    expect(rows.filter((r) => !r.relrowsecurity)).toEqual([]);
  });

  it('gives anon no policy and no privilege on any table', async () => {
    const policies = await server.ctx.db.query(
      `select tablename, policyname from pg_policies where schemaname = 'public' and ('anon' = any (roles) or 'public' = any (roles))`,
    );
    expect(policies.rows).toEqual([]);
    for (const table of [...REPLICATED, ...SERVER_ONLY]) {
      expect(await sqlState(asAnon(server.ctx.db, (tx) => tx.query(`select * from public.${table} limit 1`))), table).toBe('42501');
    }
  });

  it('keeps server-only tables out of reach of signed-in users', async () => {
    for (const table of SERVER_ONLY) {
      expect(await sqlState(asUser(server.ctx.db, team.owner, (tx) => tx.query(`select * from public.${table} limit 1`))), table).toBe('42501');
    }
  });

  it('lets nobody hard-delete replicated rows (soft delete only)', async () => {
    for (const table of REPLICATED) {
      expect(await sqlState(asUser(server.ctx.db, team.owner, (tx) => tx.query(`delete from public.${table}`))), table).toBe('42501');
    }
  });

  it('names every policy as a sentence', async () => {
    const { rows } = await server.ctx.db.query<{ policyname: string }>(`select policyname from pg_policies where schemaname = 'public'`);
    expect(rows.length).toBeGreaterThan(20);
    for (const { policyname } of rows) expect(policyname).toMatch(/^[A-Z][a-z]+( [a-z']+| of| in)+/);
  });

  it('refuses staff RPC functions to anon', async () => {
    const calls = [
      `select public.create_invite('x@test.example', 'sales')`,
      `select public.accept_invite('token')`,
      `select public.revoke_invite(gen_random_uuid())`,
      `select * from public.list_invites()`,
      `select public.transfer_ownership(gen_random_uuid())`,
      `select public.issue_portal_token(gen_random_uuid())`,
      `select public.expire_estimates()`,
    ];
    for (const sql of calls) expect(await sqlState(asAnon(server.ctx.db, (tx) => tx.query(sql))), sql).toBe('42501');
  });

  it('publishes every replicated table to realtime', async () => {
    const { rows } = await server.ctx.db.query<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'`,
    );
    expect(rows.map((r) => r.tablename).sort()).toEqual([...REPLICATED].sort());
  });

  it('gives every replicated table the sync columns and pull indexes', async () => {
    for (const table of REPLICATED) {
      const columns = await server.ctx.db.query<{ column_name: string; data_type: string; is_nullable: string }>(
        `select column_name, data_type, is_nullable from information_schema.columns
         where table_schema = 'public' and table_name = $1 and column_name in ('id', 'org_id', 'created_at', 'updated_at', '_modified', '_deleted', '_txid')
         order by column_name`,
        [table],
      );
      expect(columns.rows.map((c) => `${c.column_name}:${c.data_type}:${c.is_nullable}`), table).toEqual([
        '_deleted:boolean:NO', '_modified:timestamp with time zone:NO', '_txid:xid8:NO', 'created_at:timestamp with time zone:NO',
        'id:uuid:NO', 'org_id:uuid:NO', 'updated_at:timestamp with time zone:NO',
      ]);
      const indexes = await server.ctx.db.query<{ indexdef: string }>(`select indexdef from pg_indexes where schemaname = 'public' and tablename = $1`, [table]);
      const defs = indexes.rows.map((r) => r.indexdef).join('\n');
      expect(defs, table).toContain('(org_id, _txid, id)');
      expect(defs, table).toContain('(_modified, id)');
    }
  });
});
