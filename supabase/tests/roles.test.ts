// What each staff role may do, table by table and RPC by RPC (DOMAIN.md "Tenancy and
// roles"): owner everything, admin team/portals/products/settings and sales work, sales
// estimates/prospects/accounts/requests/comments/timelines with products read-only,
// viewer read-only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asUser, createTeam, insertEstimate, insertItem, sqlState, type Role, type Team } from './helpers';

const backends = await backendsToTest();
const ROLES: Role[] = ['owner', 'admin', 'sales', 'viewer'];

type Fixture = { accountId: string; prospectId: string; productId: string; estimateId: string; portalId: string };

async function seedOrg(db: Db, orgId: string): Promise<Fixture> {
  const f = { accountId: randomUUID(), prospectId: randomUUID(), productId: randomUUID(), estimateId: randomUUID(), portalId: randomUUID() };
  await db.transaction(async (tx) => {
    await tx.query(`insert into public.accounts (id, org_id, name) values ($1, $2, 'Acme')`, [f.accountId, orgId]);
    await tx.query(`insert into public.prospects (id, org_id, first_name, account_id) values ($1, $2, 'Pat', $3)`, [f.prospectId, orgId, f.accountId]);
    await tx.query(`insert into public.products (id, org_id, name, unit_price_cents) values ($1, $2, 'Widget', 1000)`, [f.productId, orgId]);
    await insertEstimate(tx, orgId, { id: f.estimateId, account_id: f.accountId });
    await insertItem(tx, orgId, f.estimateId);
    await tx.query(`insert into public.milestones (org_id, estimate_id, title) values ($1, $2, 'Kick-off')`, [orgId, f.estimateId]);
    await tx.query(`insert into public.comments (org_id, estimate_id, body) values ($1, $2, 'Hello')`, [orgId, f.estimateId]);
    await tx.query(`insert into public.portals (id, org_id, kind, account_id, name) values ($1, $2, 'customer', $3, 'Acme portal')`, [
      f.portalId, orgId, f.accountId,
    ]);
    await tx.query(`insert into public.estimate_requests (org_id, name, email) values ($1, 'Lee', 'lee@test.example')`, [orgId]);
  });
  return f;
}

// One insert per table, with fresh ids so successful attempts do not collide.
function inserts(orgId: string, f: Fixture): Record<string, [string, unknown[]]> {
  return {
    accounts: [`insert into public.accounts (id, org_id, name) values ($1, $2, 'New account')`, [randomUUID(), orgId]],
    prospects: [`insert into public.prospects (id, org_id, first_name) values ($1, $2, 'New')`, [randomUUID(), orgId]],
    products: [`insert into public.products (id, org_id, name) values ($1, $2, 'New product')`, [randomUUID(), orgId]],
    estimates: [`insert into public.estimates (id, org_id, number) values ($1, $2, 'DRAFT-1')`, [randomUUID(), orgId]],
    estimate_items: [`insert into public.estimate_items (id, org_id, estimate_id, name) values ($1, $2, $3, 'Line')`, [randomUUID(), orgId, f.estimateId]],
    milestones: [`insert into public.milestones (id, org_id, estimate_id, title) values ($1, $2, $3, 'Step')`, [randomUUID(), orgId, f.estimateId]],
    comments: [`insert into public.comments (id, org_id, estimate_id, body) values ($1, $2, $3, 'Note')`, [randomUUID(), orgId, f.estimateId]],
    portals: [`insert into public.portals (id, org_id, kind, account_id, name) values ($1, $2, 'customer', $3, 'P')`, [randomUUID(), orgId, f.accountId]],
    estimate_requests: [`insert into public.estimate_requests (id, org_id, name) values ($1, $2, 'R')`, [randomUUID(), orgId]],
    organizations: [`insert into public.organizations (id, org_id, name) values ($1, $1, 'Mine')`, [randomUUID()]],
    profiles: [`insert into public.profiles (org_id, user_id, role) values ($1, auth.uid(), 'owner')`, [orgId]],
    estimate_versions: [
      `insert into public.estimate_versions (org_id, estimate_id, version_number, snapshot, snapshot_sha256) values ($1, $2, 99, '{}', 'x')`,
      [orgId, f.estimateId],
    ],
  };
}

function updates(orgId: string, f: Fixture): Record<string, [string, unknown[]]> {
  return {
    accounts: [`update public.accounts set notes = 'x' where id = $1`, [f.accountId]],
    prospects: [`update public.prospects set notes = 'x' where id = $1`, [f.prospectId]],
    products: [`update public.products set description = 'x' where id = $1`, [f.productId]],
    estimates: [`update public.estimates set notes = 'x' where id = $1`, [f.estimateId]],
    estimate_items: [`update public.estimate_items set description = 'x' where estimate_id = $1`, [f.estimateId]],
    milestones: [`update public.milestones set description = 'x' where estimate_id = $1`, [f.estimateId]],
    portals: [`update public.portals set welcome_message = 'x' where id = $1`, [f.portalId]],
    estimate_requests: [`update public.estimate_requests set status = 'in_review' where org_id = $1`, [orgId]],
    organizations: [`update public.organizations set phone = 'x' where id = $1`, [orgId]],
  };
}

const CAN_INSERT: Record<string, Role[]> = {
  accounts: ['owner', 'admin', 'sales'],
  prospects: ['owner', 'admin', 'sales'],
  products: ['owner', 'admin'],
  estimates: ['owner', 'admin', 'sales'],
  estimate_items: ['owner', 'admin', 'sales'],
  milestones: ['owner', 'admin', 'sales'],
  comments: ['owner', 'admin', 'sales'],
  portals: ['owner', 'admin'],
  estimate_requests: ['owner', 'admin', 'sales'],
  organizations: [],
  profiles: [],
  estimate_versions: [],
};

const CAN_UPDATE: Record<string, Role[]> = {
  accounts: ['owner', 'admin', 'sales'],
  prospects: ['owner', 'admin', 'sales'],
  products: ['owner', 'admin'],
  estimates: ['owner', 'admin', 'sales'],
  estimate_items: ['owner', 'admin', 'sales'],
  milestones: ['owner', 'admin', 'sales'],
  portals: ['owner', 'admin'],
  estimate_requests: ['owner', 'admin', 'sales'],
  organizations: ['owner', 'admin'],
};

describe.each(backends)('staff roles on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  let f: Fixture;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'roles');
    f = await seedOrg(db, team.orgId);
  });
  afterAll(() => server?.close());

  it.each(ROLES)('%s reads every replicated table of the organization', async (role) => {
    for (const table of ['organizations', 'profiles', 'accounts', 'prospects', 'products', 'estimates', 'estimate_items', 'milestones', 'comments', 'portals', 'estimate_requests']) {
      const { rows } = await asUser(db, team[role], (tx) => tx.query(`select count(*)::int as n from public.${table}`));
      expect((rows[0] as { n: number }).n, `${role} reads ${table}`).toBeGreaterThan(0);
    }
  });

  it.each(ROLES)('%s inserts exactly where DOMAIN.md allows', async (role) => {
    const outcome: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const [table, [sql, params]] of Object.entries(inserts(team.orgId, f))) {
      outcome[table] = await sqlState(asUser(db, team[role], (tx) => tx.query(sql, params)));
      expected[table] = CAN_INSERT[table]!.includes(role) ? 'succeeded' : '42501';
    }
    expect(outcome).toEqual(expected);
  });

  it.each(ROLES)('%s updates exactly where DOMAIN.md allows', async (role) => {
    const outcome: Record<string, boolean> = {};
    const expected: Record<string, boolean> = {};
    for (const [table, [sql, params]] of Object.entries(updates(team.orgId, f))) {
      const result = await asUser(db, team[role], (tx) => tx.query(sql, params));
      outcome[table] = result.affectedRows > 0;
      expected[table] = CAN_UPDATE[table]!.includes(role);
    }
    expect(outcome).toEqual(expected);
  });

  it('lets every member rename themselves but not change their own role', async () => {
    const rename = await asUser(db, team.viewer, (tx) => tx.query(`update public.profiles set first_name = 'Vera' where user_id = auth.uid()`));
    expect(rename.affectedRows).toBe(1);
    expect(await sqlState(asUser(db, team.viewer, (tx) => tx.query(`update public.profiles set role = 'admin' where user_id = auth.uid()`)))).toBe('42501');
    expect(await sqlState(asUser(db, team.sales, (tx) => tx.query(`update public.profiles set role = 'admin' where user_id = auth.uid()`)))).toBe('42501');
  });

  it('lets sales and viewers leave other team members alone', async () => {
    for (const role of ['sales', 'viewer'] as const) {
      const result = await asUser(db, team[role], (tx) => tx.query(`update public.profiles set last_name = 'X' where user_id = $1`, [team.admin]));
      expect(result.affectedRows, role).toBe(0);
    }
  });

  it('lets admins manage the team but never touch an owner', async () => {
    const member = await asUser(db, team.admin, (tx) =>
      tx.query(`update public.profiles set role = 'sales' where user_id = $1 returning role`, [team.viewer]),
    );
    expect(member.rows).toEqual([{ role: 'sales' }]);
    await asUser(db, team.admin, (tx) => tx.query(`update public.profiles set role = 'viewer' where user_id = $1`, [team.viewer]));
    expect(await sqlState(asUser(db, team.admin, (tx) => tx.query(`update public.profiles set status = 'disabled' where user_id = $1`, [team.owner])))).toBe('42501');
    expect(await sqlState(asUser(db, team.admin, (tx) => tx.query(`update public.profiles set role = 'owner' where user_id = $1`, [team.sales])))).toBe('42501');
  });

  it('moves ownership only through transfer_ownership, by an owner, and never leaves an organization without one', async () => {
    expect(await sqlState(asUser(db, team.owner, (tx) => tx.query(`update public.profiles set role = 'admin' where user_id = auth.uid()`)))).toBe('PT409');
    expect(await sqlState(asUser(db, team.owner, (tx) => tx.query(`update public.profiles set role = 'owner' where user_id = $1`, [team.admin])))).toBe('PT409');
    const adminProfile = await db.query<{ id: string }>(`select id from public.profiles where user_id = $1`, [team.admin]);
    expect(await sqlState(asUser(db, team.admin, (tx) => tx.query(`select public.transfer_ownership($1)`, [adminProfile.rows[0]!.id])))).toBe('42501');

    // The owner re-enters their password (supabase/tests/team.test.ts tests that rule).
    await db.query(`update auth.users set encrypted_password = extensions.crypt('Pass-word-1', extensions.gen_salt('bf', 4)) where id in ($1, $2)`, [team.owner, team.admin]);
    await asUser(db, team.owner, (tx) => tx.query(`select public.transfer_ownership($1, 'Pass-word-1')`, [adminProfile.rows[0]!.id]));
    const roles = await db.query<{ user_id: string; role: string }>(`select user_id, role from public.profiles where user_id in ($1, $2)`, [team.owner, team.admin]);
    expect(Object.fromEntries(roles.rows.map((r) => [r.user_id, r.role]))).toEqual({ [team.owner]: 'admin', [team.admin]: 'owner' });

    // and back, so the other tests keep their roles
    const ownerProfile = await db.query<{ id: string }>(`select id from public.profiles where user_id = $1`, [team.owner]);
    await asUser(db, team.admin, (tx) => tx.query(`select public.transfer_ownership($1, 'Pass-word-1')`, [ownerProfile.rows[0]!.id]));
    const back = await db.query<{ role: string }>(`select role from public.profiles where user_id = $1`, [team.owner]);
    expect(back.rows[0]!.role).toBe('owner');
  });

  it('locks a disabled member out of the organization', async () => {
    const extra = await createTeam(db, 'disabled');
    await asUser(db, extra.owner, (tx) => tx.query(`update public.profiles set status = 'disabled' where user_id = $1`, [extra.sales]));
    const seen = await asUser(db, extra.sales, (tx) => tx.query(`select id from public.estimates`));
    expect(seen.rows).toEqual([]);
    expect(await sqlState(asUser(db, extra.sales, (tx) => insertEstimate(tx, extra.orgId)))).toBe('42501');
    const own = await asUser(db, extra.sales, (tx) => tx.query(`select status from public.profiles where user_id = auth.uid()`));
    expect(own.rows).toEqual([{ status: 'disabled' }]);
  });

  it.each(ROLES)('%s may invite and issue portal links only as owner or admin', async (role) => {
    const allowed = role === 'owner' || role === 'admin';
    const invite = await sqlState(asUser(db, team[role], (tx) => tx.query(`select public.create_invite($1, 'sales')`, [`${role}-${randomUUID().slice(0, 6)}@test.example`])));
    const link = await sqlState(asUser(db, team[role], (tx) => tx.query(`select public.issue_portal_token($1)`, [f.portalId])));
    const listed = await asUser(db, team[role], (tx) => tx.query(`select * from public.list_invites()`));
    expect({ invite, link, sees: listed.rows.length > 0 }).toEqual({
      invite: allowed ? 'succeeded' : '42501',
      link: allowed ? 'succeeded' : '42501',
      sees: allowed,
    });
  });

  it('keeps sales and admins from editing comments of others, but lets admins moderate', async () => {
    const { rows } = await db.query<{ id: string }>(`select id from public.comments where estimate_id = $1 limit 1`, [f.estimateId]);
    const id = rows[0]!.id;
    const bySales = await asUser(db, team.sales, (tx) => tx.query(`update public.comments set body = 'edited' where id = $1`, [id]));
    expect(bySales.affectedRows).toBe(0);
    const byAdmin = await asUser(db, team.admin, (tx) => tx.query(`update public.comments set _deleted = true where id = $1`, [id]));
    expect(byAdmin.affectedRows).toBe(1);
    const own = await asUser(db, team.sales, (tx) =>
      tx.query(`insert into public.comments (org_id, estimate_id, body, author_kind, author_name) values ($1, $2, 'Mine', 'customer', 'Someone else') returning author_kind, author_user_id`, [team.orgId, f.estimateId]),
    );
    expect(own.rows).toEqual([{ author_kind: 'staff', author_user_id: team.sales }]);
  });
});
