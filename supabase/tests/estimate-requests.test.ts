// The public request form: organizations' request slugs, filing a request and a prospect
// (reused by e-mail), the confirmation mail, idempotent submits, the honeypot, validation,
// the per-address rate limit, and who sees what.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { withRequestContext } from '../local/request-context';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asAnon, asUser, createTeam, signUpUser, sqlState, uniqueEmail, type Team } from './helpers';

const backends = await backendsToTest();

type Row = Record<string, unknown>;
type Answer = { reference: string; organization: { name: string } } | null;

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

describe.each(backends)('estimate requests from /requests on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let first: Team;
  let team: Team;
  let slug: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    first = await createTeam(db, 'req-first');
    team = await createTeam(db, 'req');
    await db.query(`update public.organizations set name = 'Greenway Landscaping' where id = $1`, [team.orgId]);
    slug = (await db.query<{ s: string }>(`select request_slug as s from public.organizations where id = $1`, [team.orgId])).rows[0]!.s;
  });
  afterAll(() => server?.close());

  const asVisitor = <T,>(ip: string, fn: (tx: Queryable) => Promise<T>) =>
    withRequestContext(db, { role: 'anon', claims: { role: 'anon' }, headers: { 'x-forwarded-for': ip, 'user-agent': 'Mozilla/5.0 RequestTest' } }, fn);

  const submit = async (values: Record<string, unknown> = {}, ip = freshIp()): Promise<Answer> => {
    const args = {
      p_key: randomUUID(), p_org: slug, p_name: 'Robin Gardner', p_email: `robin-${randomUUID().slice(0, 6)}@example.com`, p_phone: '555-0199',
      p_company: 'Gardner Homes', p_description: 'A new patio and planting beds, about 400 sq ft.', p_desired_start: null, p_budget_range: '15k_50k',
      p_website: '', ...values,
    };
    const { rows } = await asVisitor(ip, (tx) =>
      tx.query<{ r: Answer }>(
        `select public.submit_estimate_request(p_key => $1::uuid, p_org => $2, p_name => $3, p_email => $4, p_phone => $5, p_company => $6,
           p_description => $7, p_desired_start => $8::date, p_budget_range => $9, p_website => $10) as r`,
        Object.values(args),
      ),
    );
    return rows[0]!.r;
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => ({ code: 'succeeded' as string | undefined, detail: undefined as string | undefined, hint: undefined as string | undefined, message: undefined as string | undefined }),
      (e: { code?: string; detail?: string; hint?: string; message?: string }) => ({ code: e.code, detail: e.detail, hint: e.hint, message: e.message }),
    );
  const requestsOf = async (email: string) => (await db.query<Row>(`select * from public.estimate_requests where email = $1 order by created_at`, [email])).rows;
  const prospectsOf = async (email: string) => (await db.query<Row>(`select * from public.prospects where lower(email) = lower($1)`, [email])).rows;
  const mailsTo = async (email: string) => (await db.query<Row>(`select * from public.mail_outbox where "to" = $1`, [email])).rows;

  describe('request slugs', () => {
    it('gives every organization a slug from its name, unique, which owners and admins may change', async () => {
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const other = await createTeam(db, 'req-slug');
      const change = (userId: string, value: string) =>
        asUser(db, userId, (tx) => tx.query(`update public.organizations set request_slug = $2 where id = $1`, [other.orgId, value]));
      await change(other.admin, 'oak-and-stone');
      expect((await db.query(`select request_slug from public.organizations where id = $1`, [other.orgId])).rows[0]).toEqual({ request_slug: 'oak-and-stone' });
      expect(await sqlState(change(other.owner, 'Not A Slug!'))).toBe('23514');
      expect(await sqlState(change(other.owner, 'ab'))).toBe('23514');
      expect(await sqlState(change(other.owner, slug))).toBe('23505');
      await change(other.owner, '');
      const again = (await db.query<{ s: string }>(`select request_slug as s from public.organizations where id = $1`, [other.orgId])).rows[0]!.s;
      expect(again).toMatch(/^req-slug-/);
      // A sales rep cannot change the organization at all (row level security).
      await change(other.sales, 'sales-choice');
      expect((await db.query(`select request_slug from public.organizations where id = $1`, [other.orgId])).rows[0]).toEqual({ request_slug: again });
    });

    // Two people signing up at the same moment with the same name (CI saw one sign-up refused
    // with 409): both organizations get a slug, different ones.
    if (backend === 'postgres') it('gives organizations of the same name created at the same moment different slugs', async () => {
      const name = `Same Name ${randomUUID().slice(0, 6)}`;
      const owners = await Promise.all(Array.from({ length: 8 }, (_, i) => signUpUser(db, uniqueEmail(`same-${i}`), { first_name: name, last_name: 'Builder' })));
      const { rows } = await db.query<{ s: string }>(`select o.request_slug as s from public.organizations o join public.profiles p on p.org_id = o.id where p.user_id = any($1)`, [owners]);
      expect(new Set(rows.map((r) => r.s)).size).toBe(8);
    });

    it('names the organization a form files to: by slug, or the oldest one without a slug; null for an unknown slug', async () => {
      const heading = (value: string | null) => asAnon(db, (tx) => tx.query<{ r: Row | null }>(`select public.request_form_organization($1) as r`, [value]));
      expect((await heading(slug)).rows[0]!.r).toMatchObject({ name: 'Greenway Landscaping', slug, brand_color: '#2563eb' });
      expect((await heading(slug.toUpperCase())).rows[0]!.r).toMatchObject({ name: 'Greenway Landscaping' });
      const firstName = (await db.query<{ name: string }>(`select name from public.organizations where id = $1`, [first.orgId])).rows[0]!.name;
      expect((await heading(null)).rows[0]!.r).toMatchObject({ name: firstName });
      expect((await heading('no-such-business')).rows[0]!.r).toBeNull();
      expect((await heading('x'.repeat(500))).rows[0]!.r).toBeNull();
      expect(JSON.stringify((await heading(slug)).rows[0]!.r)).not.toMatch(/@/);
    });
  });

  describe('submitting', () => {
    it('files a request and a new prospect, and mails the requester a confirmation with the reference', async () => {
      const email = `Robin.Gardner-${randomUUID().slice(0, 6)}@Example.com`;
      const answer = await submit({ p_email: email, p_name: '  Robin   de Gardner ', p_desired_start: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10) }, '192.0.2.200');
      expect(answer).toEqual({ reference: expect.stringMatching(/^REQ-[A-HJKMNP-Z2-9]{8}$/), organization: { name: 'Greenway Landscaping' } });
      const [request] = await requestsOf(email.toLowerCase());
      expect(request).toMatchObject({
        org_id: team.orgId, reference: answer!.reference, name: 'Robin de Gardner', email: email.toLowerCase(), phone: '555-0199', company: 'Gardner Homes',
        budget_range: '15k_50k', source: 'request_form', status: 'new', ip_address: '192.0.2.200', user_agent: 'Mozilla/5.0 RequestTest',
      });
      const [prospect] = await prospectsOf(email);
      expect(prospect).toMatchObject({ org_id: team.orgId, first_name: 'Robin', last_name: 'de Gardner', company: 'Gardner Homes', source: 'request_form', status: 'new' });
      expect(request!.prospect_id).toBe(prospect!.id);
      const [mail] = await mailsTo(email.toLowerCase());
      expect(mail).toMatchObject({ org_id: team.orgId, subject: `We received your estimate request (${answer!.reference})` });
      expect(String(mail!.text)).toContain('Greenway Landscaping received it');
    });

    it('reuses the organization’s prospect with the same e-mail, whatever its case', async () => {
      const email = `returning-${randomUUID().slice(0, 6)}@example.com`;
      const existing = await asUser(db, team.sales, (tx) =>
        tx.query<{ id: string }>(`insert into public.prospects (org_id, first_name, email, source) values ($1, 'Sam', $2, 'manual') returning id`, [team.orgId, email.toUpperCase()]),
      );
      await submit({ p_email: email });
      await submit({ p_email: email });
      expect((await requestsOf(email)).map((r) => r.prospect_id)).toEqual([existing.rows[0]!.id, existing.rows[0]!.id]);
      expect(await prospectsOf(email)).toHaveLength(1);
      expect((await prospectsOf(email))[0]).toMatchObject({ first_name: 'Sam', source: 'manual' });
    });

    it('files once for a repeated submit with the same key', async () => {
      const key = randomUUID();
      const email = `twice-${randomUUID().slice(0, 6)}@example.com`;
      const one = await submit({ p_key: key, p_email: email });
      const two = await submit({ p_key: key, p_email: email });
      expect(two).toEqual(one);
      expect(await requestsOf(email)).toHaveLength(1);
      expect(await mailsTo(email)).toHaveLength(1);
    });

    it('files to the oldest organization without a slug, and nothing for an unknown slug', async () => {
      const email = `default-${randomUUID().slice(0, 6)}@example.com`;
      await submit({ p_org: null, p_email: email });
      expect((await requestsOf(email))[0]).toMatchObject({ org_id: first.orgId });
      const lost = `lost-${randomUUID().slice(0, 6)}@example.com`;
      expect(await submit({ p_org: 'no-such-business', p_email: lost })).toBeNull();
      expect(await requestsOf(lost)).toEqual([]);
    });

    it('answers a filled honeypot like a request and files nothing', async () => {
      const email = `bot-${randomUUID().slice(0, 6)}@example.com`;
      const answer = await submit({ p_email: email, p_website: 'http://spam.example' });
      expect(answer).toEqual({ reference: expect.stringMatching(/^REQ-/), organization: { name: 'Greenway Landscaping' } });
      expect(await requestsOf(email)).toEqual([]);
      expect(await prospectsOf(email)).toEqual([]);
      expect(await mailsTo(email)).toEqual([]);
    });

    it('refuses each invalid field with its name in the hint', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ p_name: ' ' }, 'name'],
        [{ p_name: 'n'.repeat(201) }, 'name'],
        [{ p_email: '' }, 'email'],
        [{ p_email: 'robin at example' }, 'email'],
        [{ p_phone: '5'.repeat(51) }, 'phone'],
        [{ p_company: 'c'.repeat(201) }, 'company'],
        [{ p_description: '' }, 'description'],
        [{ p_description: 'd'.repeat(5001) }, 'description'],
        [{ p_budget_range: 'a lot' }, 'budget_range'],
        [{ p_desired_start: '2001-01-01' }, 'desired_start'],
      ];
      for (const [values, field] of cases) {
        expect(await refusal(submit(values)), field).toMatchObject({ code: '22023', detail: 'invalid_request', hint: field });
      }
      expect(await refusal(submit({ p_key: null }))).toMatchObject({ code: '22023', detail: 'idempotency_key_required' });
    });

    it('limits each address to 10 requests an hour, with a clear message', async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) expect(await submit({}, ip)).not.toBeNull();
      const blocked = await refusal(submit({}, ip));
      expect(blocked.code).toBe('PGRST');
      expect(JSON.parse(String(blocked.message))).toEqual({ code: 'too_many_requests', message: 'Too many requests from this connection. Please try again in an hour, or call us.' });
      expect(await submit({}, freshIp())).not.toBeNull();
    });
  });

  describe('who sees requests', () => {
    it('shows a filed request and its prospect to every member of the organization, and to nobody else', async () => {
      const email = `seen-${randomUUID().slice(0, 6)}@example.com`;
      await submit({ p_email: email });
      const count = async (userId: string, table: string) =>
        (await asUser(db, userId, (tx) => tx.query(`select 1 from public.${table} where lower(email) = $1`, [email]))).rows.length;
      for (const member of [team.owner, team.admin, team.sales, team.viewer]) {
        expect(await count(member, 'estimate_requests')).toBe(1);
        expect(await count(member, 'prospects')).toBe(1);
      }
      expect(await count(first.owner, 'estimate_requests')).toBe(0);
      expect(await count(first.owner, 'prospects')).toBe(0);
      expect(await sqlState(asAnon(db, (tx) => tx.query(`select * from public.estimate_requests limit 1`)))).toBe('42501');
    });

    it('keeps the reference server-owned', async () => {
      const email = `ref-${randomUUID().slice(0, 6)}@example.com`;
      const answer = await submit({ p_email: email });
      const [request] = await requestsOf(email);
      await asUser(db, team.sales, (tx) => tx.query(`update public.estimate_requests set reference = 'REQ-FORGED', status = 'in_review' where id = $1`, [request!.id]));
      expect((await requestsOf(email))[0]).toMatchObject({ reference: answer!.reference, status: 'in_review' });
    });
  });
});
