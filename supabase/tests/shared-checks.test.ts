// The checks the migrations write once and many functions call: private.caller_memberships
// behind the membership helpers, private.require_role and private.add_org_policies (core),
// private.refuse_when_limited, private.take_hit, and rate_limited and count_hit for a client
// other than the address (rate_limits), private.open_invite (invites), private.start_link_decision and
// private.checked_request (customer_estimate) and private.updated_status_moment (crm). The RPCs
// that use them are tested in their own files; these tests pin the helpers' own contract.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asAnon, asUser, createTeam, sqlState, uniqueEmail, type Team } from './helpers';

const backends = await backendsToTest();

/** Runs fn in a transaction that is rolled back, so counters and rows stay as they were. */
async function rolledBack(db: Db, fn: (tx: Queryable) => Promise<void>): Promise<void> {
  const rollback = new Error('rollback');
  await db
    .transaction(async (tx) => {
      await fn(tx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
}

describe.each(backends)('shared checks on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'checks');
  });
  afterAll(() => server?.close());

  const requireRole = (tx: Queryable, org: string | null) =>
    tx.query(`select private.require_role($1, array['owner', 'admin'], 'Only owners and admins may')`, [org]);

  it('require_role lets a member with the role pass and refuses anyone else with 42501 and the message', async () => {
    await asUser(db, team.admin, (tx) => requireRole(tx, team.orgId));
    expect(await sqlState(asUser(db, team.sales, (tx) => requireRole(tx, team.orgId)))).toBe('42501');
    expect(await sqlState(asUser(db, team.owner, (tx) => requireRole(tx, null)))).toBe('42501');
    expect(await sqlState(asUser(db, team.owner, (tx) => requireRole(tx, randomUUID())))).toBe('42501');
    await expect(asUser(db, team.viewer, (tx) => requireRole(tx, team.orgId))).rejects.toThrow('Only owners and admins may');
  });

  it('add_org_policies made the read, create and update policies of every member-read table', async () => {
    const { rows } = await db.query<{ tablename: string; policyname: string }>(
      `select tablename, policyname from pg_policies where schemaname = 'public' and policyname ~ 'their organization$' order by 1, 2`,
    );
    const names = (table: string) => rows.filter((r) => r.tablename === table).map((r) => r.policyname);
    expect(names('estimate_items')).toEqual([
      'Members can view estimate items of their organization',
      'Sales can create estimate items in their organization',
      'Sales can update estimate items of their organization',
    ]);
    expect(names('products')).toEqual([
      'Admins can create products in their organization',
      'Admins can update products of their organization',
      'Members can view products of their organization',
    ]);
    expect(names('estimate_versions')).toEqual(['Members can view estimate versions of their organization']);
  });

  it('take_hit counts each call and refuses with 429 once the limit is used up; refuse_when_limited only looks', async () => {
    await rolledBack(db, async (tx) => {
      const bucket = `test-${randomUUID()}`;
      const take = () => tx.query(`select private.take_hit($1, 2, interval '10 minutes', 'Slow down')`, [bucket]);
      const look = () => tx.query(`select private.refuse_when_limited($1, 2, interval '10 minutes', 'Slow down')`, [bucket]);
      await take();
      await look();
      await look();
      await take();
      const refused = await look().then(
        () => null,
        (error: { code?: string; message?: string; detail?: string }) => error,
      );
      expect(refused?.code).toBe('PGRST');
      expect(JSON.parse(refused?.detail ?? '{}')).toMatchObject({ status: 429 });
      expect(JSON.parse(refused?.message ?? '{}')).toMatchObject({ code: 'too_many_requests', message: 'Slow down' });
    });
  });

  it('start_link_decision answers every bad token alike: done, with no answer, and counted as a failed lookup', async () => {
    const counted = async () =>
      (await db.query<{ hits: number }>(`select coalesce(sum(hits), 0)::integer as hits from private.rate_counters where bucket = 'token_lookup'`)).rows[0]!
        .hits;
    for (const token of [null, 'short', 'x'.repeat(43), '../../etc/passwd']) {
      const before = await counted();
      const call = (tx: Queryable) =>
        tx.query(`select done, answer, (link).id as link_id, (e).id as estimate_id from private.start_link_decision($1, $2, 'decline', $3, false)`, [
          token,
          randomUUID(),
          randomUUID(),
        ]);
      // The API roles may not call it (the RPCs call it as its owner).
      expect(await sqlState(asAnon(db, call))).toBe('42501');
      expect((await call(db)).rows[0]).toEqual({ done: true, answer: null, link_id: null, estimate_id: null });
      expect(await counted()).toBe(before + 1);
    }
  });

  /** As `userId` (or anon when null) without switching role: the helpers read auth.uid() from the claims. */
  const withClaims = (tx: Queryable, userId: string | null) =>
    tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify(userId ? { sub: userId, role: 'authenticated' } : { role: 'anon' }),
    ]);

  it('caller_memberships is the one rule of membership: active, not deleted profiles of the caller', async () => {
    const membership = async (tx: Queryable) =>
      (
        await tx.query<{ member: boolean; sales_up: boolean; admin_up: boolean; orgs: string[]; sales_orgs: string[]; rows: number }>(
          `select private.is_member($1) as member,
                  private.has_role($1, array['owner', 'admin', 'sales']) as sales_up,
                  private.has_role($1, array['owner', 'admin']) as admin_up,
                  private.member_org_ids() as orgs,
                  private.org_ids_with_role(array['owner', 'admin', 'sales']) as sales_orgs,
                  (select count(*)::integer from private.caller_memberships()) as rows`,
          [team.orgId],
        )
      ).rows[0]!;
    await rolledBack(db, async (tx) => {
      await withClaims(tx, team.sales);
      expect(await membership(tx)).toEqual({ member: true, sales_up: true, admin_up: false, orgs: [team.orgId], sales_orgs: [team.orgId], rows: 1 });
      await withClaims(tx, team.viewer);
      expect(await membership(tx)).toEqual({ member: true, sales_up: false, admin_up: false, orgs: [team.orgId], sales_orgs: [], rows: 1 });
      await withClaims(tx, null);
      expect(await membership(tx)).toEqual({ member: false, sales_up: false, admin_up: false, orgs: [], sales_orgs: [], rows: 0 });
      await tx.query(`update public.profiles set status = 'disabled' where user_id = $1`, [team.admin]);
      await tx.query(`update public.profiles set _deleted = true where user_id = $1`, [team.sales]);
      for (const gone of [team.admin, team.sales]) {
        await withClaims(tx, gone);
        expect(await membership(tx)).toEqual({ member: false, sales_up: false, admin_up: false, orgs: [], sales_orgs: [], rows: 0 });
      }
    });
    // The API roles reach memberships only through the helpers above.
    expect(await sqlState(asUser(db, team.owner, (tx) => tx.query(`select * from private.caller_memberships()`)))).toBe('42501');
    expect(await asUser(db, team.owner, (tx) => tx.query<{ ok: boolean }>(`select private.is_member($1) as ok`, [team.orgId]))).toMatchObject({
      rows: [{ ok: true }],
    });
  });

  it('rate_limited and count_hit count per the client given (a portal, a contact), apart from the address', async () => {
    await rolledBack(db, async (tx) => {
      const bucket = `test-${randomUUID()}`;
      const [one, two] = [randomUUID(), randomUUID()];
      const limited = async (client: string | null) =>
        (await tx.query<{ limited: boolean }>(`select private.rate_limited($1, 2, interval '15 minutes', $2) as limited`, [bucket, client])).rows[0]!
          .limited;
      const hit = (client: string | null) => tx.query(`select private.count_hit($1, interval '15 minutes', $2)`, [bucket, client]);
      await hit(one);
      expect(await limited(one)).toBe(false);
      await hit(one);
      expect(await limited(one)).toBe(true);
      expect(await limited(two)).toBe(false);
      // Without a client the caller's address counts, as before.
      expect(await limited(null)).toBe(false);
      await hit(null);
      await hit(null);
      expect(await limited(null)).toBe(true);
      const { rows } = await tx.query<{ client: string; hits: number }>(
        `select client, hits from private.rate_counters where bucket = $1 order by hits desc, client`,
        [bucket],
      );
      expect(rows.map((r) => r.hits)).toEqual([2, 2]);
      expect(rows.map((r) => r.client)).toContain(one);
    });
  });

  it('checked_request tidies a request and refuses a bad field with invalid_request and the field as the hint', async () => {
    const check = (tx: Queryable, fields: Partial<Record<'name' | 'email' | 'phone' | 'company' | 'description' | 'budget', string | null>> & { start?: string | null }) =>
      tx.query<{ name: string; email: string; phone: string; company: string; description: string; budget_range: string }>(
        `select * from private.checked_request($1, $2, $3, $4, $5, $6::date, $7)`,
        [
          fields.name ?? '  Pat   Customer ',
          fields.email ?? ' Pat@Example.COM ',
          fields.phone ?? ' 555 0100 ',
          fields.company ?? ' Acme   Co ',
          fields.description ?? '  A new deck  ',
          fields.start === undefined ? null : fields.start,
          fields.budget === undefined ? null : fields.budget,
        ],
      );
    expect((await check(db, {})).rows[0]).toEqual({
      name: 'Pat Customer',
      email: 'pat@example.com',
      phone: '555 0100',
      company: 'Acme Co',
      description: 'A new deck',
      budget_range: '',
    });
    const hint = async (fields: Parameters<typeof check>[1]) =>
      check(db, fields).then(
        () => 'accepted',
        (error: { code?: string; detail?: string; hint?: string }) => `${error.code} ${error.detail} ${error.hint}`,
      );
    expect(await hint({ name: '   ' })).toBe('22023 invalid_request name');
    expect(await hint({ email: 'not an address' })).toBe('22023 invalid_request email');
    expect(await hint({ phone: '5'.repeat(51) })).toBe('22023 invalid_request phone');
    expect(await hint({ company: 'c'.repeat(201) })).toBe('22023 invalid_request company');
    expect(await hint({ description: '' })).toBe('22023 invalid_request description');
    expect(await hint({ budget: 'a lot' })).toBe('22023 invalid_request budget_range');
    expect(await hint({ start: '2000-01-01' })).toBe('22023 invalid_request desired_start');
    expect(await hint({ budget: '5k_15k' })).toBe('accepted');
    // Several bad fields: the first in the form's order is named.
    expect(await hint({ name: '', email: 'x', description: '' })).toBe('22023 invalid_request name');
    expect(await sqlState(asAnon(db, (tx) => check(tx, {})))).toBe('42501');
  });

  it('open_invite answers the open invite of a token, and null for every bad token alike, counted as a failed lookup', async () => {
    const email = uniqueEmail('invitee');
    const token = (
      await asUser(db, team.owner, (tx) => tx.query<{ r: { token: string } }>(`select public.create_invite($1, 'sales') as r`, [email]))
    ).rows[0]!.r.token;
    const counted = async (tx: Queryable) =>
      (await tx.query<{ hits: number }>(`select coalesce(sum(hits), 0)::integer as hits from private.rate_counters where bucket = 'token_lookup'`))
        .rows[0]!.hits;
    await rolledBack(db, async (tx) => {
      const open = async (t: string | null, address: string | null, lock: boolean) =>
        (await tx.query<{ email: string | null }>(`select (private.open_invite($1, $2, $3)).email`, [t, address, lock])).rows[0]!.email;
      const before = await counted(tx);
      expect(await open(token, null, false)).toBe(email);
      expect(await open(token, email.toUpperCase(), true)).toBe(email);
      expect(await counted(tx)).toBe(before);
      for (const [t, address] of [
        [token, 'someone-else@test.example'],
        [null, null],
        ['short', null],
        ['x'.repeat(43), null],
      ] as const) {
        const was = await counted(tx);
        expect(await open(t, address, false)).toBeNull();
        expect(await counted(tx)).toBe(was + 1);
      }
      await tx.query(`update public.invites set revoked_at = now() where email = $1`, [email]);
      expect(await open(token, null, true)).toBeNull();
    });
    // The API roles may not call it (the invite RPCs and the sign-up trigger call it as its owner).
    expect(await sqlState(asAnon(db, (tx) => tx.query(`select private.open_invite($1)`, [token])))).toBe('42501');
  });

  it('updated_status_moment: a move takes a plausible claim of a client, else now; no move keeps the moment from a client', async () => {
    const moment = async (client: boolean, moved: boolean, claimed: string | null, previous: string | null, created: string) =>
      (
        await db.query<{ at: string; is_now: boolean }>(
          `select to_char(m at time zone 'UTC', 'YYYY-MM-DD') as at, m = now() as is_now
           from private.updated_status_moment($1, $2, $3::timestamptz, $4::timestamptz, $5::timestamptz) m`,
          [client, moved, claimed, previous, created],
        )
      ).rows[0]!;
    const created = '2026-01-01T00:00:00Z';
    const previous = '2026-02-01T00:00:00Z';
    // A move whose moment the writer left alone happens now, for anyone.
    expect((await moment(true, true, previous, previous, created)).is_now).toBe(true);
    expect((await moment(false, true, previous, previous, created)).is_now).toBe(true);
    // A client's claim is taken when it lies between the last change and now...
    expect(await moment(true, true, '2026-03-01T00:00:00Z', previous, created)).toEqual({ at: '2026-03-01', is_now: false });
    // ...not before the last change (nor before the row was made, without one), nor in the future.
    expect((await moment(true, true, '2026-01-15T00:00:00Z', previous, created)).is_now).toBe(true);
    expect((await moment(true, true, '2025-12-01T00:00:00Z', null, created)).is_now).toBe(true);
    expect((await moment(true, true, '2999-01-01T00:00:00Z', previous, created)).is_now).toBe(true);
    // A trusted writer's moment is taken as it is.
    expect(await moment(false, true, '2025-12-01T00:00:00Z', previous, created)).toEqual({ at: '2025-12-01', is_now: false });
    // Without a move a client keeps the stored moment; a trusted writer may set it.
    expect(await moment(true, false, '2026-03-01T00:00:00Z', previous, created)).toEqual({ at: '2026-02-01', is_now: false });
    expect(await moment(false, false, '2026-03-01T00:00:00Z', previous, created)).toEqual({ at: '2026-03-01', is_now: false });
  });
});
