// Sending an estimate (customer link + mail in the outbox, one transaction), the customer's
// token check, customer names kept by the server, field acceptance through sync_push, and
// exact answers to a retried sync batch.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { listMailbox, type MailboxMessage } from '../local/mail/mailbox';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../local/testing/harness';
import {
  acceptanceEvidence, acceptOnDevice, asAnon, asUser, createTeam, deviceCopy, insertEstimate, insertItem, sqlState, type Team,
} from './helpers';

const backends = await backendsToTest();

type Row = Record<string, unknown>;
type PushResult = { seq: number; table: string; id: string; status: string; reason?: string; code?: string; message?: string; server_doc?: Row; duplicate?: boolean };


describe.each(backends)('sending and field acceptance on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  let other: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'send');
    other = await createTeam(db, 'other');
    await db.query(`update public.organizations set name = 'Acme Renovations' where id = $1`, [team.orgId]);
  });
  afterAll(() => server?.close());

  const estimateRow = async (id: string) => (await db.query<Row>(`select * from public.estimates where id = $1`, [id])).rows[0]!;
  const links = async (id: string) =>
    (await db.query<Row>(`select * from public.estimate_links where estimate_id = $1 order by created_at, revoked_at nulls last`, [id])).rows;
  const mails = async (to: string) => (await db.query<Row>(`select * from public.mail_outbox where "to" = $1 order by created_at`, [to])).rows;
  /** The messages to `to` as the dev mailbox received them, oldest first, once the outbox has sent them all. */
  async function delivered(to: string): Promise<MailboxMessage[]> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const pending = await db.query(`select 1 from public.mail_outbox where "to" = $1 and status <> 'sent'`, [to]);
      if (pending.rows.length === 0) return (await listMailbox(server.ctx, to)).reverse();
      await server.outbox.drain();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`mail to ${to} was never sent`);
  }
  const tokenOf = (mail: MailboxMessage) => new RegExp(`${server.url}/portal/estimate/([A-Za-z0-9_-]{40,})`).exec(mail.text)![1]!;
  const byToken = async (token: string) =>
    (await asAnon(db, (tx) => tx.query<{ r: Row | null }>(`select public.estimate_by_link_token($1) as r`, [token]))).rows[0]!.r;
  const send = (userId: string, id: string, email: string) =>
    asUser(db, userId, (tx) => tx.query(`update public.estimates set status = 'sent', sent_to_email = $2 where id = $1`, [id, email]));
  const push = async (userId: string, device: string, changes: unknown[]) =>
    (await asUser(db, userId, (tx) => tx.query<{ r: { results: PushResult[]; last_seq: number } }>(`select public.sync_push($1, $2::jsonb) as r`, [device, JSON.stringify(changes)]))).rows[0]!.r;
  /** The row as sync_pull hands it to a device: what the device's next change assumes. */
  const serverDoc = async (table: string, id: string) =>
    (await db.query<{ d: Row }>(`select to_jsonb(t) - '_txid' - 'locked_txid' as d from public.${table} t where id = $1`, [id])).rows[0]!.d;
  const address = () => `customer-${randomUUID().slice(0, 8)}@example.com`;

  async function draftWithItem(values: Row = {}) {
    return asUser(db, team.sales, async (tx) => {
      const e = await insertEstimate(tx, team.orgId, { title: 'Deck and railing', ...values });
      await insertItem(tx, team.orgId, String(e.id), { name: 'Cedar boards', quantity: 12, unit_price_cents: 4500, unit_cost_cents: 2000 });
      return String(e.id);
    });
  }

  describe('sending', () => {
    it('issues a link and mails it in the same transaction as the send, and the token opens the estimate once', async () => {
      const id = await draftWithItem();
      const to = address();
      await send(team.sales, id, to);

      const row = await estimateRow(id);
      const [link] = await links(id);
      const [queued] = await mails(to);
      const [mail] = await delivered(to);
      expect(link).toMatchObject({ org_id: team.orgId, created_by: team.sales, revoked_at: null });
      expect(new Date(String(link!.expires_at)).getTime() - new Date(String(link!.created_at)).getTime()).toBe(90 * 24 * 3600 * 1000);
      expect(queued).toMatchObject({ org_id: team.orgId, subject: `Estimate ${String(row.number)}: Deck and railing`, contains_secret: true });
      expect(mail).toMatchObject({ to, subject: `Estimate ${String(row.number)}: Deck and railing` });
      expect(mail!.text).toContain(`Acme Renovations sent you estimate ${String(row.number)}: Deck and railing.\nTotal: $540.00`);
      expect(mail!.html).toContain(`href="${server.url}/portal/estimate/`);
      const token = tokenOf(mail!);
      const hash = await db.query<{ h: string }>(`select private.token_hash($1) as h`, [token]);
      expect(link!.token_hash).toBe(hash.rows[0]!.h);
      expect(JSON.stringify(link)).not.toContain(token);

      const page = await byToken(token);
      const version = (await db.query<Row>(`select * from public.estimate_versions where id = $1`, [row.current_version_id])).rows[0]!;
      expect(page).toMatchObject({
        estimate_id: id, number: row.number, status: 'viewed', organization: { name: 'Acme Renovations' },
        version: { id: version.id, version_number: 1, sha256: version.snapshot_sha256 },
        snapshot: JSON.parse(String(version.snapshot)),
      });
      expect(JSON.stringify(page)).not.toMatch(/cost|margin|internal/);
      expect(await estimateRow(id)).toMatchObject({ status: 'viewed' });
      expect((await db.query(`select 1 from public.access_logs where estimate_id = $1 and token_kind = 'estimate' and outcome = 'ok'`, [id])).rows).toHaveLength(1);
    });

    it('reaches the customer page through the API as anon', async () => {
      const id = await draftWithItem();
      const to = address();
      await send(team.sales, id, to);
      const client = createTestClient(server);
      const { data, error } = await client.rpc('estimate_by_link_token', { p_token: tokenOf((await delivered(to))[0]!) });
      expect(error).toBeNull();
      expect(data).toMatchObject({ estimate_id: id, status: 'viewed' });
      const unknown = await client.rpc('estimate_by_link_token', { p_token: 'x'.repeat(43) });
      expect(unknown).toMatchObject({ data: null, error: null });
    });

    it('writes neither the link nor the mail when the send rolls back', async () => {
      const id = await draftWithItem();
      const to = address();
      await expect(
        asUser(db, team.sales, async (tx) => {
          await tx.query(`update public.estimates set status = 'sent', sent_to_email = $2 where id = $1`, [id, to]);
          // Seen from inside the transaction (as the server, which may read the outbox): both are there.
          await tx.query(`reset role`);
          expect((await tx.query(`select 1 from public.mail_outbox where "to" = $1`, [to])).rows).toHaveLength(1);
          expect((await tx.query(`select 1 from public.estimate_links where estimate_id = $1`, [id])).rows).toHaveLength(1);
          throw new Error('connection lost');
        }),
      ).rejects.toThrow('connection lost');
      expect(await links(id)).toEqual([]);
      expect(await mails(to)).toEqual([]);
      expect(await estimateRow(id)).toMatchObject({ status: 'draft' });
    });

    it('sends without mail when there is no address, and refuses an invalid address', async () => {
      const id = await draftWithItem();
      await send(team.sales, id, '');
      expect(await estimateRow(id)).toMatchObject({ status: 'sent' });
      expect(await links(id)).toEqual([]);

      const bad = await draftWithItem();
      const error = await send(team.sales, bad, 'not-an-address').catch((e: unknown) => e);
      expect(error).toMatchObject({ code: '23514', detail: 'invalid_email', message: 'Invalid e-mail address to send the estimate to: not-an-address' });
      expect(await estimateRow(bad)).toMatchObject({ status: 'draft', sent_to_email: '' });
    });

    it('re-sends after a revision with a new link; the earlier mailed link keeps working and shows the new version', async () => {
      const id = await draftWithItem();
      const to = address();
      await send(team.sales, id, to);
      await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = 'draft' where id = $1`, [id]));
      await asUser(db, team.sales, (tx) => tx.query(`update public.estimate_items set quantity = 20 where estimate_id = $1`, [id]));
      await send(team.sales, id, to);

      const [first, second] = await delivered(to);
      const page = await byToken(tokenOf(second!));
      expect(page).toMatchObject({ version: { version_number: 2 }, snapshot: { estimate: { subtotal_cents: 90000 } } });
      expect(await byToken(tokenOf(first!))).toMatchObject({ version: { version_number: 2 } });
      const all = await links(id);
      expect(all).toHaveLength(2);
      expect(all.map((l) => [l.channel, l.sent_to, l.revoked_at])).toEqual([
        ['email', to, null],
        ['email', to, null],
      ]);
    });
  });

  describe('links by RPC', () => {
    it('lets staff issue more links (the mailed one keeps working), revoke one, and rotate; revoked, expired and unknown tokens get the same answer', async () => {
      const id = await draftWithItem();
      const to = address();
      await send(team.sales, id, to);
      const mailed = tokenOf((await delivered(to))[0]!);
      const issue = (userId: string) => asUser(db, userId, (tx) => tx.query<{ t: string }>(`select public.issue_estimate_link($1) as t`, [id]));
      const linkId = async (token: string) => (await db.query<{ id: string }>(`select id from public.estimate_links where token_hash = private.token_hash($1)`, [token])).rows[0]!.id;
      const failures = async () =>
        (await db.query<{ n: number }>(`select coalesce(sum(hits), 0)::int as n from private.rate_counters where bucket = 'token_lookup'`)).rows[0]!.n;

      const first = (await issue(team.sales)).rows[0]!.t;
      expect(first.length).toBeGreaterThanOrEqual(43);
      expect(await byToken(first)).toMatchObject({ estimate_id: id });
      expect(await byToken(mailed)).toMatchObject({ estimate_id: id });
      const second = (await issue(team.admin)).rows[0]!.t;
      expect(await byToken(first)).toMatchObject({ estimate_id: id });
      expect(await byToken(second)).toMatchObject({ estimate_id: id });

      // Looked up first: PGlite has one connection, which the transaction below holds.
      const secondLink = await linkId(second);
      await asUser(db, team.sales, (tx) => tx.query(`select public.revoke_estimate_link($1)`, [secondLink]));
      expect(await byToken(second)).toBeNull();
      expect(await byToken(first)).toMatchObject({ estimate_id: id });
      expect(await byToken(mailed)).toMatchObject({ estimate_id: id });

      const rotated = (await asUser(db, team.owner, (tx) => tx.query<{ t: string }>(`select public.rotate_estimate_links($1) as t`, [id]))).rows[0]!.t;
      expect(await byToken(first)).toBeNull();
      expect(await byToken(mailed)).toBeNull();
      expect(await byToken(rotated)).toMatchObject({ estimate_id: id });

      await db.query(`update public.estimate_links set expires_at = now() - interval '1 second' where estimate_id = $1 and revoked_at is null`, [id]);
      const before = await failures();
      expect(await byToken(rotated)).toBeNull();
      expect(await byToken('unknown-token-unknown-token-unknown-token')).toBeNull();
      expect(await byToken('')).toBeNull();
      // Each bad token counts as one failed lookup of the address; none is logged row by row.
      expect(await failures()).toBe(before + 3);
      const denied = await db.query<{ n: number }>(`select count(*)::int as n from public.access_logs where estimate_id = $1 and outcome = 'denied'`, [id]);
      expect(denied.rows[0]!.n).toBe(0);
    });

    it('refuses viewers, other organizations, anon, and estimates never sent', async () => {
      const id = await draftWithItem();
      const call = (fn: (tx: Queryable) => Promise<unknown>, userId?: string) => sqlState(userId ? asUser(db, userId, fn) : asAnon(db, fn));
      const issue = (tx: Queryable) => tx.query(`select public.issue_estimate_link($1)`, [id]);
      const rotate = (tx: Queryable) => tx.query(`select public.rotate_estimate_links($1)`, [id]);

      const draft = await asUser(db, team.sales, issue).catch((e: unknown) => e);
      expect(draft).toMatchObject({ code: 'PT409', detail: 'estimate_not_sent' });
      await send(team.sales, id, '');
      expect(await call(issue, team.viewer)).toBe('42501');
      expect(await call(rotate, team.viewer)).toBe('42501');
      expect(await call(issue, other.owner)).toBe('42501');
      expect(await call(rotate, other.owner)).toBe('42501');
      expect(await call(issue)).toBe('42501');
      expect(await links(id)).toEqual([]);

      const token = (await asUser(db, team.sales, (tx) => tx.query<{ t: string }>(`select public.issue_estimate_link($1) as t`, [id]))).rows[0]!.t;
      const [link] = await links(id);
      const revoke = (tx: Queryable) => tx.query(`select public.revoke_estimate_link($1)`, [link!.id]);
      expect(await call(revoke, team.viewer)).toBe('42501');
      expect(await call(revoke, other.owner)).toBe('42501');
      expect(await call(revoke)).toBe('42501');
      expect(await byToken(token)).toMatchObject({ estimate_id: id });
    });

    it('keeps estimate_links out of reach of anon and signed-in users', async () => {
      expect(await sqlState(asAnon(db, (tx) => tx.query(`select * from public.estimate_links limit 1`)))).toBe('42501');
      expect(await sqlState(asUser(db, team.owner, (tx) => tx.query(`select * from public.estimate_links limit 1`)))).toBe('42501');
      const rls = await db.query<{ relrowsecurity: boolean }>(`select relrowsecurity from pg_class where oid = 'public.estimate_links'::regclass`);
      expect(rls.rows[0]!.relrowsecurity).toBe(true);
    });
  });

  describe('customer names', () => {
    it('keeps customer_name from the account or prospect, also when they are renamed, without unlocking or versioning', async () => {
      const accountId = randomUUID();
      const prospectId = randomUUID();
      const loneId = randomUUID();
      await asUser(db, team.sales, async (tx) => {
        await tx.query(`insert into public.accounts (id, org_id, name) values ($1, $2, 'Northwind Homes')`, [accountId, team.orgId]);
        await tx.query(`insert into public.prospects (id, org_id, first_name, last_name, company) values ($1, $2, 'Ada', 'Lovelace', 'Engines Ltd')`, [prospectId, team.orgId]);
        await tx.query(`insert into public.prospects (id, org_id, email) values ($1, $2, 'lone@example.com')`, [loneId, team.orgId]);
      });
      const withAccount = await draftWithItem({ account_id: accountId, prospect_id: prospectId, customer_name: 'Device guess' });
      const withProspect = await draftWithItem({ prospect_id: prospectId });
      const lone = await draftWithItem({ prospect_id: loneId });
      expect((await estimateRow(withAccount)).customer_name).toBe('Northwind Homes');
      expect((await estimateRow(withProspect)).customer_name).toBe('Ada Lovelace (Engines Ltd)');
      expect((await estimateRow(lone)).customer_name).toBe('lone@example.com');

      await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set customer_name = 'Hacked' where id = $1`, [withProspect]));
      expect((await estimateRow(withProspect)).customer_name).toBe('Ada Lovelace (Engines Ltd)');
      await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set account_id = null where id = $1`, [withAccount]));
      expect((await estimateRow(withAccount)).customer_name).toBe('Ada Lovelace (Engines Ltd)');

      // An accepted estimate follows the rename without a lock error or a new version.
      await send(team.sales, withProspect, '');
      await acceptOnDevice(db, team.sales, withProspect);
      const before = await estimateRow(withProspect);
      await asUser(db, team.sales, (tx) => tx.query(`update public.prospects set company = '' where id = $1`, [prospectId]));
      const after = await estimateRow(withProspect);
      expect(after).toMatchObject({ customer_name: 'Ada Lovelace', status: 'accepted', current_version_id: before.current_version_id, version_number: 1 });
      expect(BigInt(String(after._txid))).toBeGreaterThan(BigInt(String(before._txid)));
      expect((await estimateRow(withAccount)).customer_name).toBe('Ada Lovelace');

      await asUser(db, team.sales, (tx) => tx.query(`update public.prospects set first_name = '', last_name = '' where id = $1`, [loneId]));
      await asUser(db, team.sales, (tx) => tx.query(`update public.prospects set company = 'Solo Co' where id = $1`, [loneId]));
      expect((await estimateRow(lone)).customer_name).toBe('Solo Co');
    });
  });

  describe('field acceptance', () => {
    const signature = 'M 10 10 C 20 20, 40 20, 50 10';

    /** An estimate and its items as a device creates them offline, with the evidence of the customer signing them. */
    async function offlineEstimate(quantities: number[], extra: Row = {}) {
      const id = randomUUID();
      const doc: Row = { id, org_id: team.orgId, number: `DRAFT-${id.slice(0, 6)}`, title: 'Patio', status: 'draft', tax_rate: 8.25, discount_cents: 500, notes: 'Gate on the left', terms: '', ...extra };
      const items = quantities.map((quantity, i) => ({
        id: randomUUID(), org_id: team.orgId, estimate_id: id, name: `Paver ${i + 1}`, description: '', quantity, unit: 'sqft',
        unit_price_cents: 1250, unit_cost_cents: 600, discount_percent: 0, taxable: true, optional: false, selected: true, sort_order: i,
      }));
      const snapshotEstimate = { id, title: String(doc.title), account_id: null, prospect_id: null, valid_until: null, tax_rate: Number(doc.tax_rate), discount_cents: Number(doc.discount_cents), notes: String(doc.notes), terms: String(doc.terms) };
      const evidence = await acceptanceEvidence({ estimate: snapshotEstimate, items }, 'Grace Hopper');
      const accepted = { ...doc, status: 'accepted', ...evidence, accepted_at: '2026-11-20T15:30:00.000Z' };
      return { id, doc, items, evidence, accepted };
    }
    const versionsOf = async (id: string) =>
      (await db.query<Row>(`select * from public.estimate_versions where estimate_id = $1 order by version_number`, [id])).rows;

    it('accepts an estimate created offline and accepted in the same batch as its items: draft → sent → accepted, mailed', async () => {
      const e = await offlineEstimate([2.5, 10]);
      const to = address();
      const device = randomUUID();
      const { results } = await push(team.sales, device, [
        { seq: 1, table: 'estimates', doc: { ...e.accepted, sent_to_email: to } },
        ...e.items.map((doc, i) => ({ seq: 2 + i, table: 'estimate_items', doc })),
      ]);
      expect(results.map((r) => [r.seq, r.status])).toEqual([[1, 'applied'], [2, 'applied'], [3, 'applied']]);
      const row = await estimateRow(e.id);
      const [version] = await versionsOf(e.id);
      expect(row).toMatchObject({ status: 'accepted', accepted_by_name: 'Grace Hopper', acceptance_signature: signature, acceptance_sha256: e.evidence.acceptance_sha256, accepted_version_id: version!.id, current_version_id: version!.id });
      expect(version!.snapshot_sha256).toBe(e.evidence.acceptance_sha256);
      expect(row.sent_at).not.toBeNull();
      expect(new Date(String(row.accepted_at)).toISOString()).toBe('2026-11-20T15:30:00.000Z');
      expect(results[0]!.server_doc).toMatchObject({ status: 'accepted', accepted_version_id: version!.id });
      const [mail] = await delivered(to);
      expect(mail!.text).toMatch(/^Thank you! Here is your copy of estimate .* accepted by Grace Hopper on November 20, 2026\./);
      expect(await byToken(tokenOf(mail!))).toMatchObject({ status: 'accepted', version: { id: version!.id } });
    });

    it('accepts when an item comes before its estimate in the batch (retried after the parent), the acceptance last', async () => {
      const e = await offlineEstimate([7, 1.5]);
      const { results } = await push(team.sales, randomUUID(), [
        { seq: 1, table: 'estimate_items', doc: e.items[0] },
        { seq: 2, table: 'estimates', doc: e.accepted },
        { seq: 3, table: 'estimate_items', doc: e.items[1] },
      ]);
      expect(results.map((r) => [r.seq, r.status]).sort()).toEqual([[1, 'applied'], [2, 'applied'], [3, 'applied']]);
      expect(await estimateRow(e.id)).toMatchObject({ status: 'accepted', acceptance_sha256: e.evidence.acceptance_sha256 });
    });

    it('accepts when the items came in earlier batches, and ties the acceptance to the sent version it matches', async () => {
      const e = await offlineEstimate([4]);
      const device = randomUUID();
      await push(team.sales, device, [{ seq: 1, table: 'estimates', doc: e.doc }, { seq: 2, table: 'estimate_items', doc: e.items[0] }]);
      const base = await serverDoc('estimates', e.id);
      const { results } = await push(team.sales, device, [{ seq: 3, table: 'estimates', doc: { ...base, ...e.accepted, number: base.number }, assumed: base }]);
      expect(results[0]).toMatchObject({ status: 'applied', server_doc: { status: 'accepted' } });
      expect(await versionsOf(e.id)).toHaveLength(1);

      // Sent from the office first (version 1); the customer signs that very content.
      const sent = await offlineEstimate([1, 2]);
      await push(team.sales, device, [{ seq: 4, table: 'estimates', doc: sent.doc }, ...sent.items.map((doc, i) => ({ seq: 5 + i, table: 'estimate_items', doc }))]);
      await send(team.sales, sent.id, '');
      const [v1] = await versionsOf(sent.id);
      expect(v1!.snapshot_sha256).toBe(sent.evidence.acceptance_sha256);
      const server = await serverDoc('estimates', sent.id);
      const answer = await push(team.sales, device, [{ seq: 7, table: 'estimates', doc: { ...server, ...sent.accepted, number: server.number }, assumed: server }]);
      expect(answer.results[0]).toMatchObject({ status: 'applied' });
      expect(await estimateRow(sent.id)).toMatchObject({ status: 'accepted', accepted_version_id: v1!.id });
      expect(await versionsOf(sent.id)).toHaveLength(1);
    });

    it('refuses only the acceptance when the content differs from what the customer signed; the rest of the batch lands', async () => {
      const e = await offlineEstimate([3]);
      const accountId = randomUUID();
      const to = address();
      const changed = { ...e.items[0], quantity: 5 };
      const { results } = await push(team.sales, randomUUID(), [
        { seq: 1, table: 'accounts', doc: { id: accountId, org_id: team.orgId, name: 'Lands anyway' } },
        { seq: 2, table: 'estimates', doc: { ...e.accepted, sent_to_email: to } },
        { seq: 3, table: 'estimate_items', doc: changed },
      ]);
      expect(results.map((r) => [r.seq, r.status])).toEqual([[1, 'applied'], [2, 'rejected'], [3, 'applied']]);
      expect(results[1]).toMatchObject({
        code: 'PT409', reason: 'acceptance_mismatch',
        message: 'The estimate changed after the customer signed; capture the acceptance again',
        server_doc: { id: e.id, status: 'draft', acceptance_sha256: '', accepted_by_name: '', title: 'Patio' },
      });
      const row = await estimateRow(e.id);
      expect(row).toMatchObject({ status: 'draft', accepted_version_id: null, accepted_at: null, acceptance_signature: '', sent_at: null });
      expect((await db.query(`select quantity from public.estimate_items where id = $1`, [changed.id])).rows[0]).toMatchObject({ quantity: '5.000' });
      expect((await db.query(`select 1 from public.accounts where id = $1`, [accountId])).rows).toHaveLength(1);
      expect(await versionsOf(e.id)).toEqual([]);
      expect(await mails(to)).toEqual([]);
      expect(await links(e.id)).toEqual([]);
    });

    it('refuses an acceptance without evidence, through sync and REST', async () => {
      const e = await offlineEstimate([1]);
      const device = randomUUID();
      await push(team.sales, device, [{ seq: 1, table: 'estimates', doc: e.doc }, { seq: 2, table: 'estimate_items', doc: e.items[0] }]);
      await send(team.sales, e.id, '');
      for (const missing of ['acceptance_signature', 'accepted_by_name', 'acceptance_sha256']) {
        const error = await asUser(db, team.sales, (tx) =>
          tx.query(`update public.estimates set status = 'accepted', acceptance_sha256 = $2, accepted_by_name = $3, acceptance_signature = $4 where id = $1`, [
            e.id, missing === 'acceptance_sha256' ? '' : e.evidence.acceptance_sha256, missing === 'accepted_by_name' ? '  ' : 'Grace', missing === 'acceptance_signature' ? '' : signature,
          ]),
        ).catch((err: unknown) => err);
        expect(error, missing).toMatchObject({ code: 'PT422', detail: 'acceptance_evidence_required' });
      }
      const server = await serverDoc('estimates', e.id);
      const { results } = await push(team.sales, device, [{ seq: 3, table: 'estimates', doc: { ...server, status: 'accepted', accepted_by_name: 'Grace' }, assumed: server }]);
      expect(results[0]).toMatchObject({ status: 'rejected', reason: 'acceptance_evidence_required' });

      const patched = await asUser(db, team.sales, (tx) =>
        tx.query(`update public.estimates set status = 'accepted', acceptance_sha256 = $2, accepted_by_name = 'Grace', acceptance_signature = $3 where id = $1`, [e.id, 'a'.repeat(64), signature]),
      ).catch((err: unknown) => err);
      expect(patched).toMatchObject({ code: 'PT409', detail: 'acceptance_mismatch' });
      expect(await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set acceptance_signature = $2 where id = $1`, [e.id, 'x'.repeat(204801)])).catch((err: unknown) => err))
        .toMatchObject({ code: '22001', detail: 'signature_too_large' });
      expect(await asUser(db, team.viewer, (tx) => tx.query(`update public.estimates set status = 'accepted' where id = $1 returning id`, [e.id])).then((r) => r.rows)).toEqual([]);
      expect(await estimateRow(e.id)).toMatchObject({ status: 'sent' });
    });

    it.each(['expired', 'changes_requested'])('passes an estimate that is %s through sent to accepted, with evidence', async (status) => {
      const id = await draftWithItem();
      await send(team.sales, id, '');
      await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = $2 where id = $1`, [id, status]));
      const before = await estimateRow(id);
      await acceptOnDevice(db, team.sales, id);
      const after = await estimateRow(id);
      expect(after).toMatchObject({ status: 'accepted', accepted_version_id: after.current_version_id });
      expect(new Date(String(after.sent_at)).getTime()).toBeGreaterThanOrEqual(new Date(String(before.sent_at)).getTime());
    });

    it('keeps the device time of the signature, but never a future one', async () => {
      const e = await offlineEstimate([1]);
      const { results } = await push(team.sales, randomUUID(), [
        { seq: 1, table: 'estimates', doc: { ...e.accepted, accepted_at: '2999-01-01T00:00:00.000Z' } },
        { seq: 2, table: 'estimate_items', doc: e.items[0] },
      ]);
      expect(results[0]).toMatchObject({ status: 'applied' });
      expect(new Date(String((await estimateRow(e.id)).accepted_at)).getFullYear()).toBeLessThan(2999);
    });

    it('refuses to commit items added after an acceptance in the same transaction', async () => {
      const id = await draftWithItem();
      const copy = await deviceCopy(db, id);
      const evidence = await acceptanceEvidence(copy);
      const error = await asUser(db, team.sales, async (tx) => {
        await tx.query(`update public.estimates set status = 'accepted', acceptance_sha256 = $2, accepted_by_name = $3, acceptance_signature = $4 where id = $1`,
          [id, evidence.acceptance_sha256, evidence.accepted_by_name, evidence.acceptance_signature]);
        await insertItem(tx, team.orgId, id, { name: 'Sneaked in' });
      }).catch((err: unknown) => err);
      expect(error).toMatchObject({ code: 'PT409', detail: 'acceptance_mismatch' });
      expect(await estimateRow(id)).toMatchObject({ status: 'draft' });
    });
  });

  describe('retried sync batches', () => {
    it('answers a retried batch exactly as the first time and applies nothing again', async () => {
      const device = randomUUID();
      const accountId = randomUUID();
      const estimateId = randomUUID();
      const batch = [
        { seq: 1, table: 'accounts', doc: { id: accountId, org_id: team.orgId, name: 'First name' } },
        { seq: 2, table: 'estimates', doc: { id: estimateId, org_id: team.orgId, number: 'DRAFT-RETRY', title: 'Retry', account_id: accountId } },
        { seq: 3, table: 'estimates', doc: { id: randomUUID(), org_id: other.orgId, number: 'DRAFT-X', title: 'Not mine' } },
      ];
      const first = await push(team.sales, device, batch);
      expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);

      // Another client changes both rows before the answer reaches the device.
      await asUser(db, team.admin, (tx) => tx.query(`update public.accounts set name = 'Changed elsewhere' where id = $1`, [accountId]));
      await asUser(db, team.admin, (tx) => tx.query(`update public.estimates set title = 'Retitled' where id = $1`, [estimateId]));

      const again = await push(team.sales, device, batch);
      expect(again.last_seq).toBe(3);
      expect(again.results).toEqual(first.results.map((r) => ({ ...r, duplicate: true })));
      expect(again.results[1]!.server_doc).toMatchObject({ title: 'Retry', customer_name: 'First name' });
      expect((await db.query(`select name from public.accounts where id = $1`, [accountId])).rows[0]).toEqual({ name: 'Changed elsewhere' });
      expect(await estimateRow(estimateId)).toMatchObject({ title: 'Retitled', customer_name: 'Changed elsewhere' });

      // A batch that repeats part of the previous one and adds to it: its retry, too, is answered as the first time.
      const mixed = [batch[1]!, { seq: 4, table: 'accounts', doc: { id: randomUUID(), org_id: team.orgId, name: 'Fourth' } }];
      const once = await push(team.sales, device, mixed);
      expect(once.results[0]).toEqual({ ...first.results[1], duplicate: true });
      const twice = await push(team.sales, device, mixed);
      expect(twice.results).toEqual(once.results.map((r) => ({ ...r, duplicate: true })));
      expect(twice.last_seq).toBe(4);
    });
  });
});
