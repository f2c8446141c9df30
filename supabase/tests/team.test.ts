// The team RPCs and rules of 20261125000400_team.sql, per role (owner, admin, sales, viewer and
// a signed-in non-member): role changes, disabling, removal and the last-owner rule; ownership
// transfer after the password; invites (details, resend, revoke, expiry, reuse); the portal
// sessions and access log of the monitoring page; organization settings checks.
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { withRequestContext } from '../local/request-context';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asUser, createTeam, signUpUser, sqlState, uniqueEmail, type Team } from './helpers';

const backends = await backendsToTest();
const CALLERS = ['owner', 'admin', 'sales', 'viewer', 'outsider'] as const;
type Caller = (typeof CALLERS)[number];
const MANAGERS: Caller[] = ['owner', 'admin'];

type Invite = { invite_id: string; token: string; email: string; role: string; org_id: string; expires_at: string };
type Details = { organization_name?: string; invited_by?: string; role?: string; email?: string; has_account?: boolean; code?: string; message?: string };
const INVALID = { code: 'invalid_invite', message: 'This invitation is invalid or has expired', details: null, hint: null };

describe.each(backends)('team management on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  let outsider: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'team');
    outsider = await signUpUser(db, uniqueEmail('outsider'), { first_name: 'Out', last_name: 'Sider' });
  });
  afterAll(() => server?.close());

  const who = (t: Team, caller: Caller) => (caller === 'outsider' ? outsider : t[caller]);
  const profileId = async (userId: string, orgId = team.orgId) =>
    (await db.query<{ id: string }>(`select id from public.profiles where user_id = $1 and org_id = $2`, [userId, orgId])).rows[0]!.id;
  const member = async (userId: string, orgId = team.orgId) =>
    (await db.query<{ role: string; status: string; _deleted: boolean }>(
      `select role, status, _deleted from public.profiles where user_id = $1 and org_id = $2`, [userId, orgId],
    )).rows[0];
  const call = (userId: string, sql: string, params: unknown[] = []) => asUser(db, userId, (tx) => tx.query(sql, params));
  /** An extra member of the team, so a test may change them freely. */
  const addMember = async (t: Team, role = 'viewer'): Promise<string> =>
    db.transaction(async (tx) => {
      await tx.query(`select set_config('cep.skip_signup_org', 'on', true)`);
      const email = uniqueEmail('member');
      const id = await signUpUser(tx, email);
      await tx.query(`insert into public.profiles (org_id, user_id, role, email) values ($1, $2, $3, $4)`, [t.orgId, id, role, email]);
      return id;
    });
  const setPassword = (userId: string, password: string) =>
    db.query(`update auth.users set encrypted_password = $2 where id = $1`, [userId, bcrypt.hashSync(password, 4)]);
  const anonFrom = <T>(ip: string, fn: (tx: Queryable) => Promise<T>) =>
    withRequestContext(db, { role: 'anon', claims: { role: 'anon' }, headers: { 'x-forwarded-for': ip } }, fn);
  const details = async (token: string, ip = '203.0.113.7') =>
    (await anonFrom(ip, (tx) => tx.query<{ r: Details }>(`select public.invite_details($1) as r`, [token]))).rows[0]!.r;
  const invite = async (by: string, email: string, role = 'sales', orgId = team.orgId) =>
    (await call(by, `select public.create_invite($1, $2, $3) as r`, [email, role, orgId])).rows[0]!.r as Invite;

  describe('members', () => {
    it.each(CALLERS)('%s may change a role only as owner or admin', async (caller) => {
      const target = await addMember(team, 'viewer');
      const outcome = await sqlState(call(who(team, caller), `select public.set_member_role($1, 'sales')`, [await profileId(target)]));
      const allowed = MANAGERS.includes(caller);
      expect(outcome).toBe(allowed ? 'succeeded' : '42501');
      expect((await member(target))!.role).toBe(allowed ? 'sales' : 'viewer');
    });

    it.each(CALLERS)('%s may disable and re-enable a member only as owner or admin', async (caller) => {
      const target = await addMember(team, 'sales');
      const id = await profileId(target);
      const allowed = MANAGERS.includes(caller);
      expect(await sqlState(call(who(team, caller), `select public.set_member_status($1, 'disabled')`, [id]))).toBe(allowed ? 'succeeded' : '42501');
      expect((await member(target))!.status).toBe(allowed ? 'disabled' : 'active');
      if (!allowed) return;
      expect(await sqlState(call(who(team, caller), `select public.set_member_status($1, 'active')`, [id]))).toBe('succeeded');
      expect((await member(target))!.status).toBe('active');
    });

    it.each(CALLERS)('%s may remove a member only as owner or admin', async (caller) => {
      const target = await addMember(team, 'viewer');
      const allowed = MANAGERS.includes(caller);
      expect(await sqlState(call(who(team, caller), `select public.remove_member($1)`, [await profileId(target)]))).toBe(allowed ? 'succeeded' : '42501');
      expect((await member(target))!._deleted).toBe(allowed);
    });

    it('keeps sales and viewers from changing their own role or status', async () => {
      for (const caller of ['sales', 'viewer'] as const) {
        const own = await profileId(team[caller]);
        expect(await sqlState(call(team[caller], `select public.set_member_role($1, 'admin')`, [own])), caller).toBe('42501');
        expect(await sqlState(call(team[caller], `select public.remove_member($1)`, [own])), caller).toBe('42501');
      }
      expect((await member(team.sales))!.role).toBe('sales');
    });

    it('refuses unknown roles and statuses, and makes an owner only by transfer', async () => {
      const target = await profileId(await addMember(team));
      expect(await sqlState(call(team.owner, `select public.set_member_role($1, 'boss')`, [target]))).toBe('22023');
      expect(await sqlState(call(team.owner, `select public.set_member_status($1, 'gone')`, [target]))).toBe('22023');
      expect(await sqlState(call(team.owner, `select public.set_member_role($1, 'owner')`, [target]))).toBe('PT409');
      expect(await sqlState(call(team.owner, `select public.set_member_role($1, 'admin')`, [randomUUID()]))).toBe('42501');
    });

    it('lets an admin manage members but never an owner', async () => {
      const t = await createTeam(db, 'admins');
      const owner = await profileId(t.owner, t.orgId);
      expect(await sqlState(call(t.admin, `select public.set_member_role($1, 'sales')`, [owner]))).toBe('42501');
      expect(await sqlState(call(t.admin, `select public.set_member_status($1, 'disabled')`, [owner]))).toBe('42501');
      expect(await sqlState(call(t.admin, `select public.remove_member($1)`, [owner]))).toBe('42501');
      expect(await sqlState(call(t.admin, `select public.set_member_role($1, 'owner')`, [await profileId(t.sales, t.orgId)]))).toBe('42501');
      expect(await member(t.owner, t.orgId)).toEqual({ role: 'owner', status: 'active', _deleted: false });
    });

    it('never lets the last owner be demoted, disabled or removed, with a clear message', async () => {
      const t = await createTeam(db, 'last');
      const owner = await profileId(t.owner, t.orgId);
      for (const sql of [
        `select public.set_member_role($1, 'admin')`,
        `select public.set_member_status($1, 'disabled')`,
        `select public.remove_member($1)`,
      ]) {
        const error = await call(t.owner, sql, [owner]).then(() => null, (e: { code?: string; message?: string; detail?: string }) => e);
        expect(error, sql).toMatchObject({ code: 'PT409', message: 'An organization needs an active owner', detail: 'last_owner' });
      }
      expect(await member(t.owner, t.orgId)).toEqual({ role: 'owner', status: 'active', _deleted: false });

      // With a second active owner, either may step down.
      await db.query(`update public.profiles set role = 'owner' where user_id = $1 and org_id = $2`, [t.admin, t.orgId]);
      expect(await sqlState(call(t.owner, `select public.set_member_role($1, 'admin')`, [owner]))).toBe('succeeded');
      expect(await sqlState(call(t.admin, `select public.set_member_status($1, 'disabled')`, [await profileId(t.admin, t.orgId)]))).toBe('PT409');
    });

    it('ends the sessions of a disabled or removed member, who then sees nothing of the organization', async () => {
      const t = await createTeam(db, 'lockout');
      const sessionOf = async (userId: string) => {
        const id = randomUUID();
        await db.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [id, userId]);
        await db.query(`insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, session_id) values ($1, $2, false, now(), now(), $3)`, [
          randomUUID(), userId, id,
        ]);
        return id;
      };
      const live = async (userId: string) =>
        (await db.query<{ n: number }>(
          `select (select count(*) from auth.sessions where user_id = $1)::int + (select count(*) from auth.refresh_tokens where user_id = $1::text)::int as n`,
          [userId],
        )).rows[0]!.n;

      await sessionOf(t.sales);
      await sessionOf(t.viewer);
      await sessionOf(t.admin);
      await call(t.admin, `select public.set_member_status($1, 'disabled')`, [await profileId(t.sales, t.orgId)]);
      await call(t.owner, `select public.remove_member($1)`, [await profileId(t.viewer, t.orgId)]);
      expect({ sales: await live(t.sales), viewer: await live(t.viewer), admin: await live(t.admin) }).toEqual({ sales: 0, viewer: 0, admin: 2 });

      const seen = await call(t.sales, `select count(*)::int as n from public.organizations where id = $1`, [t.orgId]);
      expect(seen.rows).toEqual([{ n: 0 }]);
      expect(await sqlState(call(t.sales, `select public.team_sign_ins($1)`, [t.orgId]))).toBe('42501');

      await call(t.owner, `select public.set_member_status($1, 'active')`, [await profileId(t.sales, t.orgId)]);
      const back = await call(t.sales, `select count(*)::int as n from public.organizations where id = $1`, [t.orgId]);
      expect(back.rows).toEqual([{ n: 1 }]);
    });

    it.each(CALLERS)('%s sees the last sign-ins of the team only as a member', async (caller) => {
      await db.query(`update auth.users set last_sign_in_at = '2026-11-20T10:00:00Z' where id = $1`, [team.sales]);
      const call_ = call(who(team, caller), `select user_id, last_sign_in_at from public.team_sign_ins($1)`, [team.orgId]);
      if (caller === 'outsider') return expect(await sqlState(call_)).toBe('42501');
      const rows = (await call_).rows as { user_id: string; last_sign_in_at: Date | string | null }[];
      expect(rows.map((r) => r.user_id)).toEqual(expect.arrayContaining([team.owner, team.admin, team.sales, team.viewer]));
      expect(new Date(rows.find((r) => r.user_id === team.sales)!.last_sign_in_at!).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    });
  });

  describe('ownership transfer', () => {
    it.each(['admin', 'sales', 'viewer', 'outsider'] as const)('is refused to %s', async (caller) => {
      const t = await createTeam(db, 'xfer');
      await setPassword(who(t, caller), 'Right-Password-1');
      const outcome = await sqlState(call(who(t, caller), `select public.transfer_ownership($1, 'Right-Password-1')`, [await profileId(t.admin, t.orgId)]));
      expect(outcome).toBe('42501');
      expect((await member(t.owner, t.orgId))!.role).toBe('owner');
    });

    it('moves ownership after the owner re-enters the password, and not before', async () => {
      const t = await createTeam(db, 'xfer');
      await setPassword(t.owner, 'Right-Password-1');
      const target = await profileId(t.admin, t.orgId);
      for (const wrong of [null, '', 'Wrong-Password-1']) {
        const answer = await call(t.owner, `select public.transfer_ownership($1, $2) as r, current_setting('response.status', true) as status`, [target, wrong]);
        expect(answer.rows[0]).toMatchObject({ r: { code: 'invalid_password', message: 'The password is not correct' }, status: '400' });
      }
      expect((await member(t.admin, t.orgId))!.role).toBe('admin');

      const done = await call(t.owner, `select public.transfer_ownership($1, 'Right-Password-1') as r`, [target]);
      expect(done.rows[0]).toEqual({ r: { org_id: t.orgId, owner_profile_id: target } });
      expect({ owner: (await member(t.owner, t.orgId))!.role, admin: (await member(t.admin, t.orgId))!.role }).toEqual({ owner: 'admin', admin: 'owner' });
    });

    it('refuses a transfer to a disabled member or to oneself', async () => {
      const t = await createTeam(db, 'xfer');
      await setPassword(t.owner, 'Right-Password-1');
      await call(t.owner, `select public.set_member_status($1, 'disabled')`, [await profileId(t.sales, t.orgId)]);
      expect(await sqlState(call(t.owner, `select public.transfer_ownership($1, 'Right-Password-1')`, [await profileId(t.sales, t.orgId)]))).toBe('PT409');
      expect(await sqlState(call(t.owner, `select public.transfer_ownership($1, 'Right-Password-1')`, [await profileId(t.owner, t.orgId)]))).toBe('PT409');
    });

    it('blocks the password check for 15 minutes after five wrong passwords', async () => {
      const t = await createTeam(db, 'xfer');
      await setPassword(t.owner, 'Right-Password-1');
      const target = await profileId(t.admin, t.orgId);
      for (let i = 0; i < 5; i++) await call(t.owner, `select public.transfer_ownership($1, 'Wrong-Password-1')`, [target]);
      const error = await call(t.owner, `select public.transfer_ownership($1, 'Right-Password-1')`, [target]).then(
        () => null,
        (e: { code?: string; detail?: string }) => e,
      );
      expect(error?.code).toBe('PGRST');
      expect(JSON.parse(error!.detail!)).toMatchObject({ status: 429 });
      expect((await member(t.owner, t.orgId))!.role).toBe('owner');
    });
  });

  describe('invites', () => {
    it('shows anyone holding the link the organization, inviter, role and address, and whether an account exists', async () => {
      const email = uniqueEmail('details');
      const created = await invite(team.admin, email, 'viewer');
      expect(await details(created.token)).toEqual({
        organization_name: "team Owner's organization",
        invited_by: 'team-admin Tester',
        role: 'viewer',
        email,
        expires_at: expect.any(String),
        has_account: false,
      });
      await signUpUser(db, email);
      expect((await details(created.token)).has_account).toBe(true);
    });

    it('gives one answer for unknown, expired, revoked, replaced and used invites', async () => {
      const expired = await invite(team.owner, uniqueEmail('late'));
      await db.query(`update public.invites set expires_at = now() - interval '1 second' where id = $1`, [expired.invite_id]);
      const revoked = await invite(team.owner, uniqueEmail('revoked'));
      await call(team.admin, `select public.revoke_invite($1)`, [revoked.invite_id]);
      const usedEmail = uniqueEmail('used');
      const used = await invite(team.owner, usedEmail);
      const user = await signUpUser(db, usedEmail);
      await call(user, `select public.accept_invite($1)`, [used.token]);
      const replacedEmail = uniqueEmail('replaced');
      const replaced = await invite(team.owner, replacedEmail);
      await call(team.owner, `select public.resend_invite($1)`, [replaced.invite_id]);

      for (const token of ['x'.repeat(43), expired.token, revoked.token, used.token, replaced.token]) {
        expect(await details(token, '198.51.100.1')).toEqual(INVALID);
      }
      const reused = await call(user, `select public.accept_invite($1) as r`, [used.token]);
      expect(reused.rows[0]).toMatchObject({ r: INVALID });
    });

    it.each(CALLERS)('%s may resend and revoke invites only as owner or admin', async (caller) => {
      const email = uniqueEmail(`resend-${caller}`);
      const first = await invite(team.owner, email, 'sales');
      const allowed = MANAGERS.includes(caller);
      const resent = await call(who(team, caller), `select public.resend_invite($1) as r`, [first.invite_id]).then(
        (r) => (r.rows[0] as { r: Invite }).r,
        (e: { code?: string }) => e.code,
      );
      if (!allowed) {
        expect(resent).toBe('42501');
        expect(await sqlState(call(who(team, caller), `select public.revoke_invite($1)`, [first.invite_id]))).toBe('42501');
        expect((await details(first.token)).email).toBe(email);
        return;
      }
      const fresh = resent as Invite;
      expect(fresh).toMatchObject({ email, role: 'sales', org_id: team.orgId });
      expect(fresh.token).not.toBe(first.token);
      expect(await details(first.token, '198.51.100.2')).toEqual(INVALID);
      expect((await details(fresh.token)).email).toBe(email);
      // The mail is read in the transaction that queues it: another test's server drains the
      // shared outbox and blanks a sent mail's link.
      const again = await asUser(db, who(team, caller), async (tx) => {
        const r = (await tx.query<{ r: Invite }>(`select public.resend_invite($1) as r`, [fresh.invite_id])).rows[0]!.r;
        await tx.query('reset role');
        const mails = await tx.query<{ text: string }>(`select text from public.mail_outbox where "to" = $1 order by created_at`, [email]);
        return { token: r.token, inviteId: r.invite_id, mails: mails.rows.map((m) => m.text) };
      });
      expect(again.mails).toHaveLength(3);
      expect(again.mails[2]).toContain(`/invite/${again.token}`);
      expect(await details(fresh.token, '198.51.100.2')).toEqual(INVALID);

      await call(who(team, caller), `select public.revoke_invite($1)`, [again.inviteId]);
      expect(await details(again.token, '198.51.100.2')).toEqual(INVALID);
    });

    it('resends an expired invite as a working link, but not an accepted one', async () => {
      const email = uniqueEmail('expired');
      const old = await invite(team.owner, email);
      await db.query(`update public.invites set expires_at = now() - interval '1 minute' where id = $1`, [old.invite_id]);
      const fresh = (await call(team.owner, `select public.resend_invite($1) as r`, [old.invite_id])).rows[0] as { r: Invite };
      expect((await details(fresh.r.token)).email).toBe(email);
      const days = (new Date(fresh.r.expires_at).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThan(7.01);

      const user = await signUpUser(db, email);
      await call(user, `select public.accept_invite($1)`, [fresh.r.token]);
      expect(await sqlState(call(team.owner, `select public.resend_invite($1)`, [fresh.r.invite_id]))).toBe('PT409');
    });

    it('lists invites with their inviter and status for owners and admins only', async () => {
      const email = uniqueEmail('listed');
      const created = await invite(team.admin, email, 'viewer');
      for (const caller of CALLERS) {
        const { rows } = await call(who(team, caller), `select email, status, invited_by_name from public.list_invites($1) where id = $2`, [team.orgId, created.invite_id]);
        expect(rows, caller).toEqual(MANAGERS.includes(caller) ? [{ email, status: 'pending', invited_by_name: 'team-admin Tester' }] : []);
      }
    });

    it('refuses an invite for an address that is already a member, and accepts one of another domain', async () => {
      const memberEmail = (await db.query<{ email: string }>(`select email from public.profiles where user_id = $1`, [team.sales])).rows[0]!.email;
      const error = await call(team.owner, `select public.create_invite($1, 'viewer', $2)`, [memberEmail, team.orgId]).then(() => null, (e: { code?: string; detail?: string }) => e);
      expect(error).toMatchObject({ code: 'PT409', detail: 'already_member' });
      expect(await sqlState(call(team.owner, `select public.create_invite('someone@elsewhere.example', 'viewer', $1)`, [team.orgId]))).toBe('succeeded');
    });
  });

  describe('customer sessions and the access log', () => {
    let sessionOrg: Team;
    let portalId: string;
    let prospectId: string;
    beforeAll(async () => {
      sessionOrg = await createTeam(db, 'sessions');
      prospectId = randomUUID();
      portalId = randomUUID();
      await db.query(`insert into public.prospects (id, org_id, first_name, last_name) values ($1, $2, 'Casey', 'Customer')`, [prospectId, sessionOrg.orgId]);
      await db.query(`insert into public.portals (id, org_id, kind, prospect_id, name) values ($1, $2, 'prospect', $3, 'Casey portal')`, [portalId, sessionOrg.orgId, prospectId]);
    });
    const newSession = async (expiresIn = '1 day') =>
      (await db.query<{ id: string }>(
        `insert into public.customer_sessions (org_id, prospect_id, portal_id, session_token_hash, expires_at, ip_address, user_agent)
         values ($1, $2, $3, $4, now() + $5::interval, '198.51.100.9', 'Tablet') returning id`,
        [sessionOrg.orgId, prospectId, portalId, randomUUID(), expiresIn],
      )).rows[0]!.id;

    it.each(CALLERS)('%s lists active customer sessions only as owner or admin', async (caller) => {
      const active = await newSession();
      const expired = await newSession('-1 minute');
      const listing = call(who(sessionOrg, caller), `select id, portal_name, prospect_name, ip_address from public.list_customer_sessions($1)`, [sessionOrg.orgId]);
      if (!MANAGERS.includes(caller)) return expect(await sqlState(listing)).toBe('42501');
      const rows = (await listing).rows as { id: string }[];
      expect(rows).toContainEqual({ id: active, portal_name: 'Casey portal', prospect_name: 'Casey Customer', ip_address: '198.51.100.9' });
      expect(rows.map((r) => r.id)).not.toContain(expired);
    });

    it.each(CALLERS)('%s ends a customer session only as owner or admin', async (caller) => {
      const id = await newSession();
      const allowed = MANAGERS.includes(caller);
      expect(await sqlState(call(who(sessionOrg, caller), `select public.revoke_customer_session($1)`, [id]))).toBe(allowed ? 'succeeded' : '42501');
      const left = await db.query(`select 1 from public.customer_sessions where id = $1`, [id]);
      expect(left.rows).toHaveLength(allowed ? 0 : 1);
    });

    it('keeps one organization out of another\'s sessions and log', async () => {
      const id = await newSession();
      expect(await sqlState(call(team.owner, `select public.revoke_customer_session($1)`, [id]))).toBe('42501');
      expect(await sqlState(call(team.owner, `select public.list_customer_sessions($1)`, [sessionOrg.orgId]))).toBe('42501');
      expect(await sqlState(call(team.owner, `select public.list_access_logs($1)`, [sessionOrg.orgId]))).toBe('42501');
    });

    it.each(CALLERS)('%s reads the access log only as owner or admin', async (caller) => {
      await db.query(
        `insert into public.access_logs (org_id, token_kind, portal_id, outcome, ip_address, user_agent) values ($1, 'portal', $2, 'denied', '198.51.100.3', 'Phone')`,
        [sessionOrg.orgId, portalId],
      );
      const listing = call(who(sessionOrg, caller), `select token_kind, outcome, portal_name, ip_address from public.list_access_logs($1, 10)`, [sessionOrg.orgId]);
      if (!MANAGERS.includes(caller)) return expect(await sqlState(listing)).toBe('42501');
      expect((await listing).rows[0]).toEqual({ token_kind: 'portal', outcome: 'denied', portal_name: 'Casey portal', ip_address: '198.51.100.3' });
      expect(await sqlState(call(who(sessionOrg, caller), `select public.list_access_logs($1, 0)`, [sessionOrg.orgId]))).toBe('22023');
    });
  });

  describe('sync_resend_row', () => {
    it('moves a visible row past every pull checkpoint, and nothing of another organization', async () => {
      const txid = async (orgId: string) => (await db.query<{ t: string }>(`select _txid::text as t from public.organizations where id = $1`, [orgId])).rows[0]!.t;
      const before = await txid(team.orgId);
      expect((await call(team.viewer, `select public.sync_resend_row('organizations', $1) as r`, [team.orgId])).rows).toEqual([{ r: true }]);
      expect(BigInt(await txid(team.orgId))).toBeGreaterThan(BigInt(before));

      const other = await createTeam(db, 'rowless');
      const untouched = await txid(other.orgId);
      expect((await call(team.viewer, `select public.sync_resend_row('organizations', $1) as r`, [other.orgId])).rows).toEqual([{ r: false }]);
      expect((await call(team.viewer, `select public.sync_resend_row('estimates', $1) as r`, [randomUUID()])).rows).toEqual([{ r: false }]);
      expect(await txid(other.orgId)).toBe(untouched);
      expect(await sqlState(call(team.viewer, `select public.sync_resend_row('mail_outbox', $1)`, [team.orgId]))).toBe('22023');
      expect(await sqlState(anonFrom('203.0.113.9', (tx) => tx.query(`select public.sync_resend_row('organizations', $1)`, [team.orgId])))).toBe('42501');
    });
  });

  describe('organization settings and profiles', () => {
    const update = (userId: string, column: string, value: unknown, orgId = team.orgId) =>
      call(userId, `update public.organizations set ${column} = $2 where id = $1`, [orgId, value]);

    it.each(CALLERS)('%s changes the settings only as owner or admin', async (caller) => {
      const result = await update(who(team, caller), 'default_terms', `Terms by ${caller}`);
      expect(result.affectedRows).toBe(MANAGERS.includes(caller) ? 1 : 0);
    });

    it.each([
      ['estimate_prefix', 'EST 1', 'organizations_estimate_prefix_format'],
      ['estimate_prefix', 'ABCDEFGHIJK', 'organizations_estimate_prefix_format'],
      ['default_tax_rate', 100.5, 'organizations_default_tax_rate_check'],
      ['default_tax_rate', -1, 'organizations_default_tax_rate_check'],
      ['logo', 'data:text/html;base64,PHNjcmlwdD4=', 'organizations_logo_is_a_small_image'],
      ['logo', `data:image/png;base64,${'A'.repeat(210_000)}`, 'organizations_logo_is_a_small_image'],
      ['brand_color', 'blue', 'organizations_brand_color_check'],
    ])('refuses %s = %s', async (column, value, constraint) => {
      const error = await update(team.owner, column, value).then(() => null, (e: { code?: string; message?: string }) => e);
      expect(error?.code).toBe('23514');
      expect(error?.message).toContain(constraint);
    });

    it('accepts a prefix of 10 characters, a tax rate of 100 and a small PNG logo', async () => {
      const logo = `data:image/png;base64,${'A'.repeat(200_000)}`;
      await update(team.owner, 'estimate_prefix', 'Q-2026/#._');
      await update(team.owner, 'default_tax_rate', 100);
      await update(team.admin, 'logo', logo);
      const { rows } = await db.query(`select estimate_prefix, default_tax_rate::float8 as tax, length(logo) as size from public.organizations where id = $1`, [team.orgId]);
      expect(rows[0]).toEqual({ estimate_prefix: 'Q-2026/#._', tax: 100, size: logo.length });
    });

    it('lets each member set their own phone, within 40 characters', async () => {
      const result = await call(team.viewer, `update public.profiles set phone = '+1 555 010 0199' where user_id = auth.uid() and org_id = $1`, [team.orgId]);
      expect(result.affectedRows).toBe(1);
      expect(await sqlState(call(team.viewer, `update public.profiles set phone = $2 where user_id = auth.uid() and org_id = $1`, [team.orgId, '1'.repeat(41)]))).toBe('23514');
      const other = await call(team.viewer, `update public.profiles set phone = '1' where user_id = $1`, [team.sales]);
      expect(other.affectedRows).toBe(0);
    });
  });
});
