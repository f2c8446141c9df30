// Organization A can neither read nor write organization B's rows, through tables or RPCs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asUser, createTeam, insertEstimate, insertItem, sqlState, type Team } from './helpers';

const backends = await backendsToTest();

const TABLES = [
  'organizations', 'profiles', 'accounts', 'prospects', 'products', 'estimates', 'estimate_items', 'milestones',
  'estimate_versions', 'comments', 'portals', 'estimate_requests',
];

describe.each(backends)('tenancy on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let a: Team;
  let b: Team;
  const bIds = { account: randomUUID(), prospect: randomUUID(), product: randomUUID(), estimate: randomUUID(), portal: randomUUID(), invite: '' };

  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    a = await createTeam(db, 'alpha');
    b = await createTeam(db, 'bravo');
    await db.transaction(async (tx) => {
      await tx.query(`insert into public.accounts (id, org_id, name) values ($1, $2, 'Bravo customer')`, [bIds.account, b.orgId]);
      await tx.query(`insert into public.prospects (id, org_id, first_name) values ($1, $2, 'Bea')`, [bIds.prospect, b.orgId]);
      await tx.query(`insert into public.products (id, org_id, name, unit_price_cents) values ($1, $2, 'Bravo widget', 500)`, [bIds.product, b.orgId]);
      await insertEstimate(tx, b.orgId, { id: bIds.estimate, status: 'sent' });
      await insertItem(tx, b.orgId, bIds.estimate, { unit_cost_cents: 100 });
      await tx.query(`insert into public.milestones (org_id, estimate_id, title) values ($1, $2, 'B step')`, [b.orgId, bIds.estimate]);
      await tx.query(`insert into public.comments (org_id, estimate_id, body) values ($1, $2, 'B note')`, [b.orgId, bIds.estimate]);
      await tx.query(`insert into public.portals (id, org_id, kind, prospect_id, name) values ($1, $2, 'prospect', $3, 'B portal')`, [bIds.portal, b.orgId, bIds.prospect]);
      await tx.query(`insert into public.estimate_requests (org_id, name) values ($1, 'B request')`, [b.orgId]);
    });
    const invite = await asUser(db, b.owner, (tx) => tx.query<{ r: { invite_id: string } }>(`select public.create_invite('newbie@test.example', 'sales') as r`));
    bIds.invite = invite.rows[0]!.r.invite_id;
  });
  afterAll(() => server?.close());

  it('shows organization A nothing of organization B', async () => {
    for (const user of [a.owner, a.admin, a.sales, a.viewer]) {
      for (const table of TABLES) {
        const { rows } = await asUser(db, user, (tx) => tx.query(`select count(*)::int as n from public.${table} where org_id = $1`, [b.orgId]));
        expect((rows[0] as { n: number }).n, table).toBe(0);
      }
    }
    // B sees its own rows, so the zeros above are not an empty database.
    const own = await asUser(db, b.viewer, (tx) => tx.query(`select count(*)::int as n from public.estimate_versions`));
    expect((own.rows[0] as { n: number }).n).toBe(1);
  });

  it('refuses inserts into organization B', async () => {
    const attempts: [string, unknown[]][] = [
      [`insert into public.accounts (org_id, name) values ($1, 'x')`, [b.orgId]],
      [`insert into public.prospects (org_id, first_name) values ($1, 'x')`, [b.orgId]],
      [`insert into public.products (org_id, name) values ($1, 'x')`, [b.orgId]],
      [`insert into public.estimates (org_id, number) values ($1, 'DRAFT-x')`, [b.orgId]],
      [`insert into public.estimate_items (org_id, estimate_id, name) values ($1, $2, 'x')`, [b.orgId, bIds.estimate]],
      [`insert into public.milestones (org_id, estimate_id, title) values ($1, $2, 'x')`, [b.orgId, bIds.estimate]],
      [`insert into public.comments (org_id, estimate_id, body) values ($1, $2, 'x')`, [b.orgId, bIds.estimate]],
      [`insert into public.portals (org_id, kind, account_id, name) values ($1, 'customer', $2, 'x')`, [b.orgId, bIds.account]],
      [`insert into public.estimate_requests (org_id, name) values ($1, 'x')`, [b.orgId]],
    ];
    for (const [sql, params] of attempts) expect(await sqlState(asUser(db, a.owner, (tx) => tx.query(sql, params))), sql).toBe('42501');
  });

  it('refuses rows of A that point into B', async () => {
    const estimate = await asUser(db, a.sales, (tx) => insertEstimate(tx, a.orgId));
    const attempts: [string, unknown[]][] = [
      [`insert into public.estimate_items (org_id, estimate_id, name) values ($1, $2, 'x')`, [a.orgId, bIds.estimate]],
      [`insert into public.estimate_items (org_id, estimate_id, product_id, name) values ($1, $2, $3, 'x')`, [a.orgId, estimate.id, bIds.product]],
      [`insert into public.estimates (org_id, number, account_id) values ($1, 'DRAFT-y', $2)`, [a.orgId, bIds.account]],
      [`insert into public.comments (org_id, estimate_id, body) values ($1, $2, 'x')`, [a.orgId, bIds.estimate]],
    ];
    for (const [sql, params] of attempts) expect(await sqlState(asUser(db, a.owner, (tx) => tx.query(sql, params))), sql).toBe('23503');
    expect(await sqlState(asUser(db, a.owner, (tx) => tx.query(`update public.estimates set org_id = $1 where id = $2`, [b.orgId, estimate.id])))).not.toBe('succeeded');
  });

  it('changes none of B\'s rows', async () => {
    const attempts: [string, unknown[]][] = [
      [`update public.organizations set name = 'pwned' where id = $1`, [b.orgId]],
      [`update public.profiles set role = 'viewer' where org_id = $1`, [b.orgId]],
      [`update public.accounts set name = 'pwned' where org_id = $1`, [b.orgId]],
      [`update public.estimates set title = 'pwned', _deleted = true where org_id = $1`, [b.orgId]],
      [`update public.estimate_items set unit_price_cents = 1 where org_id = $1`, [b.orgId]],
      [`update public.portals set name = 'pwned' where org_id = $1`, [b.orgId]],
      [`update public.comments set body = 'pwned' where org_id = $1`, [b.orgId]],
    ];
    for (const [sql, params] of attempts) {
      const result = await asUser(db, a.owner, (tx) => tx.query(sql, params));
      expect(result.affectedRows, sql).toBe(0);
    }
    const still = await db.query(`select title, _deleted from public.estimates where id = $1`, [bIds.estimate]);
    expect(still.rows).toEqual([{ title: 'Test estimate', _deleted: false }]);
  });

  it('lets no RPC reach into B', async () => {
    const bOwnerProfile = await db.query<{ id: string }>(`select id from public.profiles where user_id = $1`, [b.owner]);
    const calls: [string, unknown[]][] = [
      [`select public.create_invite('spy@test.example', 'admin', $1)`, [b.orgId]],
      [`select public.revoke_invite($1)`, [bIds.invite]],
      [`select public.issue_portal_token($1)`, [bIds.portal]],
      [`select public.revoke_portal_token($1)`, [bIds.portal]],
      [`select public.transfer_ownership($1)`, [bOwnerProfile.rows[0]!.id]],
    ];
    for (const [sql, params] of calls) expect(await sqlState(asUser(db, a.owner, (tx) => tx.query(sql, params))), sql).toBe('42501');
    const listed = await asUser(db, a.owner, (tx) => tx.query(`select * from public.list_invites($1)`, [b.orgId]));
    expect(listed.rows).toEqual([]);
    const invite = await db.query(`select revoked_at from public.invites where id = $1`, [bIds.invite]);
    expect(invite.rows).toEqual([{ revoked_at: null }]);
  });

  it('does not leak another organization\'s totals through compute_totals', async () => {
    const { rows } = await asUser(db, a.owner, (tx) => tx.query(`select * from private.compute_totals($1, 0, 0)`, [bIds.estimate]));
    expect(rows[0]).toMatchObject({ subtotal_cents: 0, cost_cents: 0 });
  });
});
