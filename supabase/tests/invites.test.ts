// Sign-up creates an organization with the user as owner; invites are created by owners
// and admins (token returned once, stored hashed, mailed through the outbox in the same
// transaction) and accepted once, before they expire, unless revoked.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../local/db';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../local/testing/harness';
import { asUser, createTeam, signUpUser, sqlState, uniqueEmail, type Team } from './helpers';

const backends = await backendsToTest();

type Invite = { invite_id: string; token: string; email: string; role: string; org_id: string; expires_at: string };

describe.each(backends)('sign-up and invites on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'inv');
  });
  afterAll(() => server?.close());

  const invite = async (by: string, email: string, role = 'sales') =>
    (await asUser(db, by, (tx) => tx.query<{ r: Invite }>(`select public.create_invite($1, $2) as r`, [email, role]))).rows[0]!.r;
  const accept = (userId: string, token: string) => asUser(db, userId, (tx) => tx.query(`select public.accept_invite($1) as r`, [token]));
  const membership = async (userId: string) =>
    (await db.query<{ org_id: string; role: string }>(`select org_id, role from public.profiles where user_id = $1 order by created_at`, [userId])).rows;

  it('creates an organization with the new user as its owner, named from the sign-up data', async () => {
    const userId = await signUpUser(db, uniqueEmail('founder'), { first_name: 'Fran', last_name: 'Founder' });
    const { rows } = await db.query(
      `select o.name, p.role, p.first_name, p.last_name, p.status from public.profiles p join public.organizations o on o.id = p.org_id where p.user_id = $1`,
      [userId],
    );
    expect(rows).toEqual([{ name: "Fran Founder's organization", role: 'owner', first_name: 'Fran', last_name: 'Founder', status: 'active' }]);
  });

  it('does the same for a sign-up through the auth API', async () => {
    const email = uniqueEmail('api');
    const { data, error } = await createTestClient(server).auth.signUp({
      email,
      password: 'Sign-up-2026!',
      options: { data: { first_name: 'Ada', last_name: 'Api', organization_name: 'Api Renovations' } },
    });
    expect(error).toBeNull();
    const { rows } = await db.query(
      `select o.name, p.role, p.email from public.profiles p join public.organizations o on o.id = p.org_id where p.user_id = $1`,
      [data.user!.id],
    );
    expect(rows).toEqual([{ name: 'Api Renovations', role: 'owner', email }]);
  });

  it('returns a 256-bit token once, keeps only its SHA-256 and mails the link in the same transaction', async () => {
    const email = uniqueEmail('newhire');
    const created = await invite(team.admin, email.toUpperCase(), 'viewer');
    expect(created).toMatchObject({ email, role: 'viewer', org_id: team.orgId });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(created.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(new Date(created.expires_at).getTime() - Date.now()).toBeLessThan(7.1 * 24 * 3600 * 1000);

    const stored = await db.query(`select to_jsonb(i) as row from public.invites i where id = $1`, [created.invite_id]);
    const row = (stored.rows[0] as { row: Record<string, unknown> }).row;
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const mail = await db.query<{ to: string; subject: string; text: string; html: string; status: string }>(
      `select "to", subject, text, html, status from public.mail_outbox where "to" = $1`, [email],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]).toMatchObject({ status: 'pending', subject: 'inv-admin Tester invited you to join inv Owner\'s organization' });
    expect(mail.rows[0]!.text).toContain(`{{site_url}}/invite/${created.token}`);
    expect(mail.rows[0]!.html).toContain(`href="{{site_url}}/invite/${created.token}"`);
  });

  it('writes no invite and no mail when the invite is refused', async () => {
    const email = uniqueEmail('refused');
    expect(await sqlState(asUser(db, team.sales, (tx) => tx.query(`select public.create_invite($1, 'sales')`, [email])))).toBe('42501');
    expect(await sqlState(asUser(db, team.owner, (tx) => tx.query(`select public.create_invite($1, 'owner')`, [email])))).toBe('22023');
    expect(await sqlState(asUser(db, team.owner, (tx) => tx.query(`select public.create_invite('not-an-email', 'sales')`)))).toBe('22023');
    const existing = (await db.query<{ email: string }>(`select email from public.profiles where user_id = $1`, [team.viewer])).rows[0]!.email;
    expect(await sqlState(asUser(db, team.owner, (tx) => tx.query(`select public.create_invite($1, 'sales')`, [existing])))).toBe('PT409');
    const outbox = await db.query(`select 1 from public.mail_outbox where "to" in ($1, $2)`, [email, existing]);
    expect(outbox.rows).toEqual([]);
  });

  it('joins the inviting organization with the invited role, once', async () => {
    const email = uniqueEmail('joiner');
    const created = await invite(team.owner, email, 'sales');
    const userId = await signUpUser(db, email, { first_name: 'Jo', last_name: 'Iner' });
    const ownOrg = (await membership(userId))[0]!;
    const result = await accept(userId, created.token);
    expect(result.rows[0]).toEqual({ r: { org_id: team.orgId, role: 'sales' } });
    expect(await membership(userId)).toEqual([ownOrg, { org_id: team.orgId, role: 'sales' }]);
    const seen = await asUser(db, userId, (tx) => tx.query(`select id from public.organizations where id = $1`, [team.orgId]));
    expect(seen.rows).toHaveLength(1);

    const reused = await accept(userId, created.token);
    expect(reused.rows[0]).toMatchObject({ r: { code: 'invalid_invite', message: 'This invitation is invalid or has expired' } });
  });

  it('joins at sign-up, without an organization of its own, when the sign-up carries the invite token', async () => {
    const email = uniqueEmail('direct');
    const created = await invite(team.admin, email, 'viewer');
    const userId = await signUpUser(db, email, { first_name: 'Di', last_name: 'Rect', invite_token: created.token });
    expect(await membership(userId)).toEqual([{ org_id: team.orgId, role: 'viewer' }]);
  });

  it('gives the same answer for unknown, expired, revoked and misaddressed invites', async () => {
    const outsider = await signUpUser(db, uniqueEmail('outsider'));
    const expiredEmail = uniqueEmail('late');
    const expired = await invite(team.owner, expiredEmail);
    await db.query(`update public.invites set expires_at = now() - interval '1 second' where id = $1`, [expired.invite_id]);
    const revokedEmail = uniqueEmail('revoked');
    const revoked = await invite(team.owner, revokedEmail);
    await asUser(db, team.admin, (tx) => tx.query(`select public.revoke_invite($1)`, [revoked.invite_id]));
    const replacedEmail = uniqueEmail('replaced');
    const replaced = await invite(team.owner, replacedEmail);
    await invite(team.owner, replacedEmail);

    const late = await signUpUser(db, expiredEmail);
    const gone = await signUpUser(db, revokedEmail);
    const again = await signUpUser(db, replacedEmail);
    const attempts: [string, string][] = [
      [outsider, 'x'.repeat(43)],
      [late, expired.token],
      [gone, revoked.token],
      [again, replaced.token],
      [outsider, (await invite(team.owner, uniqueEmail('someone-else'))).token],
    ];
    for (const [userId, token] of attempts) {
      const answer = await accept(userId, token);
      expect(answer.rows[0]).toMatchObject({ r: { code: 'invalid_invite', message: 'This invitation is invalid or has expired' } });
    }
    const joined = await db.query(`select 1 from public.profiles where org_id = $1 and user_id = any ($2)`, [team.orgId, [outsider, late, gone, again]]);
    expect(joined.rows).toEqual([]);
    const listed = await asUser(db, team.admin, (tx) => tx.query<{ id: string; status: string }>(`select id, status from public.list_invites()`));
    const status = Object.fromEntries(listed.rows.map((r) => [r.id, r.status]));
    expect([status[expired.invite_id], status[revoked.invite_id], status[replaced.invite_id]]).toEqual(['expired', 'revoked', 'revoked']);
  });

  it('reactivates a disabled member who accepts a new invite', async () => {
    const email = uniqueEmail('returning');
    const first = await invite(team.owner, email, 'sales');
    const userId = await signUpUser(db, email);
    await accept(userId, first.token);
    await asUser(db, team.owner, (tx) => tx.query(`update public.profiles set status = 'disabled' where user_id = $1 and org_id = $2`, [userId, team.orgId]));
    const second = await invite(team.owner, email, 'viewer');
    await accept(userId, second.token);
    const { rows } = await db.query(`select role, status from public.profiles where user_id = $1 and org_id = $2`, [userId, team.orgId]);
    expect(rows).toEqual([{ role: 'viewer', status: 'active' }]);
  });

  it('removes the invite link from the outbox once the mail is sent', async () => {
    const email = uniqueEmail('sent');
    const created = await invite(team.owner, email);
    await db.query(`update public.mail_outbox set status = 'sent', sent_at = now(), attempts = 1 where "to" = $1`, [email]);
    const { rows } = await db.query<{ text: string; html: string }>(`select text, html from public.mail_outbox where "to" = $1`, [email]);
    expect(rows[0]!.text + rows[0]!.html).not.toContain(created.token);
  });

  it('refuses a caller unknown to auth', async () => {
    const created = await invite(team.owner, uniqueEmail('anon'));
    const answer = await asUser(db, randomUUID(), (tx) => tx.query(`select public.accept_invite($1) as r`, [created.token]));
    expect(answer.rows[0]).toMatchObject({ r: { code: 'invalid_invite' } });
  });
});
