// supabase/seed.sql loads on a fresh database with the promised demo data, through the
// schema's own triggers, and its printed logins work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../local/demo-logins';
import { seedIfEmpty } from '../local/seed';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../local/testing/harness';

const backends = await backendsToTest();

describe.each(backends)('seed data on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
    expect(await seedIfEmpty(server.ctx.db)).toBe(true);
  });
  afterAll(() => server?.close());

  it('loads one organization with the promised counts, and only once', async () => {
    const counts: Record<string, number> = {};
    for (const table of ['organizations', 'profiles', 'products', 'accounts', 'prospects', 'estimates']) {
      const { rows } = await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
      counts[table] = rows[0]!.n;
    }
    expect(counts).toEqual({ organizations: 1, profiles: 4, products: 40, accounts: 25, prospects: 60, estimates: 150 });
    const categories = await server.ctx.db.query(`select count(distinct category)::int as n from public.products`);
    expect(categories.rows[0]).toEqual({ n: 8 });
    expect(await seedIfEmpty(server.ctx.db)).toBe(false);
  });

  it('has estimates in every status, each with items and milestones, numbered and totalled by the server', async () => {
    const { rows } = await server.ctx.db.query<{ status: string; n: number; bare: number; untotalled: number }>(
      `select e.status, count(*)::int as n,
              count(*) filter (where not exists (select 1 from public.estimate_items i where i.estimate_id = e.id)
                                 or not exists (select 1 from public.milestones m where m.estimate_id = e.id))::int as bare,
              count(*) filter (where e.total_cents <= 0)::int as untotalled
       from public.estimates e group by e.status order by e.status`,
    );
    expect(rows.map((r) => r.status)).toEqual(['accepted', 'archived', 'changes_requested', 'declined', 'draft', 'expired', 'sent', 'viewed']);
    expect(rows.every((r) => r.n > 0 && r.bare === 0 && r.untotalled === 0)).toBe(true);
    const numbers = await server.ctx.db.query<{ first: string; last: string; distinct: number; drafts: number }>(
      `select min(number) as first, max(number) as last, count(distinct number)::int as distinct,
              count(*) filter (where provisional_number like 'DRAFT-%')::int as drafts from public.estimates`,
    );
    expect(numbers.rows[0]).toEqual({ first: 'EST-000001', last: 'EST-000150', distinct: 150, drafts: 150 });
    const ids = await server.ctx.db.query<{ id: string }>(
      `select id::text from public.estimates union all select id::text from public.estimate_items union all select id::text from public.prospects`,
    );
    for (const { id } of ids.rows) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const accepted = await server.ctx.db.query(`select count(*)::int as n from public.estimates where status = 'accepted' and accepted_version_id is null`);
    expect(accepted.rows[0]).toEqual({ n: 0 });
  });

  it('has one staff member per role with the demo logins', async () => {
    const { rows } = await server.ctx.db.query<{ role: string; email: string; password_ok: boolean }>(
      `select p.role, p.email, u.encrypted_password = extensions.crypt(l.password, u.encrypted_password) as password_ok
       from public.profiles p join auth.users u on u.id = p.user_id
       join jsonb_to_recordset($1::jsonb) as l (email text, password text) on l.email = u.email
       order by p.role`,
      [JSON.stringify(DEMO_LOGINS)],
    );
    expect(rows).toEqual(
      [...DEMO_LOGINS].sort((a, b) => a.role.localeCompare(b.role)).map((l) => ({ role: l.role, email: l.email, password_ok: true })),
    );
  });

  it('lets a demo user sign in through the auth API', async () => {
    const owner = DEMO_LOGINS.find((l) => l.role === 'owner')!;
    const { data, error } = await createTestClient(server).auth.signInWithPassword({ email: owner.email, password: owner.password });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Olivia', last_name: 'Bennett' });
  });
});
