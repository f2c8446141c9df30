// The customer's side of an estimate: opening the link page (customer-safe answer, views,
// access log), polling, accepting (signature drawn or typed, optional items, bound to the
// reviewed version), declining, asking for changes, commenting; every bad token kind, stale
// versions, double submits, oversized input and the rate limits; staff over the links.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { withRequestContext } from '../local/request-context';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { canonicalSnapshot, sha256Hex } from '../../src/lib/estimate-snapshot';
import { signatureDataUrl, typedSignatureDataUrl } from '../../src/lib/signature';
import { acceptOnDevice, asAnon, asUser, createTeam, deviceCopy, insertEstimate, insertItem, sqlState, type Team } from './helpers';

const backends = await backendsToTest();

type Row = Record<string, unknown>;
type Payload = {
  estimate_id: string;
  status: string;
  can_act: boolean;
  version: { id: string; version_number: number; sha256: string };
  snapshot: { estimate: Row; items: Row[] } | null;
  milestones: Row[];
  comments: { id: string; author_kind: string; author_name: string; body: string }[];
  decision: Row | null;
  organization: Row;
} & Row;

const DRAWN = signatureDataUrl([[{ x: 10, y: 40 }, { x: 60, y: 20 }, { x: 120, y: 45 }]], 400, 160);
const TYPED = typedSignatureDataUrl('Pat Customer');
const CASTS: Record<string, string> = { p_key: '::uuid', p_version_id: '::uuid', p_selected_item_ids: '::uuid[]', p_agreed: '::boolean' };
const INTERNAL_NOTE = 'Internal: our supplier cost went up, keep the margin above 30';

let ipCounter = 0;
/** A fresh client address, so the per-address limits of one test do not reach another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

describe.each(backends)('the customer estimate page on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  let other: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'cust');
    other = await createTeam(db, 'cust-other');
    await db.query(`update public.organizations set name = 'Harbor Decks', brand_color = '#0f766e', phone = '555-0100', address = '1 Pier Rd' where id = $1`, [team.orgId]);
  });
  afterAll(() => server?.close());

  const asCustomer = <T,>(ip: string, fn: (tx: Queryable) => Promise<T>) =>
    withRequestContext(db, { role: 'anon', claims: { role: 'anon' }, headers: { 'x-forwarded-for': ip, 'user-agent': 'Mozilla/5.0 (iPad) CustomerTest' } }, fn);

  /** Calls an RPC with named arguments as the customer at `ip`. */
  async function rpc<T = Payload | null>(fn: string, args: Record<string, unknown>, ip = freshIp()): Promise<T> {
    const keys = Object.keys(args);
    const sql = `select public.${fn}(${keys.map((k, i) => `${k} => $${i + 1}${CASTS[k] ?? ''}`).join(', ')}) as r`;
    return (await asCustomer(ip, (tx) => tx.query<{ r: T }>(sql, Object.values(args)))).rows[0]!.r;
  }
  const open = (token: string, ip?: string) => rpc('estimate_by_link_token', { p_token: token }, ip);
  const poll = (token: string, versionId: string | null, ip?: string) => rpc('estimate_link_updates', { p_token: token, p_version_id: versionId }, ip);
  const accept = (token: string, args: Record<string, unknown>, ip?: string) =>
    rpc('accept_estimate_by_link', { p_token: token, p_key: randomUUID(), p_name: 'Pat Customer', p_signature: DRAWN, p_signature_method: 'drawn', p_agreed: true, ...args }, ip);
  const decline = (token: string, args: Record<string, unknown>, ip?: string) =>
    rpc('decline_estimate_by_link', { p_token: token, p_key: randomUUID(), p_reason: 'We went with another offer', ...args }, ip);
  const requestChanges = (token: string, args: Record<string, unknown>, ip?: string) =>
    rpc('request_estimate_changes_by_link', { p_token: token, p_key: randomUUID(), p_message: 'Could the railing be cedar too?', ...args }, ip);
  const comment = (token: string, args: Record<string, unknown>, ip?: string) =>
    rpc('comment_on_estimate_by_link', { p_token: token, p_key: randomUUID(), p_name: 'Pat Customer', p_body: 'Looks good', ...args }, ip);
  /** The error an RPC call raises, as { code, detail, message }. */
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => ({ code: 'succeeded' as string | undefined, detail: undefined as string | undefined, message: undefined as string | undefined }),
      (e: { code?: string; detail?: string; message?: string }) => ({ code: e.code, detail: e.detail, message: e.message }),
    );

  const estimateRow = async (id: string) => (await db.query<Row>(`select * from public.estimates where id = $1`, [id])).rows[0]!;
  const versions = async (id: string) => (await db.query<Row>(`select * from public.estimate_versions where estimate_id = $1 order by version_number`, [id])).rows;

  type Sent = { id: string; token: string; required: string; optionalOff: string; optionalOn: string };

  /** A sent estimate of `team`: one required item, two optional ones (one chosen), a timeline, a staff thread; with a link. */
  async function sentEstimate(owner: Team = team, values: Row = {}): Promise<Sent> {
    const ids = await asUser(db, owner.sales, async (tx) => {
      const e = await insertEstimate(tx, owner.orgId, { title: 'Back deck', tax_rate: 8.25, notes: 'Price includes removal', terms: 'Half up front', ...values });
      const id = String(e.id);
      const required = await insertItem(tx, owner.orgId, id, { name: 'Cedar deck', quantity: 20, unit: 'sqft', unit_price_cents: 4500, unit_cost_cents: 2100, sort_order: 0 });
      const optionalOff = await insertItem(tx, owner.orgId, id, { name: 'Lighting', unit_price_cents: 30000, unit_cost_cents: 12000, optional: true, selected: false, sort_order: 1 });
      const optionalOn = await insertItem(tx, owner.orgId, id, { name: 'Stain', unit_price_cents: 20000, unit_cost_cents: 5000, optional: true, selected: true, sort_order: 2 });
      await tx.query(`insert into public.milestones (org_id, estimate_id, title, start_date, end_date, sort_order) values ($1, $2, 'Build', '2026-12-01', '2026-12-05', 0)`, [owner.orgId, id]);
      await tx.query(`insert into public.milestones (org_id, estimate_id, title, visible_to_customer, sort_order) values ($1, $2, 'Order lumber (staff only)', false, 1)`, [owner.orgId, id]);
      await tx.query(`insert into public.comments (org_id, estimate_id, body) values ($1, $2, 'Happy to answer any questions')`, [owner.orgId, id]);
      await tx.query(`insert into public.comments (org_id, estimate_id, body, internal) values ($1, $2, $3, true)`, [owner.orgId, id, INTERNAL_NOTE]);
      return { id, required: String(required.id), optionalOff: String(optionalOff.id), optionalOn: String(optionalOn.id) };
    });
    await asUser(db, owner.sales, (tx) => tx.query(`update public.estimates set status = 'sent' where id = $1`, [ids.id]));
    const token = (await asUser(db, owner.sales, (tx) => tx.query<{ t: string }>(`select public.issue_estimate_link($1) as t`, [ids.id]))).rows[0]!.t;
    return { ...ids, token };
  }

  describe('opening the link', () => {
    it('answers only customer-safe fields: the sent version, visible milestones, the thread without internal comments, the branding', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      const row = await estimateRow(s.id);
      const [version] = await versions(s.id);
      expect(page).toMatchObject({
        estimate_id: s.id, number: row.number, title: 'Back deck', status: 'viewed', can_act: true,
        organization: { name: 'Harbor Decks', brand_color: '#0f766e', phone: '555-0100', address: '1 Pier Rd', logo: '' },
        version: { id: version!.id, version_number: 1, sha256: version!.snapshot_sha256 },
        snapshot: JSON.parse(String(version!.snapshot)),
        milestones: [{ title: 'Build', start_date: '2026-12-01', end_date: '2026-12-05', status: 'planned' }],
        comments: [{ author_kind: 'staff', author_name: 'cust-sales Tester', body: 'Happy to answer any questions' }],
        decision: null,
      });
      const text = JSON.stringify(page);
      expect(text).not.toMatch(/cost|margin|internal/i);
      expect(text).not.toContain(INTERNAL_NOTE);
      expect(text).not.toContain('staff only');
      expect(text).not.toMatch(/@test\.example/);
    });

    it('logs every opening with address and user agent; counts views on the estimate and the link; the first marks it viewed', async () => {
      const s = await sentEstimate();
      await open(s.token, '203.0.113.5');
      const first = await estimateRow(s.id);
      expect(first).toMatchObject({ status: 'viewed', view_count: 1 });
      expect(first.viewed_at).not.toBeNull();
      expect(first.last_viewed_at).toEqual(first.viewed_at);
      await open(s.token, '203.0.113.6');
      const second = await estimateRow(s.id);
      expect(second.view_count).toBe(2);
      expect(second.viewed_at).toEqual(first.viewed_at);
      expect(new Date(String(second.last_viewed_at)).getTime()).toBeGreaterThanOrEqual(new Date(String(first.last_viewed_at)).getTime());

      const logs = (await db.query<Row>(`select * from public.access_logs where estimate_id = $1 order by accessed_at`, [s.id])).rows;
      expect(logs.map((l) => [l.token_kind, l.outcome, l.ip_address, l.user_agent])).toEqual([
        ['estimate', 'ok', '203.0.113.5', 'Mozilla/5.0 (iPad) CustomerTest'],
        ['estimate', 'ok', '203.0.113.6', 'Mozilla/5.0 (iPad) CustomerTest'],
      ]);
      const [link] = (await db.query<Row>(`select * from public.estimate_links where estimate_id = $1`, [s.id])).rows;
      expect(link).toMatchObject({ view_count: 2 });
      expect(link!.first_viewed_at).not.toBeNull();
    });

    it('does not count a member of the organization opening the link, nor the page polling', async () => {
      const s = await sentEstimate();
      const staffOpen = await asUser(db, team.sales, (tx) => tx.query<{ r: Payload }>(`select public.estimate_by_link_token($1) as r`, [s.token]));
      expect(staffOpen.rows[0]!.r).toMatchObject({ status: 'sent' });
      expect(await estimateRow(s.id)).toMatchObject({ status: 'sent', view_count: 0 });

      const page = (await open(s.token))!;
      for (let i = 0; i < 3; i++) await poll(s.token, page.version.id);
      expect(await estimateRow(s.id)).toMatchObject({ view_count: 1 });
      expect((await db.query(`select 1 from public.access_logs where estimate_id = $1`, [s.id])).rows).toHaveLength(2);
    });

    it("the server's read for the page's first render logs the opening but counts no view; the page's script counts it", async () => {
      const s = await sentEstimate();
      const served = await rpc('estimate_link_page', { p_token: s.token }, '203.0.113.20');
      expect(served).toMatchObject({ estimate_id: s.id, status: 'sent', can_act: true });
      expect(JSON.stringify(served)).not.toMatch(/cost|margin|internal/i);
      // An e-mail scanner fetching the HTML stops here: nothing says "viewed".
      expect(await estimateRow(s.id)).toMatchObject({ status: 'sent', view_count: 0, viewed_at: null });
      const logs = (await db.query<Row>(`select ip_address, outcome from public.access_logs where estimate_id = $1`, [s.id])).rows;
      expect(logs).toEqual([{ ip_address: '203.0.113.20', outcome: 'ok' }]);

      expect(await rpc<boolean>('record_estimate_link_view', { p_token: s.token }, '203.0.113.20')).toBe(true);
      expect(await estimateRow(s.id)).toMatchObject({ status: 'viewed', view_count: 1 });
      const [link] = (await db.query<Row>(`select view_count, first_viewed_at from public.estimate_links where estimate_id = $1`, [s.id])).rows;
      expect(link!.view_count).toBe(1);
      expect(link!.first_viewed_at).not.toBeNull();
      // Counting logs nothing more: the opening was logged once, by the read.
      expect((await db.query(`select 1 from public.access_logs where estimate_id = $1`, [s.id])).rows).toHaveLength(1);

      const staff = await asUser(db, team.sales, (tx) => tx.query<{ r: boolean }>(`select public.record_estimate_link_view($1) as r`, [s.token]));
      expect(staff.rows[0]!.r).toBe(true);
      expect(await estimateRow(s.id)).toMatchObject({ view_count: 1 });
    });

    it('polls the thread and the status, with the snapshot only when the version changed', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      await asUser(db, team.sales, (tx) => tx.query(`insert into public.comments (org_id, estimate_id, body) values ($1, $2, 'The crew can start Monday')`, [team.orgId, s.id]));
      const update = (await poll(s.token, page.version.id))!;
      expect(update.snapshot).toBeNull();
      expect(update.comments.map((c) => c.body)).toEqual(['Happy to answer any questions', 'The crew can start Monday']);
      expect((await poll(s.token, null))!.snapshot).toMatchObject({ estimate: { title: 'Back deck' } });
    });
  });

  describe('bad tokens', () => {
    it('answers unknown, malformed, expired, revoked tokens and deleted estimates alike, on every RPC, changing nothing', async () => {
      const s = await sentEstimate();
      const version = (await estimateRow(s.id)).current_version_id as string;
      const expired = await sentEstimate();
      await db.query(`update public.estimate_links set expires_at = now() - interval '1 second' where estimate_id = $1`, [expired.id]);
      const revoked = await sentEstimate();
      const [revokedLink] = (await db.query<{ id: string }>(`select id from public.estimate_links where estimate_id = $1`, [revoked.id])).rows;
      await asUser(db, team.sales, (tx) => tx.query(`select public.revoke_estimate_link($1)`, [revokedLink!.id]));
      const deleted = await sentEstimate();
      // Staff may delete only never-sent drafts; a sent estimate deleted by the server stands in.
      await db.query(`update public.estimates set _deleted = true where id = $1`, [deleted.id]);

      const bad = [
        randomUUID().replace(/-/g, '') + 'abcdefghijk', // unknown, well formed
        "x'; drop table public.estimates; --",
        '../../etc/passwd',
        'ü'.repeat(43),
        'a'.repeat(5000),
        '',
        expired.token,
        revoked.token,
        deleted.token,
      ];
      const ip = freshIp();
      for (const token of bad) {
        expect(await open(token, ip), token.slice(0, 20)).toBeNull();
        expect(await rpc('estimate_link_page', { p_token: token }, ip)).toBeNull();
        expect(await rpc('record_estimate_link_view', { p_token: token }, ip)).toBe(false);
        expect(await poll(token, version, ip)).toBeNull();
        expect(await accept(token, { p_version_id: version }, ip)).toBeNull();
        expect(await decline(token, { p_version_id: version }, ip)).toBeNull();
        expect(await requestChanges(token, { p_version_id: version }, ip)).toBeNull();
        expect(await comment(token, {}, freshIp())).toBeNull();
        // Eight lookups a token from one address would soon trip the guard: start each token afresh.
        await db.query(`delete from private.rate_counters where bucket = 'token_lookup' and client = $1`, [ip]);
      }
      for (const e of [expired, revoked, deleted]) {
        expect(await estimateRow(e.id)).toMatchObject({ status: 'sent', view_count: 0 });
        expect((await db.query(`select 1 from public.comments where estimate_id = $1 and author_kind = 'customer'`, [e.id])).rows).toEqual([]);
      }
      expect((await db.query(`select 1 from public.access_logs where estimate_id = any ($1::uuid[])`, [[expired.id, revoked.id, deleted.id]])).rows).toEqual([]);
    });

    it('counts failed lookups per address and refuses an address with 20 failures for 10 minutes, valid tokens included', async () => {
      const s = await sentEstimate();
      const ip = freshIp();
      for (let i = 0; i < 20; i++) expect(await open(`guess-${i}-${'x'.repeat(40)}`, ip)).toBeNull();
      const failures = await db.query<{ hits: number }>(`select hits from private.rate_counters where bucket = 'token_lookup' and client = $1`, [ip]);
      expect(failures.rows[0]!.hits).toBe(20);
      const blocked = await refusal(open(s.token, ip));
      expect(blocked.code).toBe('PGRST');
      expect(JSON.parse(blocked.message!)).toMatchObject({ code: 'too_many_requests' });
      expect(await open(s.token, freshIp())).toMatchObject({ estimate_id: s.id });
    });
  });

  describe('accepting', () => {
    it('records the drawn signature, the name, the time, address and user agent, bound to the sent version', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      const result = (await accept(s.token, { p_version_id: page.version.id, p_name: '  Pat   Customer ' }, '203.0.113.9'))!;
      const row = await estimateRow(s.id);
      expect(row).toMatchObject({
        status: 'accepted', accepted_by_name: 'Pat Customer', acceptance_signature: DRAWN, acceptance_signature_method: 'drawn',
        acceptance_sha256: page.version.sha256, accepted_version_id: page.version.id, acceptance_reviewed_version_id: page.version.id,
        acceptance_ip: '203.0.113.9', acceptance_user_agent: 'Mozilla/5.0 (iPad) CustomerTest', accepted_by_email: '',
      });
      expect(row.locked_txid).not.toBeNull();
      expect(await versions(s.id)).toHaveLength(1);
      expect(result).toMatchObject({
        status: 'accepted', can_act: false,
        decision: { kind: 'accepted', name: 'Pat Customer', signature: DRAWN, signature_method: 'drawn', sha256: page.version.sha256, version_number: 1, total_cents: row.total_cents },
      });
      // Locked: staff cannot change what was accepted.
      expect(await sqlState(asUser(db, team.sales, (tx) => tx.query(`update public.estimates set title = 'Changed' where id = $1`, [s.id])))).toBe('PT423');
    });

    it('applies the customer’s choice of optional items as a new version, whose hash the acceptance carries', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      const before = await estimateRow(s.id);
      // Lighting on, stain off.
      await accept(s.token, { p_version_id: page.version.id, p_selected_item_ids: [s.optionalOff] });
      const row = await estimateRow(s.id);
      const [v1, v2] = await versions(s.id);
      expect(v2).toBeDefined();
      expect(row).toMatchObject({ status: 'accepted', accepted_version_id: v2!.id, acceptance_sha256: v2!.snapshot_sha256, acceptance_reviewed_version_id: v1!.id });
      const items = (await db.query<{ id: string; selected: boolean }>(`select id, selected from public.estimate_items where estimate_id = $1`, [s.id])).rows;
      expect(Object.fromEntries(items.map((i) => [i.id, i.selected]))).toEqual({ [s.required]: true, [s.optionalOff]: true, [s.optionalOn]: false });
      // 20 × 45.00 + 300.00 = 1,200.00 before tax (the stain's 200.00 no longer counts).
      expect(Number(row.subtotal_cents)).toBe(120000);
      expect(Number(before.subtotal_cents)).toBe(110000);
      // The accepted hash is the canonical snapshot of the items as accepted: a device can verify it.
      const copy = await deviceCopy(db, s.id);
      expect(await sha256Hex(canonicalSnapshot(copy.estimate, copy.items))).toBe(row.acceptance_sha256);
      expect(JSON.parse(String(v1!.snapshot)).items.map((i: Row) => i.selected)).toEqual([true, false, true]);
    });

    it('records a typed signature as typed', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      await accept(s.token, { p_version_id: page.version.id, p_signature: TYPED, p_signature_method: 'typed' });
      expect(await estimateRow(s.id)).toMatchObject({ status: 'accepted', acceptance_signature: TYPED, acceptance_signature_method: 'typed' });
    });

    it('records one acceptance for a repeated call with the same key, and refuses a second acceptance', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      const key = randomUUID();
      const [one, two] = await Promise.all([
        accept(s.token, { p_key: key, p_version_id: page.version.id }),
        accept(s.token, { p_key: key, p_version_id: page.version.id }),
      ]);
      expect(one).toMatchObject({ status: 'accepted' });
      expect(two).toMatchObject({ status: 'accepted' });
      const again = await accept(s.token, { p_key: key, p_version_id: page.version.id, p_name: 'Somebody Else' });
      expect(again).toMatchObject({ decision: { name: 'Pat Customer' } });
      expect((await db.query(`select 1 from public.estimate_link_actions where estimate_id = $1`, [s.id])).rows).toHaveLength(1);

      expect(await refusal(accept(s.token, { p_version_id: page.version.id, p_name: 'Somebody Else' }))).toMatchObject({ code: 'PT409', detail: 'estimate_accepted' });
      expect(await refusal(decline(s.token, { p_version_id: page.version.id }))).toMatchObject({ code: 'PT409', detail: 'estimate_accepted' });
      expect(await estimateRow(s.id)).toMatchObject({ accepted_by_name: 'Pat Customer' });
      // The same key for another action or another estimate is a mistake, not a repeat.
      expect(await refusal(decline(s.token, { p_key: key, p_version_id: page.version.id }))).toMatchObject({ code: '22023', detail: 'idempotency_key_reused' });
      const t = await sentEstimate();
      const tPage = (await open(t.token))!;
      expect(await refusal(accept(t.token, { p_key: key, p_version_id: tPage.version.id }))).toMatchObject({ code: '22023', detail: 'idempotency_key_reused' });
      expect(await estimateRow(t.id)).toMatchObject({ status: 'viewed' });
    });

    it('refuses a stale version: the estimate revised meanwhile, or being revised', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = 'draft' where id = $1`, [s.id]));
      const revising = await refusal(accept(s.token, { p_version_id: page.version.id }));
      expect(revising).toMatchObject({ code: 'PT409', detail: 'estimate_updated', message: 'This estimate was updated — please review the new version' });
      expect((await open(s.token))!).toMatchObject({ status: 'draft', can_act: false });

      await asUser(db, team.sales, (tx) => tx.query(`update public.estimate_items set quantity = 25 where id = $1`, [s.required]));
      await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = 'sent' where id = $1`, [s.id]));
      expect(await refusal(accept(s.token, { p_version_id: page.version.id }))).toMatchObject({ code: 'PT409', detail: 'estimate_updated' });
      expect(await refusal(decline(s.token, { p_version_id: page.version.id }))).toMatchObject({ detail: 'estimate_updated' });
      expect(await refusal(requestChanges(s.token, { p_version_id: page.version.id }))).toMatchObject({ detail: 'estimate_updated' });
      const fresh = (await open(s.token))!;
      expect(fresh.version.version_number).toBe(2);
      expect(await accept(s.token, { p_version_id: fresh.version.id })).toMatchObject({ status: 'accepted' });
    });

    it('refuses an expired estimate, and acting on another organization’s version', async () => {
      const s = await sentEstimate(team, { valid_until: '2020-01-31' });
      const page = (await open(s.token))!;
      expect(page).toMatchObject({ status: 'expired', can_act: false });
      const refused = await refusal(accept(s.token, { p_version_id: page.version.id }));
      expect(refused).toMatchObject({ code: 'PT409', detail: 'estimate_expired', message: 'This estimate expired on January 31, 2020; ask for an updated estimate' });
      expect(await refusal(decline(s.token, { p_version_id: page.version.id }))).toMatchObject({ detail: 'estimate_expired' });

      const theirs = await sentEstimate(other);
      const theirPage = (await open(theirs.token))!;
      const mine = await sentEstimate();
      expect(await refusal(accept(mine.token, { p_version_id: theirPage.version.id }))).toMatchObject({ detail: 'estimate_updated' });
      expect(await refusal(accept(mine.token, { p_version_id: (await open(mine.token))!.version.id, p_selected_item_ids: [theirs.optionalOff] }))).toMatchObject({
        code: '22023', detail: 'invalid_selection',
      });
      expect(await estimateRow(theirs.id)).toMatchObject({ status: 'viewed' });
    });

    it('refuses missing, malformed and oversized input, each with its reason, and keeps the estimate open', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      const v = page.version.id;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ p_key: null }, '22023', 'idempotency_key_required'],
        [{ p_name: '   ' }, '22023', 'name_required'],
        [{ p_name: 'x'.repeat(201) }, '22001', 'name_too_long'],
        [{ p_signature: '' }, '22023', 'signature_required'],
        [{ p_signature: DRAWN + 'x'.repeat(205_000) }, '22001', 'signature_too_large'],
        [{ p_signature: signatureDataUrl([[]], 400, 160) || "data:image/svg+xml,%3Csvg%3E%3Cpath d=''/%3E%3C/svg%3E" }, '22023', 'invalid_signature'],
        [{ p_signature: 'javascript:alert(1)' }, '22023', 'invalid_signature'],
        [{ p_signature: DRAWN, p_signature_method: 'typed' }, '22023', 'invalid_signature'],
        [{ p_signature_method: 'scribbled' }, '22023', 'invalid_signature_method'],
        [{ p_agreed: false }, '22023', 'terms_not_agreed'],
        [{ p_selected_item_ids: [s.required] }, '22023', 'invalid_selection'],
        [{ p_selected_item_ids: [randomUUID()] }, '22023', 'invalid_selection'],
      ];
      for (const [args, code, detail] of cases) {
        expect(await refusal(accept(s.token, { p_version_id: v, ...args })), detail).toMatchObject({ code, detail });
      }
      expect(await estimateRow(s.id)).toMatchObject({ status: 'viewed', accepted_by_name: '' });
      expect((await db.query(`select 1 from public.estimate_link_actions where estimate_id = $1`, [s.id])).rows).toEqual([]);
    });
  });

  describe('declining and asking for changes', () => {
    it('declines with a reason, after which nothing else can be decided', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      expect(await refusal(decline(s.token, { p_version_id: page.version.id, p_reason: ' ' }))).toMatchObject({ code: '22023', detail: 'reason_required' });
      expect(await refusal(decline(s.token, { p_version_id: page.version.id, p_reason: 'x'.repeat(2001) }))).toMatchObject({ code: '22001', detail: 'reason_too_long' });
      const result = await decline(s.token, { p_version_id: page.version.id, p_reason: 'Over our budget <b>this year</b>' });
      expect(result).toMatchObject({ status: 'declined', can_act: false, decision: { kind: 'declined', reason: 'Over our budget <b>this year</b>' } });
      expect(await estimateRow(s.id)).toMatchObject({ status: 'declined', decline_reason: 'Over our budget <b>this year</b>' });
      expect(await refusal(accept(s.token, { p_version_id: page.version.id }))).toMatchObject({ detail: 'estimate_declined' });
      expect(await refusal(requestChanges(s.token, { p_version_id: page.version.id }))).toMatchObject({ detail: 'estimate_declined' });
    });

    it('asks for changes with a message: changes_requested, then no other decision', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      expect(await refusal(requestChanges(s.token, { p_version_id: page.version.id, p_message: '' }))).toMatchObject({ detail: 'message_required' });
      expect(await refusal(requestChanges(s.token, { p_version_id: page.version.id, p_message: 'y'.repeat(2001) }))).toMatchObject({ code: '22001', detail: 'message_too_long' });
      const result = await requestChanges(s.token, { p_version_id: page.version.id });
      expect(result).toMatchObject({ status: 'changes_requested', can_act: false, decision: { kind: 'changes_requested', message: 'Could the railing be cedar too?' } });
      const row = await estimateRow(s.id);
      expect(row).toMatchObject({ status: 'changes_requested', changes_request: 'Could the railing be cedar too?' });
      expect(row.changes_requested_at).not.toBeNull();
      expect(await refusal(accept(s.token, { p_version_id: page.version.id }))).toMatchObject({ detail: 'changes_already_requested' });
    });

    it('on an expired estimate, asks for an updated one: the message is kept, the status stays expired, once', async () => {
      const s = await sentEstimate(team, { valid_until: '2020-01-31' });
      await db.query(`select public.expire_estimates()`);
      const page = (await open(s.token))!;
      expect(page).toMatchObject({ status: 'expired', decision: null });
      const result = await requestChanges(s.token, { p_version_id: page.version.id, p_message: 'Please send current prices' });
      expect(result).toMatchObject({ status: 'expired', decision: { kind: 'update_requested', message: 'Please send current prices' } });
      expect(await estimateRow(s.id)).toMatchObject({ status: 'expired', changes_request: 'Please send current prices' });
      expect(await refusal(requestChanges(s.token, { p_version_id: page.version.id }))).toMatchObject({ detail: 'changes_already_requested' });
    });
  });

  describe('comments', () => {
    it('adds a customer comment signed with the typed name, kept as text, once per key, whatever the status', async () => {
      const s = await sentEstimate();
      const key = randomUUID();
      const body = '<script>alert(1)</script><img src=x onerror=alert(2)> Can you start in May?';
      await comment(s.token, { p_key: key, p_name: ' Pat  Customer ', p_body: body });
      const result = (await comment(s.token, { p_key: key, p_name: 'Pat Customer', p_body: body }))!;
      expect(result.comments.filter((c) => c.author_kind === 'customer')).toEqual([
        { id: key, author_kind: 'customer', author_name: 'Pat Customer', body, created_at: expect.any(String) },
      ]);
      const rows = (await db.query<Row>(`select * from public.comments where estimate_id = $1 and author_kind = 'customer'`, [s.id])).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: key, body, internal: false, author_user_id: null });

      await decline(s.token, { p_version_id: (await open(s.token))!.version.id });
      expect(await comment(s.token, { p_body: 'Thanks anyway' })).toMatchObject({ status: 'declined' });
    });

    it('refuses an empty or oversized comment and a missing name', async () => {
      const s = await sentEstimate();
      expect(await refusal(comment(s.token, { p_body: '  ' }))).toMatchObject({ code: '22023', detail: 'comment_required' });
      expect(await refusal(comment(s.token, { p_body: 'z'.repeat(2001) }))).toMatchObject({ code: '22001', detail: 'comment_too_long' });
      expect(await refusal(comment(s.token, { p_name: '' }))).toMatchObject({ code: '22023', detail: 'name_required' });
      expect(await refusal(comment(s.token, { p_name: 'n'.repeat(201) }))).toMatchObject({ code: '22001', detail: 'name_too_long' });
      expect((await db.query(`select 1 from public.comments where estimate_id = $1 and author_kind = 'customer'`, [s.id])).rows).toEqual([]);
    });

    it('limits new actions to 30 per address in 10 minutes; retries of a done action still answer', async () => {
      const s = await sentEstimate();
      const ip = freshIp();
      const first = randomUUID();
      for (let i = 0; i < 30; i++) await comment(s.token, { p_key: i === 0 ? first : randomUUID(), p_body: `Question ${i}` }, ip);
      const blocked = await refusal(comment(s.token, { p_body: 'One more' }, ip));
      expect(blocked.code).toBe('PGRST');
      expect(JSON.parse(String(blocked.message))).toMatchObject({ code: 'too_many_requests' });
      expect(await comment(s.token, { p_key: first, p_body: 'Question 0' }, ip)).toMatchObject({ estimate_id: s.id });
      expect(await comment(s.token, { p_body: 'From elsewhere' }, freshIp())).toMatchObject({ estimate_id: s.id });
      expect((await db.query(`select 1 from public.comments where estimate_id = $1 and author_kind = 'customer'`, [s.id])).rows).toHaveLength(31);
    });
  });

  describe('server-kept columns and field acceptance', () => {
    it('keeps views and the change request out of staff clients’ reach', async () => {
      const s = await sentEstimate();
      const page = (await open(s.token))!;
      await requestChanges(s.token, { p_version_id: page.version.id });
      await asUser(db, team.sales, (tx) =>
        tx.query(`update public.estimates set view_count = 99, last_viewed_at = null, changes_request = 'forged', changes_requested_at = null, acceptance_reviewed_version_id = null where id = $1`, [s.id]),
      );
      const row = await estimateRow(s.id);
      expect(row).toMatchObject({ view_count: 1, changes_request: 'Could the railing be cedar too?' });
      expect(row.last_viewed_at).not.toBeNull();
      expect(row.changes_requested_at).not.toBeNull();
    });

    it('records how a field acceptance was signed: drawn by default, typed when the device says so', async () => {
      for (const [extra, method] of [[{}, 'drawn'], [{ acceptance_signature_method: 'typed', acceptance_signature: TYPED }, 'typed']] as const) {
        const id = await asUser(db, team.sales, async (tx) => {
          const e = await insertEstimate(tx, team.orgId);
          await insertItem(tx, team.orgId, String(e.id));
          return String(e.id);
        });
        await acceptOnDevice(db, team.sales, id, extra);
        expect(await estimateRow(id)).toMatchObject({ status: 'accepted', acceptance_signature_method: method });
      }
      const draft = await asUser(db, team.sales, (tx) => insertEstimate(tx, team.orgId));
      const bad = await sqlState(
        asUser(db, team.sales, (tx) => tx.query(`update public.estimates set acceptance_signature = 'x', acceptance_signature_method = 'scribbled' where id = $1`, [draft.id])),
      );
      expect(bad).toBe('23514');
    });
  });

  describe('staff over the links', () => {
    it('lists the active links with who made them, how they were sent and their views, to members only', async () => {
      const s = await sentEstimate();
      await open(s.token);
      const to = `pat-${randomUUID().slice(0, 6)}@example.com`;
      await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = 'draft' where id = $1`, [s.id]));
      await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = 'sent', sent_to_email = $2 where id = $1`, [s.id, to]));
      const list = async (userId: string) =>
        (await asUser(db, userId, (tx) => tx.query<{ r: { links: Row[] } }>(`select public.list_estimate_links($1) as r`, [s.id]))).rows[0]!.r.links;
      const links = await list(team.viewer);
      expect(links).toEqual([
        expect.objectContaining({ channel: 'email', sent_to: to, created_by_name: 'cust-sales Tester', view_count: 0, expired: false, first_viewed_at: null }),
        expect.objectContaining({ channel: 'link', sent_to: '', created_by: team.sales, view_count: 1, expired: false }),
      ]);
      expect(links[1]!.last_viewed_at).not.toBeNull();
      expect(JSON.stringify(links)).not.toContain(s.token);
      expect(await sqlState(asUser(db, other.owner, (tx) => tx.query(`select public.list_estimate_links($1)`, [s.id])))).toBe('42501');
      expect(await sqlState(asAnon(db, (tx) => tx.query(`select public.list_estimate_links($1)`, [s.id])))).toBe('42501');
      expect(await sqlState(asAnon(db, (tx) => tx.query(`select public.rotate_estimate_links($1)`, [s.id])))).toBe('42501');
    });

    it('keeps the actions table out of reach of anon and signed-in users', async () => {
      expect(await sqlState(asAnon(db, (tx) => tx.query(`select * from public.estimate_link_actions limit 1`)))).toBe('42501');
      expect(await sqlState(asUser(db, team.owner, (tx) => tx.query(`select * from public.estimate_link_actions limit 1`)))).toBe('42501');
    });
  });
});
