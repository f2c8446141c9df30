// Portals: staff manage them (roles, validation, links, access codes, e-mail, rotation,
// revocation, deletion, activity); customers and prospects sign in with a link or an access
// code and an e-mailed one-time code, and every customer RPC answers a valid session or token,
// and refuses alike an expired, revoked, unknown or foreign one. Access log rows, the lockout
// of access codes, idempotent comments and requests, and estimates opened inside a portal.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { listMailbox } from '../local/mail/mailbox';
import { withRequestContext } from '../local/request-context';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asAnon, asUser, createTeam, insertEstimate, insertItem, sqlState, type Role, type Team } from './helpers';

const backends = await backendsToTest();

type Row = Record<string, unknown>;
type Home = {
  portal: Row;
  organization: Row;
  contact: Row | null;
  estimates: { estimate_id: string; number: string; status: string }[];
  comments: { id: string; author_kind: string; author_name: string; body: string }[];
  requests: { id: string; reference: string; status: string }[];
};
const CASTS: Record<string, string> = {
  p_key: '::uuid', p_challenge_id: '::uuid', p_prospect_id: '::uuid', p_estimate_id: '::uuid', p_portal_id: '::uuid', p_id: '::uuid',
  p_org_id: '::uuid', p_customer_id: '::uuid', p_link_id: '::uuid', portal_id: '::uuid', p_session_id: '::uuid', p_desired_start: '::date', p_record: '::boolean', p_settings: '::jsonb',
};
const BLOB = Buffer.from('an encrypted session, opaque to the server').toString('base64');
const INTERNAL = 'Internal: keep the margin above 30';
const ROLES: Role[] = ['owner', 'admin', 'sales', 'viewer'];

let ipCounter = 0;
/** A fresh client address, so the per-address limits of one test do not reach another. */
const freshIp = () => {
  const n = ++ipCounter;
  return `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
};

describe.each(backends)('portals on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  let other: Team;
  type Ids = 'account' | 'account2' | 'alice' | 'bob' | 'carol' | 'pat' | 'foreignAccount' | 'foreignContact'
    | 'shown' | 'hidden' | 'draft' | 'otherAccount' | 'prospectEstimate' | 'foreignEstimate';
  const ids = {} as Record<Ids, string>;

  const as = <T,>(ip: string, fn: (tx: Queryable) => Promise<T>) =>
    withRequestContext(db, { role: 'anon', claims: { role: 'anon' }, headers: { 'x-forwarded-for': ip, 'user-agent': 'Mozilla/5.0 (iPad) PortalTest' } }, fn);
  const call = (fn: string, args: Row) => {
    const keys = Object.keys(args);
    return { sql: `select public.${fn}(${keys.map((k, i) => `${k} => $${i + 1}${CASTS[k] ?? ''}`).join(', ')}) as r`, params: Object.values(args).map((v) => (v && typeof v === 'object' ? JSON.stringify(v) : v)) };
  };
  /** An RPC as the customer at `ip`. */
  async function rpc<T = Row | null>(fn: string, args: Row, ip = freshIp()): Promise<T> {
    const { sql, params } = call(fn, args);
    return (await as(ip, (tx) => tx.query<{ r: T }>(sql, params))).rows[0]!.r;
  }
  /** An RPC as a staff member. */
  async function staff<T = Row | null>(userId: string, fn: string, args: Row): Promise<T> {
    const { sql, params } = call(fn, args);
    return (await asUser(db, userId, (tx) => tx.query<{ r: T }>(sql, params))).rows[0]!.r;
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => ({ code: 'succeeded' as string | undefined, detail: undefined as string | undefined, hint: undefined as string | undefined }),
      (e: { code?: string; detail?: string; hint?: string }) => ({ code: e.code, detail: e.detail, hint: e.hint }),
    );

  /** A sent estimate (a version exists) of `owner` for the account or prospect. */
  async function sentEstimate(owner: Team, customer: { account_id?: string; prospect_id?: string }, values: Row = {}) {
    const id = await asUser(db, owner.sales, async (tx) => {
      const e = await insertEstimate(tx, owner.orgId, { title: 'Patio', ...customer, ...values });
      await insertItem(tx, owner.orgId, String(e.id), { name: 'Pavers', quantity: 10, unit_price_cents: 5000, unit_cost_cents: 2000 });
      await tx.query(`insert into public.milestones (org_id, estimate_id, title, start_date, end_date) values ($1, $2, 'Lay pavers', '2027-04-01', '2027-04-03')`, [owner.orgId, e.id]);
      await tx.query(`insert into public.comments (org_id, estimate_id, body, internal) values ($1, $2, $3, true)`, [owner.orgId, e.id, INTERNAL]);
      return String(e.id);
    });
    await asUser(db, owner.sales, (tx) => tx.query(`update public.estimates set status = 'sent' where id = $1`, [id]));
    return id;
  }

  async function createPortal(owner: Team, kind: 'customer' | 'prospect', customerId: string, settings: Row = {}) {
    const id = randomUUID();
    const issued = (await staff<{ token: string; portal_id: string }>(owner.admin, 'create_portal', {
      p_id: id, p_org_id: owner.orgId, p_kind: kind, p_customer_id: customerId,
      p_settings: { name: kind === 'customer' ? 'Acme project portal' : 'Your estimates', welcome_message: 'Welcome!', brand_color: '#0F766E', ...settings },
    }))!;
    return { id, token: issued.token };
  }

  async function lastCode(email: string): Promise<string> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const pending = await db.query(`select 1 from public.mail_outbox where "to" = $1 and status <> 'sent'`, [email]);
      if (pending.rows.length === 0) {
        const [latest] = await listMailbox(server.ctx, email);
        const code = /is:\s+(\d{6})/.exec(latest?.text ?? '')?.[1];
        if (code) return code;
      }
      await server.outbox.drain();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no code mailed to ${email}`);
  }

  const emailOf = async (prospectId: string) => (await db.query<{ email: string }>(`select email from public.prospects where id = $1`, [prospectId])).rows[0]!.email;

  /** Signs a contact in with the link (or an access code), confirming with the e-mailed code. */
  async function signIn(credential: { p_token?: string | null; p_code?: string | null }, contactId: string, ip = freshIp()) {
    const cred = { p_token: credential.p_token ?? null, p_code: credential.p_code ?? null };
    // The tests sign the same people in many times; the per-person limit has a test of its own.
    await db.query(`delete from private.rate_counters where bucket = 'portal_sign_in_code_contact' and client = $1`, [contactId]);
    const sent = (await rpc<{ challenge_id: string; sent_to: string }>('portal_send_sign_in_code', { ...cred, p_prospect_id: contactId }, ip))!;
    const code = await lastCode(await emailOf(contactId));
    const result = (await rpc<{ status: string; session_token: string; expires_at: string }>('portal_sign_in', {
      ...cred, p_challenge_id: sent.challenge_id, p_one_time_code: code, p_encrypted_data: BLOB,
    }, ip))!;
    expect(result.status).toBe('signed_in');
    return result.session_token;
  }

  const home = (session: string | null, token: string | null = null, ip?: string) => rpc<Home | null>('portal_home', { p_session: session, p_token: token }, ip);
  const logsOf = async (portalId: string) =>
    (await db.query<Row>(`select token_kind, outcome, what, ip_address, user_agent, session_id, prospect_id from public.access_logs where portal_id = $1 order by id`, [portalId])).rows;
  const failedLookups = async (ip: string) =>
    (await db.query<{ n: number }>(`select coalesce(sum(hits), 0)::int as n from private.rate_counters where bucket = 'token_lookup' and client = $1`, [ip])).rows[0]!.n;

  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'portal');
    other = await createTeam(db, 'portal-other');
    await db.query(`update public.organizations set name = 'Stone & Sons', brand_color = '#334155' where id = $1`, [team.orgId]);
    await asUser(db, team.sales, async (tx) => {
      const account = await tx.query<{ id: string }>(`insert into public.accounts (org_id, name) values ($1, 'Acme Builders') returning id`, [team.orgId]);
      const account2 = await tx.query<{ id: string }>(`insert into public.accounts (org_id, name) values ($1, 'Other Co') returning id`, [team.orgId]);
      ids.account = account.rows[0]!.id;
      ids.account2 = account2.rows[0]!.id;
      const contact = (first: string, email: string, account: string | null) =>
        tx.query<{ id: string }>(`insert into public.prospects (org_id, first_name, last_name, email, account_id) values ($1, $2, 'Doe', $3, $4) returning id`, [team.orgId, first, email, account]);
      ids.alice = (await contact('Alice', `alice-${randomUUID().slice(0, 6)}@acme.example`, ids.account)).rows[0]!.id;
      ids.bob = (await contact('Bob', `bob-${randomUUID().slice(0, 6)}@acme.example`, ids.account)).rows[0]!.id;
      ids.carol = (await contact('Carol', `carol-${randomUUID().slice(0, 6)}@other.example`, ids.account2)).rows[0]!.id;
      ids.pat = (await contact('Pat', `pat-${randomUUID().slice(0, 6)}@lead.example`, null)).rows[0]!.id;
    });
    await asUser(db, other.sales, async (tx) => {
      ids.foreignAccount = (await tx.query<{ id: string }>(`insert into public.accounts (org_id, name) values ($1, 'Foreign') returning id`, [other.orgId])).rows[0]!.id;
      ids.foreignContact = (await tx.query<{ id: string }>(`insert into public.prospects (org_id, first_name, email, account_id) values ($1, 'Fred', $2, $3) returning id`,
        [other.orgId, `fred-${randomUUID().slice(0, 6)}@foreign.example`, ids.foreignAccount])).rows[0]!.id;
    });
    ids.shown = await sentEstimate(team, { account_id: ids.account });
    ids.hidden = await sentEstimate(team, { account_id: ids.account }, { hidden_from_portal: true });
    ids.draft = await asUser(db, team.sales, async (tx) => String((await insertEstimate(tx, team.orgId, { account_id: ids.account })).id));
    ids.otherAccount = await sentEstimate(team, { account_id: ids.account2 });
    ids.prospectEstimate = await sentEstimate(team, { prospect_id: ids.pat });
    ids.foreignEstimate = await sentEstimate(other, { account_id: ids.foreignAccount });
  });
  afterAll(() => server?.close());

  describe('staff', () => {
    it.each(ROLES)('%s: owners and admins manage portals, sales also send them, every member reads them', async (role) => {
      const portal = await createPortal(team, 'customer', ids.account);
      const settings = { name: 'Renamed', brand_color: '#112233' };
      const results = {
        create: await sqlState(staff(team[role], 'create_portal', { p_id: randomUUID(), p_org_id: team.orgId, p_kind: 'customer', p_customer_id: ids.account, p_settings: settings })),
        update: await sqlState(staff(team[role], 'update_portal', { p_portal_id: portal.id, p_settings: settings })),
        link: await sqlState(staff(team[role], 'issue_portal_token', { portal_id: portal.id })),
        code: await sqlState(staff(team[role], 'new_portal_access_code', { p_portal_id: portal.id })),
        send: await sqlState(staff(team[role], 'send_portal_link', { p_portal_id: portal.id, p_prospect_id: ids.alice })),
        activity: await sqlState(staff(team[role], 'portal_activity', { p_portal_id: portal.id })),
        preview: await sqlState(staff(team[role], 'portal_preview', { p_portal_id: portal.id })),
        rotate: await sqlState(staff(team[role], 'rotate_portal_token', { p_portal_id: portal.id })),
        revoke: await sqlState(staff(team[role], 'revoke_portal_token', { portal_id: portal.id })),
        delete: await sqlState(staff(team[role], 'delete_portal', { p_portal_id: portal.id })),
      };
      const manage = role === 'owner' || role === 'admin' ? 'succeeded' : '42501';
      expect(results).toEqual({
        create: manage, update: manage, link: manage, code: manage,
        send: role === 'viewer' ? '42501' : 'succeeded',
        activity: 'succeeded', preview: 'succeeded',
        rotate: manage, revoke: manage, delete: manage,
      });
    });

    it('reaches no portal of another organization and refuses every staff RPC to anon', async () => {
      const portal = await createPortal(team, 'customer', ids.account);
      const calls: [string, Row][] = [
        ['update_portal', { p_portal_id: portal.id, p_settings: { name: 'x' } }], ['issue_portal_token', { portal_id: portal.id }],
        ['new_portal_access_code', { p_portal_id: portal.id }], ['send_portal_link', { p_portal_id: portal.id, p_email: 'spy@evil.example' }],
        ['portal_activity', { p_portal_id: portal.id }], ['portal_preview', { p_portal_id: portal.id }], ['rotate_portal_token', { p_portal_id: portal.id }],
        ['revoke_portal_token', { portal_id: portal.id }], ['delete_portal', { p_portal_id: portal.id }],
        ['create_portal', { p_id: randomUUID(), p_org_id: team.orgId, p_kind: 'customer', p_customer_id: ids.account, p_settings: { name: 'x' } }],
      ];
      for (const [fn, args] of calls) {
        expect(await sqlState(staff(other.owner, fn, args)), fn).toBe('42501');
        const { sql, params } = call(fn, args);
        expect(await sqlState(asAnon(db, (tx) => tx.query(sql, params))), `${fn} as anon`).toBe('42501');
      }
      // and an account of another organization cannot be given a portal here
      const foreign = await refusal(staff(other.owner, 'create_portal', { p_id: randomUUID(), p_org_id: other.orgId, p_kind: 'customer', p_customer_id: ids.account, p_settings: { name: 'x' } }));
      expect(foreign).toMatchObject({ code: '22023', detail: 'invalid_portal', hint: 'customer' });
    });

    it('checks the settings and names the field', async () => {
      const attempt = (settings: Row, kind: 'customer' | 'prospect' = 'customer', customer = ids.account) =>
        refusal(staff(team.admin, 'create_portal', { p_id: randomUUID(), p_org_id: team.orgId, p_kind: kind, p_customer_id: customer, p_settings: { name: 'Portal', ...settings } }));
      expect(await attempt({ name: '  ' })).toMatchObject({ detail: 'invalid_portal', hint: 'name' });
      expect(await attempt({ name: 'x'.repeat(201) })).toMatchObject({ detail: 'invalid_portal', hint: 'name' });
      expect(await attempt({ brand_color: 'teal' })).toMatchObject({ detail: 'invalid_portal', hint: 'brand_color' });
      expect(await attempt({ welcome_message: 'x'.repeat(2001) })).toMatchObject({ detail: 'invalid_portal', hint: 'welcome_message' });
      expect(await attempt({ show_all_estimates: false, visible_estimate_ids: [] })).toMatchObject({ hint: 'visible_estimate_ids' });
      expect(await attempt({ show_all_estimates: false, visible_estimate_ids: [ids.otherAccount] })).toMatchObject({ hint: 'visible_estimate_ids' });
      expect(await attempt({ show_all_estimates: false, visible_estimate_ids: [ids.foreignEstimate] })).toMatchObject({ hint: 'visible_estimate_ids' });
      expect(await attempt({ visible_estimate_ids: ['not-a-uuid'] })).toMatchObject({ hint: 'visible_estimate_ids' });
      expect(await attempt({ expires_at: '2001-01-01T00:00:00Z' })).toMatchObject({ hint: 'expires_at' });
      expect(await attempt({}, 'prospect', ids.account)).toMatchObject({ hint: 'customer' });
      const id = randomUUID();
      await staff(team.admin, 'create_portal', { p_id: id, p_org_id: team.orgId, p_kind: 'customer', p_customer_id: ids.account, p_settings: { name: 'Once' } });
      expect(await refusal(staff(team.admin, 'create_portal', { p_id: id, p_org_id: team.orgId, p_kind: 'customer', p_customer_id: ids.account, p_settings: { name: 'Twice' } })))
        .toMatchObject({ code: 'PT409', detail: 'portal_exists' });
    });

    it('keeps only hashes; a client write cannot set the server-owned columns', async () => {
      const portal = await createPortal(team, 'customer', ids.account);
      const { rows } = await db.query<Row>(`select token_hash from public.portal_links where portal_id = $1`, [portal.id]);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).not.toContain(portal.token);
      expect(JSON.stringify((await db.query(`select * from public.portals where id = $1`, [portal.id])).rows)).not.toContain(portal.token);
      await asUser(db, team.admin, (tx) => tx.query(`update public.portals set view_count = 999, revoked_at = now(), expires_at = now() + interval '1 day' where id = $1`, [portal.id]));
      expect((await db.query(`select view_count, revoked_at, expires_at from public.portals where id = $1`, [portal.id])).rows).toEqual([{ view_count: 0, revoked_at: null, expires_at: null }]);
    });

    it('mails a new link through the outbox, to a contact or a typed address, and lists links without tokens', async () => {
      const portal = await createPortal(team, 'customer', ids.account);
      const sent = await staff<{ sent_to: string }>(team.sales, 'send_portal_link', { p_portal_id: portal.id, p_prospect_id: ids.alice, p_message: 'See you Monday' });
      expect(sent!.sent_to).toBe(await emailOf(ids.alice));
      const [mail] = (await db.query<Row>(`select subject, contains_secret from public.mail_outbox where "to" = $1 order by created_at desc limit 1`, [sent!.sent_to])).rows;
      expect(mail).toMatchObject({ subject: 'Stone & Sons: your portal Acme project portal', contains_secret: true });
      const [delivered] = await (async () => {
        await server.outbox.drain();
        return listMailbox(server.ctx, sent!.sent_to);
      })();
      const mailedToken = /\/portal\/([A-Za-z0-9_-]{40,})/.exec(delivered!.text)![1]!;
      expect(delivered!.text).toContain('See you Monday');
      expect(await rpc('portal_sign_in_options', { p_token: mailedToken, p_code: null })).toMatchObject({ portal_id: portal.id });

      expect(await refusal(staff(team.sales, 'send_portal_link', { p_portal_id: portal.id, p_email: 'not an address' }))).toMatchObject({ detail: 'invalid_email' });
      const activity = (await staff<{ links: Row[] }>(team.viewer, 'portal_activity', { p_portal_id: portal.id }))!;
      expect(activity.links.map((l) => l.channel).sort()).toEqual(['email', 'link']);
      expect(JSON.stringify(activity)).not.toContain(portal.token);
      expect(JSON.stringify(activity)).not.toContain(mailedToken);

      await staff(team.admin, 'revoke_portal_token', { portal_id: portal.id });
      expect(await refusal(staff(team.sales, 'send_portal_link', { p_portal_id: portal.id, p_prospect_id: ids.alice }))).toMatchObject({ code: 'PT409', detail: 'portal_closed' });
    });
  });

  describe('signing in', () => {
    it('shows the portal and its contacts (masked addresses) for a valid link, logs it, and answers every bad link alike', async () => {
      const portal = await createPortal(team, 'customer', ids.account);
      const ip = freshIp();
      const options = (await rpc<Row>('portal_sign_in_options', { p_token: portal.token, p_code: null }, ip))!;
      expect(options).toMatchObject({ portal_id: portal.id, kind: 'customer', name: 'Acme project portal', needs_code: true, organization: { name: 'Stone & Sons' } });
      const contacts = options.contacts as { id: string; name: string; email_hint: string }[];
      expect(contacts.map((c) => c.id).sort()).toEqual([ids.alice, ids.bob].sort());
      expect(contacts.find((c) => c.id === ids.alice)!.email_hint).toMatch(/^a•••@acme\.example$/);
      expect(JSON.stringify(options)).not.toMatch(/@test\.example|alice-/);
      expect(await logsOf(portal.id)).toEqual([{ token_kind: 'portal', outcome: 'ok', what: 'sign-in with link', ip_address: ip, user_agent: 'Mozilla/5.0 (iPad) PortalTest', session_id: null, prospect_id: null }]);

      const revoked = await createPortal(team, 'customer', ids.account);
      await staff(team.admin, 'revoke_portal_token', { portal_id: revoked.id });
      const expired = await createPortal(team, 'customer', ids.account);
      await db.query(`update public.portals set expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);
      const deleted = await createPortal(team, 'customer', ids.account);
      await staff(team.admin, 'delete_portal', { p_portal_id: deleted.id });
      const rotated = await createPortal(team, 'customer', ids.account);
      await staff(team.admin, 'rotate_portal_token', { p_portal_id: rotated.id });
      const badIp = freshIp();
      for (const token of [revoked.token, expired.token, deleted.token, rotated.token, 'x'.repeat(43), 'short', "'; drop table portals; --"]) {
        expect(await rpc('portal_sign_in_options', { p_token: token, p_code: null }, badIp), token).toBeNull();
      }
      expect(await failedLookups(badIp)).toBe(7);
      for (const id of [revoked.id, expired.id, deleted.id, rotated.id]) expect(await logsOf(id)).toEqual([]);
    });

    it('confirms with the e-mailed one-time code: wrong codes count down, a used or expired code is refused, the session is stored hashed', async () => {
      const portal = await createPortal(team, 'customer', ids.account);
      const ip = freshIp();
      expect(await refusal(rpc('portal_send_sign_in_code', { p_token: portal.token, p_code: null, p_prospect_id: ids.carol }, ip))).toMatchObject({ detail: 'contact_unknown' });
      expect(await refusal(rpc('portal_send_sign_in_code', { p_token: portal.token, p_code: null, p_prospect_id: ids.foreignContact }, ip))).toMatchObject({ detail: 'contact_unknown' });
      const sent = (await rpc<{ challenge_id: string; sent_to: string }>('portal_send_sign_in_code', { p_token: portal.token, p_code: null, p_prospect_id: ids.alice }, ip))!;
      expect(sent.sent_to).toMatch(/^a•••@acme\.example$/);
      const code = await lastCode(await emailOf(ids.alice));
      const wrong = code === '000000' ? '111111' : '000000';
      const attempt = (one: string, challenge = sent.challenge_id) =>
        rpc<Row>('portal_sign_in', { p_token: portal.token, p_code: null, p_challenge_id: challenge, p_one_time_code: one, p_encrypted_data: BLOB }, ip);
      expect(await attempt(wrong)).toEqual({ status: 'wrong_code', attempts_left: 4 });
      expect(await attempt(wrong)).toEqual({ status: 'wrong_code', attempts_left: 3 });
      expect(await refusal(rpc('portal_sign_in', { p_token: portal.token, p_code: null, p_challenge_id: sent.challenge_id, p_one_time_code: code, p_encrypted_data: '' }, ip)))
        .toMatchObject({ detail: 'invalid_session_data' });
      const signedIn = (await attempt(` ${code.slice(0, 3)} ${code.slice(3)} `))!;
      expect(signedIn).toMatchObject({ status: 'signed_in', portal_id: portal.id, prospect_id: ids.alice, kind: 'customer' });
      expect(await attempt(code)).toEqual({ status: 'code_expired' });

      const [row] = (await db.query<Row>(`select * from public.customer_sessions where portal_id = $1`, [portal.id])).rows;
      expect(row).toMatchObject({ prospect_id: ids.alice, encrypted_data: BLOB, ip_address: ip, user_agent: 'Mozilla/5.0 (iPad) PortalTest' });
      expect(JSON.stringify(row)).not.toContain(String(signedIn.session_token));
      const life = new Date(String(row!.expires_at)).getTime() - new Date(String(row!.created_at)).getTime();
      expect(life).toBe(24 * 3600 * 1000);
      expect((await logsOf(portal.id)).map((l) => l.what)).toEqual(['signed in']);

      // five wrong tries use a code up; a code past its 10 minutes is refused
      const second = (await rpc<{ challenge_id: string }>('portal_send_sign_in_code', { p_token: portal.token, p_code: null, p_prospect_id: ids.bob }, ip))!;
      const bobCode = await lastCode(await emailOf(ids.bob));
      for (let i = 0; i < 5; i++) await attempt(bobCode === '000000' ? '111111' : '000000', second.challenge_id);
      expect(await attempt(bobCode, second.challenge_id)).toEqual({ status: 'code_expired' });
      const third = (await rpc<{ challenge_id: string }>('portal_send_sign_in_code', { p_token: portal.token, p_code: null, p_prospect_id: ids.bob }, ip))!;
      const thirdCode = await lastCode(await emailOf(ids.bob));
      await db.query(`update public.portal_sign_in_codes set expires_at = now() - interval '1 second' where id = $1`, [third.challenge_id]);
      expect(await attempt(thirdCode, third.challenge_id)).toEqual({ status: 'code_expired' });
      // a code of one portal does not open another
      const elsewhere = await createPortal(team, 'customer', ids.account);
      const fourth = (await rpc<{ challenge_id: string }>('portal_send_sign_in_code', { p_token: portal.token, p_code: null, p_prospect_id: ids.bob }, ip))!;
      const fourthCode = await lastCode(await emailOf(ids.bob));
      expect(await rpc('portal_sign_in', { p_token: elsewhere.token, p_code: null, p_challenge_id: fourth.challenge_id, p_one_time_code: fourthCode, p_encrypted_data: BLOB }, ip))
        .toEqual({ status: 'code_expired' });
    });

    it('sends at most 5 codes to one person and 10 from one address in 15 minutes', async () => {
      const portal = await createPortal(team, 'customer', ids.account);
      const send = (contact: string, ip: string) => rpc('portal_send_sign_in_code', { p_token: portal.token, p_code: null, p_prospect_id: contact }, ip);
      await db.query(`delete from private.rate_counters where bucket = 'portal_sign_in_code_contact'`);
      for (let i = 0; i < 5; i++) expect(await send(ids.bob, freshIp())).toMatchObject({ sent_to: expect.stringMatching(/^b•••/) });
      expect(await sqlState(send(ids.bob, freshIp()))).toBe('PGRST');
      const ip = freshIp();
      for (let i = 0; i < 10; i++) {
        await db.query(`delete from private.rate_counters where bucket = 'portal_sign_in_code_contact'`);
        await send(ids.alice, ip);
      }
      await db.query(`delete from private.rate_counters where bucket = 'portal_sign_in_code_contact'`);
      expect(await sqlState(send(ids.alice, ip))).toBe('PGRST');
    });

    it('opens with the access code (typed loosely), replaced by a new one, and locks out after 5 wrong codes per address and per portal', async () => {
      const portal = await createPortal(team, 'customer', ids.account);
      const { code } = (await staff<{ code: string }>(team.admin, 'new_portal_access_code', { p_portal_id: portal.id }))!;
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
      expect(await rpc('portal_sign_in_options', { p_token: null, p_code: ` ${code.toLowerCase().replaceAll('-', ' ')} ` })).toMatchObject({ portal_id: portal.id });
      expect((await logsOf(portal.id)).map((l) => l.what)).toEqual(['sign-in with access code']);
      const session = await signIn({ p_code: code }, ids.bob);
      expect(await home(session)).toMatchObject({ portal: { id: portal.id } });

      const { code: next } = (await staff<{ code: string }>(team.admin, 'new_portal_access_code', { p_portal_id: portal.id }))!;
      expect(await rpc('portal_sign_in_options', { p_token: null, p_code: code })).toBeNull();
      expect(await rpc('portal_sign_in_options', { p_token: null, p_code: next })).toMatchObject({ portal_id: portal.id });

      // per address: five wrong codes (any portal), then 429 even for a right one
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect(await rpc('portal_sign_in_options', { p_token: null, p_code: `ZZZZ-ZZZZ-ZZZ${i + 2}` }, ip)).toBeNull();
      expect(await sqlState(rpc('portal_sign_in_options', { p_token: null, p_code: next }, ip))).toBe('PGRST');
      // per portal: five wrong secrets for this portal's code from five addresses lock it for everyone
      const wrongSecret = `${next.slice(0, 4)}-ZZZZ-ZZZZ` === next ? `${next.slice(0, 4)}-YYYY-YYYY` : `${next.slice(0, 4)}-ZZZZ-ZZZZ`;
      for (let i = 0; i < 5; i++) expect(await rpc('portal_sign_in_options', { p_token: null, p_code: wrongSecret })).toBeNull();
      const locked = await refusal(rpc('portal_sign_in_options', { p_token: null, p_code: next }));
      expect(locked.code).toBe('PGRST');
      // the link still opens it
      expect(await rpc('portal_sign_in_options', { p_token: portal.token, p_code: null })).toMatchObject({ portal_id: portal.id });
      // and no access log row was written for the wrong codes
      expect((await logsOf(portal.id)).filter((l) => l.outcome !== 'ok')).toEqual([]);
    });

    it('lets a prospect open a prospect portal with the token alone, unless the portal asks for the code', async () => {
      const portal = await createPortal(team, 'prospect', ids.pat);
      const options = (await rpc<Row>('portal_sign_in_options', { p_token: portal.token, p_code: null }))!;
      expect(options).toMatchObject({ kind: 'prospect', needs_code: false, contacts: [{ id: ids.pat }] });
      const page = (await home(null, portal.token))!;
      expect(page.estimates.map((e) => e.estimate_id)).toEqual([ids.prospectEstimate]);
      expect(page.contact).toMatchObject({ id: ids.pat, first_name: 'Pat' });
      // a session without a code (offline reading on this device)
      const signed = (await rpc<Row>('portal_sign_in', { p_token: portal.token, p_code: null, p_challenge_id: null, p_one_time_code: null, p_encrypted_data: BLOB }))!;
      expect(signed).toMatchObject({ status: 'signed_in', prospect_id: ids.pat, kind: 'prospect' });
      expect(await home(String(signed.session_token))).toMatchObject({ portal: { id: portal.id } });

      await staff(team.admin, 'update_portal', { p_portal_id: portal.id, p_settings: { name: 'Your estimates', require_code: true } });
      expect(await home(null, portal.token)).toBeNull();
      expect(await rpc('portal_sign_in_options', { p_token: portal.token, p_code: null })).toMatchObject({ needs_code: true });
      expect(await rpc('portal_sign_in', { p_token: portal.token, p_code: null, p_challenge_id: null, p_one_time_code: null, p_encrypted_data: BLOB }))
        .toEqual({ status: 'code_expired' });
      const session = await signIn({ p_token: portal.token }, ids.pat);
      expect(await home(session)).toMatchObject({ portal: { id: portal.id } });
      // a customer portal never opens with its token alone
      const customer = await createPortal(team, 'customer', ids.account);
      expect(await home(null, customer.token)).toBeNull();
    });
  });

  describe('the portal with a session', () => {
    let portal: { id: string; token: string };
    let alice: string;
    beforeAll(async () => {
      portal = await createPortal(team, 'customer', ids.account);
      alice = await signIn({ p_token: portal.token }, ids.alice);
      await asUser(db, team.sales, (tx) => tx.query(`insert into public.comments (org_id, portal_id, body) values ($1, $2, 'Welcome to your portal')`, [team.orgId, portal.id]));
      await asUser(db, team.sales, (tx) => tx.query(`insert into public.comments (org_id, portal_id, body, internal) values ($1, $2, $3, true)`, [team.orgId, portal.id, INTERNAL]));
    });

    it('shows exactly the visible estimates, customer-safe, and counts the view', async () => {
      const ip = freshIp();
      const page = (await home(alice, null, ip))!;
      expect(page.estimates.map((e) => e.estimate_id)).toEqual([ids.shown]);
      expect(page).toMatchObject({
        portal: { id: portal.id, name: 'Acme project portal', welcome_message: 'Welcome!', brand_color: '#0f766e', allow_requests: true },
        organization: { name: 'Stone & Sons' },
        contact: { id: ids.alice, first_name: 'Alice' },
        comments: [{ author_kind: 'staff', body: 'Welcome to your portal' }],
      });
      const text = JSON.stringify(page);
      expect(text).not.toMatch(/cost|margin|internal/i);
      expect(text).not.toContain(INTERNAL);
      expect(text).not.toMatch(/@test\.example/);
      const row = (await db.query<Row>(`select view_count, last_accessed_at from public.portals where id = $1`, [portal.id])).rows[0]!;
      expect(row.view_count).toBeGreaterThanOrEqual(1);
      expect(row.last_accessed_at).not.toBeNull();
      const log = (await logsOf(portal.id)).filter((l) => l.what === 'portal home' && l.ip_address === ip);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ token_kind: 'session', prospect_id: ids.alice });

      // a chosen set narrows it; hiding on the estimate wins
      await staff(team.admin, 'update_portal', { p_portal_id: portal.id, p_settings: { name: 'Acme project portal', welcome_message: 'Welcome!', brand_color: '#0f766e', show_all_estimates: false, visible_estimate_ids: [ids.hidden] } });
      expect((await home(alice))!.estimates).toEqual([]);
      await staff(team.admin, 'update_portal', { p_portal_id: portal.id, p_settings: { name: 'Acme project portal', welcome_message: 'Welcome!', brand_color: '#0f766e', show_all_estimates: false, visible_estimate_ids: [ids.shown, ids.hidden] } });
      expect((await home(alice))!.estimates.map((e) => e.estimate_id)).toEqual([ids.shown]);
      await staff(team.admin, 'update_portal', { p_portal_id: portal.id, p_settings: { name: 'Acme project portal', welcome_message: 'Welcome!', brand_color: '#0f766e' } });
    });

    it('takes comments once per key, signed with the contact\'s name, visible to staff and in the updates', async () => {
      const key = randomUUID();
      const first = (await rpc<{ comments: Row[] }>('portal_comment', { p_session: alice, p_token: null, p_key: key, p_body: 'When can you start?' }))!;
      const again = (await rpc<{ comments: Row[] }>('portal_comment', { p_session: alice, p_token: null, p_key: key, p_body: 'When can you start?' }))!;
      expect(first.comments.filter((c) => c.id === key)).toHaveLength(1);
      expect(again.comments).toEqual(first.comments);
      const rows = (await asUser(db, team.viewer, (tx) => tx.query<Row>(`select author_kind, author_name, author_prospect_id, portal_id, internal from public.comments where id = $1`, [key]))).rows;
      expect(rows).toEqual([{ author_kind: 'customer', author_name: 'Alice Doe', author_prospect_id: ids.alice, portal_id: portal.id, internal: false }]);
      expect(await refusal(rpc('portal_comment', { p_session: alice, p_token: null, p_key: randomUUID(), p_body: '   ' }))).toMatchObject({ detail: 'comment_required' });
      expect(await refusal(rpc('portal_comment', { p_session: alice, p_token: null, p_key: randomUUID(), p_body: 'x'.repeat(2001) }))).toMatchObject({ detail: 'comment_too_long' });
      expect(await refusal(rpc('portal_comment', { p_session: alice, p_token: null, p_key: null, p_body: 'Hi' }))).toMatchObject({ detail: 'idempotency_key_required' });
      // a key used on an estimate comment, or by someone else, is not this comment
      const staffComment = (await db.query<{ id: string }>(`select id from public.comments where portal_id = $1 and author_kind = 'staff' limit 1`, [portal.id])).rows[0]!.id;
      expect(await refusal(rpc('portal_comment', { p_session: alice, p_token: null, p_key: staffComment, p_body: 'Hi' }))).toMatchObject({ detail: 'idempotency_key_reused' });
      const updates = (await rpc<{ comments: Row[] }>('portal_updates', { p_session: alice, p_token: null }))!;
      expect(updates.comments.map((c) => c.body)).toContain('When can you start?');
      expect(JSON.stringify(updates)).not.toContain(INTERNAL);
    });

    it('files requests from the portal once per key, with source portal, and refuses them when the portal takes none', async () => {
      const key = randomUUID();
      const args = { p_session: alice, p_token: null, p_key: key, p_name: 'Alice Doe', p_email: 'ALICE@acme.example', p_phone: '555-0101', p_company: 'Acme', p_description: 'A second patio', p_desired_start: null, p_budget_range: '5k_15k' };
      const filed = (await rpc<{ reference: string; requests: Row[] }>('portal_request', args))!;
      expect(filed.reference).toMatch(/^REQ-/);
      expect((await rpc<{ reference: string }>('portal_request', args))!.reference).toBe(filed.reference);
      const rows = (await db.query<Row>(`select source, portal_id, prospect_id, email, status from public.estimate_requests where id = $1`, [key])).rows;
      expect(rows).toEqual([{ source: 'portal', portal_id: portal.id, prospect_id: ids.alice, email: 'alice@acme.example', status: 'new' }]);
      expect(filed.requests.map((r) => r.id)).toContain(key);
      expect(await refusal(rpc('portal_request', { ...args, p_key: randomUUID(), p_email: 'nope' }))).toMatchObject({ detail: 'invalid_request', hint: 'email' });
      expect(await refusal(rpc('portal_request', { ...args, p_key: randomUUID(), p_description: '' }))).toMatchObject({ detail: 'invalid_request', hint: 'description' });
      expect(await refusal(rpc('portal_request', { ...args, p_key: randomUUID(), p_budget_range: 'millions' }))).toMatchObject({ detail: 'invalid_request', hint: 'budget_range' });
      // Bob (same account) does not see Alice's requests
      const bob = await signIn({ p_token: portal.token }, ids.bob);
      expect((await home(bob))!.requests).toEqual([]);
      await staff(team.admin, 'update_portal', { p_portal_id: portal.id, p_settings: { name: 'Acme project portal', welcome_message: 'Welcome!', brand_color: '#0f766e', allow_requests: false } });
      expect(await refusal(rpc('portal_request', { ...args, p_key: randomUUID() }))).toMatchObject({ code: 'PT409', detail: 'requests_closed' });
      await staff(team.admin, 'update_portal', { p_portal_id: portal.id, p_settings: { name: 'Acme project portal', welcome_message: 'Welcome!', brand_color: '#0f766e' } });
    });

    it('opens a visible estimate in the estimate link view, only while it stays visible and the session lasts', async () => {
      const link = (await rpc<{ token: string }>('portal_estimate_link', { p_session: alice, p_token: null, p_estimate_id: ids.shown }))!;
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await rpc<{ token: string }>('portal_estimate_link', { p_session: alice, p_token: null, p_estimate_id: ids.shown }))!.token).toBe(link.token);
      const opened = (await rpc<Row>('estimate_by_link_token', { p_token: link.token }))!;
      expect(opened).toMatchObject({ estimate_id: ids.shown });
      expect(JSON.stringify(opened)).not.toMatch(/cost|margin/i);
      for (const id of [ids.hidden, ids.draft, ids.otherAccount, ids.prospectEstimate, ids.foreignEstimate, randomUUID()]) {
        expect(await rpc('portal_estimate_link', { p_session: alice, p_token: null, p_estimate_id: id }), id).toBeNull();
      }
      expect((await logsOf(portal.id)).some((l) => String(l.what).startsWith('estimate '))).toBe(true);

      await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set hidden_from_portal = true where id = $1`, [ids.shown]));
      expect(await rpc('estimate_by_link_token', { p_token: link.token })).toBeNull();
      await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set hidden_from_portal = false where id = $1`, [ids.shown]));
      const renewed = (await rpc<{ token: string }>('portal_estimate_link', { p_session: alice, p_token: null, p_estimate_id: ids.shown }))!;
      expect(await rpc('estimate_by_link_token', { p_token: renewed.token })).toMatchObject({ estimate_id: ids.shown });

      const bob = await signIn({ p_token: portal.token }, ids.bob);
      const bobLink = (await rpc<{ token: string }>('portal_estimate_link', { p_session: bob, p_token: null, p_estimate_id: ids.shown }))!;
      expect(bobLink.token).not.toBe(link.token);
      await rpc('portal_sign_out', { p_session: bob });
      expect(await rpc('estimate_by_link_token', { p_token: bobLink.token })).toBeNull();
      expect(await rpc('estimate_by_link_token', { p_token: renewed.token })).toMatchObject({ estimate_id: ids.shown });
    });

    it('lists the sessions and the access log for staff, and ends a session when staff revoke it', async () => {
      const bobPortal = await createPortal(team, 'customer', ids.account);
      await rpc('portal_sign_in_options', { p_token: bobPortal.token, p_code: null });
      const session = await signIn({ p_token: bobPortal.token }, ids.bob);
      await home(session);
      const activity = (await staff<{ sessions: Row[]; access_log: Row[] }>(team.viewer, 'portal_activity', { p_portal_id: bobPortal.id }))!;
      expect(activity.sessions).toHaveLength(1);
      expect(activity.sessions[0]).toMatchObject({ person: 'Bob Doe', user_agent: 'Mozilla/5.0 (iPad) PortalTest' });
      expect(activity.access_log.map((l) => l.what)).toEqual(['portal home', 'signed in', 'sign-in with link']);
      expect(activity.access_log[0]).toMatchObject({ person: 'Bob Doe', token_kind: 'session', user_agent: 'Mozilla/5.0 (iPad) PortalTest' });
      expect(await sqlState(staff(team.sales, 'revoke_customer_session', { p_session_id: activity.sessions[0]!.id }))).toBe('42501');
      await staff(team.admin, 'revoke_customer_session', { p_session_id: activity.sessions[0]!.id });
      expect(await home(session)).toBeNull();
    });
  });

  describe('every customer RPC refuses expired, revoked, unknown and foreign sessions alike', () => {
    const customerCalls: [string, (session: string) => Row][] = [
      ['portal_session_check', (s) => ({ p_session: s })],
      ['portal_home', (s) => ({ p_session: s, p_token: null })],
      ['portal_updates', (s) => ({ p_session: s, p_token: null })],
      ['portal_comment', (s) => ({ p_session: s, p_token: null, p_key: randomUUID(), p_body: 'Hello' })],
      ['portal_request', (s) => ({ p_session: s, p_token: null, p_key: randomUUID(), p_name: 'A', p_email: 'a@b.example', p_phone: '', p_company: '', p_description: 'Work', p_desired_start: null, p_budget_range: '' })],
      ['portal_estimate_link', (s) => ({ p_session: s, p_token: null, p_estimate_id: ids.shown })],
    ];

    it.each(customerCalls)('%s', async (fn, args) => {
      const portal = await createPortal(team, 'customer', ids.account);
      const valid = await signIn({ p_token: portal.token }, ids.alice);
      expect(await rpc(fn, args(valid)), 'valid').not.toBeNull();

      const expired = await signIn({ p_token: portal.token }, ids.alice);
      await db.query(`update public.customer_sessions set expires_at = now() - interval '1 second' where session_token_hash = private.token_hash($1)`, [expired]);
      const revoked = await signIn({ p_token: portal.token }, ids.alice);
      const revokedId = (await db.query<{ id: string }>(`select id from public.customer_sessions where session_token_hash = private.token_hash($1)`, [revoked])).rows[0]!.id;
      await staff(team.admin, 'revoke_customer_session', { p_session_id: revokedId });
      const closed = await createPortal(team, 'customer', ids.account);
      const ofClosedPortal = await signIn({ p_token: closed.token }, ids.alice);
      await staff(team.admin, 'revoke_portal_token', { portal_id: closed.id });
      const foreignPortal = await createPortal(other, 'customer', ids.foreignAccount);
      const foreign = await signIn({ p_token: foreignPortal.token }, ids.foreignContact);

      const ip = freshIp();
      for (const [what, session] of [['expired', expired], ['revoked', revoked], ['portal revoked', ofClosedPortal], ['unknown', 'A'.repeat(43)], ['malformed', 'nope']] as const) {
        expect(await rpc(fn, args(session), ip), what).toBeNull();
      }
      expect(await failedLookups(ip)).toBe(5);
      // the expired row is deleted when it is presented
      expect((await db.query(`select 1 from public.customer_sessions where session_token_hash = private.token_hash($1)`, [expired])).rows).toEqual([]);
      // a session of another organization's portal reaches only that portal
      if (fn === 'portal_estimate_link') expect(await rpc(fn, args(foreign))).toBeNull();
      if (fn === 'portal_home') expect((await rpc<Home>(fn, args(foreign)))!.estimates.map((e) => e.estimate_id)).toEqual([ids.foreignEstimate]);
    });

    it('signs out by deleting the row', async () => {
      const portal = await createPortal(team, 'customer', ids.account);
      const session = await signIn({ p_token: portal.token }, ids.alice);
      await rpc('portal_sign_out', { p_session: session });
      expect(await rpc('portal_session_check', { p_session: session })).toBeNull();
      expect((await db.query(`select 1 from public.customer_sessions where portal_id = $1`, [portal.id])).rows).toEqual([]);
    });

    it('ends every session and link on rotation, and the new link works', async () => {
      const portal = await createPortal(team, 'customer', ids.account);
      const session = await signIn({ p_token: portal.token }, ids.alice);
      const { code } = (await staff<{ code: string }>(team.admin, 'new_portal_access_code', { p_portal_id: portal.id }))!;
      const link = (await rpc<{ token: string }>('portal_estimate_link', { p_session: session, p_token: null, p_estimate_id: ids.shown }))!;
      const rotated = (await staff<{ token: string }>(team.admin, 'rotate_portal_token', { p_portal_id: portal.id }))!;
      expect(await home(session)).toBeNull();
      expect(await rpc('estimate_by_link_token', { p_token: link.token })).toBeNull();
      expect(await rpc('portal_sign_in_options', { p_token: portal.token, p_code: null })).toBeNull();
      expect(await rpc('portal_sign_in_options', { p_token: null, p_code: code })).toBeNull();
      expect(await rpc('portal_sign_in_options', { p_token: rotated.token, p_code: null })).toMatchObject({ portal_id: portal.id });
    });

    it('refuses prospect portal tokens alike: revoked link, other portal\'s estimate', async () => {
      const portal = await createPortal(team, 'prospect', ids.pat);
      expect(await rpc('portal_estimate_link', { p_session: null, p_token: portal.token, p_estimate_id: ids.prospectEstimate })).not.toBeNull();
      expect(await rpc('portal_estimate_link', { p_session: null, p_token: portal.token, p_estimate_id: ids.shown })).toBeNull();
      const second = (await staff<{ token: string; link_id: string }>(team.admin, 'issue_portal_token', { portal_id: portal.id }))!;
      await staff(team.admin, 'revoke_portal_link', { p_link_id: second.link_id });
      for (const fn of ['portal_home', 'portal_updates']) expect(await rpc(fn, { p_session: null, p_token: second.token }), fn).toBeNull();
      expect(await rpc('portal_home', { p_session: null, p_token: portal.token })).not.toBeNull();
      expect((await logsOf(portal.id)).find((l) => l.what === 'portal home')).toMatchObject({ token_kind: 'prospect_portal', prospect_id: ids.pat, session_id: null });
      // with a session, the page's token is checked too: it must open the session's portal
      const signed = (await rpc<{ session_token: string }>('portal_sign_in', { p_token: portal.token, p_code: null, p_challenge_id: null, p_one_time_code: null, p_encrypted_data: BLOB }))!;
      const another = await createPortal(team, 'prospect', ids.pat);
      expect(await home(signed.session_token, portal.token)).not.toBeNull();
      expect(await home(signed.session_token, another.token)).toBeNull();
      expect(await home(signed.session_token, second.token)).toBeNull();
    });
  });

  it('keeps the new tables out of reach of API roles', async () => {
    for (const table of ['portal_links', 'portal_access_codes', 'portal_sign_in_codes', 'customer_sessions', 'access_logs']) {
      expect(await sqlState(asUser(db, team.owner, (tx) => tx.query(`select * from public.${table}`))), table).toBe('42501');
      expect(await sqlState(asAnon(db, (tx) => tx.query(`select * from public.${table}`))), table).toBe('42501');
    }
  });
});
