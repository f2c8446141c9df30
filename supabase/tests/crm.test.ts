// The CRM's server side (20261125000300_crm.sql): who may read, create, change, archive and
// delete accounts, prospects and estimate requests (owner, admin, sales, viewer and a member
// of another organization), the prospect status rules and history, the request inbox's
// rules, the e-mail and phone checks, and how a refused change reaches a device through
// sync_push (answered as data with its reason key).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asUser, createTeam, insertEstimate, sqlState, type Role, type Team } from './helpers';

const backends = await backendsToTest();
type Caller = Role | 'outsider';
const CALLERS: Caller[] = ['owner', 'admin', 'sales', 'viewer', 'outsider'];
const WRITERS: Caller[] = ['owner', 'admin', 'sales'];
const TABLES = ['accounts', 'prospects', 'estimate_requests'] as const;
type Table = (typeof TABLES)[number];
type Row = Record<string, unknown>;

/** The error a promise rejects with: SQLSTATE and the reason key in `detail`. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; detail?: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; detail?: string };
    return { code: e.code ?? 'no code', ...(e.detail ? { detail: e.detail } : {}) };
  }
  return { code: 'succeeded' };
}

describe.each(backends)('CRM on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  let other: Team;
  const userOf = (caller: Caller) => (caller === 'outsider' ? other.owner : team[caller]);
  const as = <T,>(caller: Caller, fn: (tx: Queryable) => Promise<T>) => asUser(db, userOf(caller), fn);
  const row = async (table: Table, id: string) => (await db.query<Row>(`select * from public.${table} where id = $1`, [id])).rows[0]!;

  const newRow: Record<Table, (id: string) => [string, unknown[]]> = {
    accounts: (id) => [`insert into public.accounts (id, org_id, name) values ($1, $2, 'Harbor Cafe')`, [id, team.orgId]],
    prospects: (id) => [`insert into public.prospects (id, org_id, first_name, email) values ($1, $2, 'Pat', 'pat@example.com')`, [id, team.orgId]],
    estimate_requests: (id) => [`insert into public.estimate_requests (id, org_id, name, source) values ($1, $2, 'Lee', 'manual')`, [id, team.orgId]],
  };
  const seeded = async (table: Table) => {
    const id = randomUUID();
    const [sql, params] = newRow[table](id);
    await db.query(sql, params);
    return id;
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'crm');
    other = await createTeam(db, 'crm-other');
  });
  afterAll(() => server?.close());

  describe('policies, per role', () => {
    it.each(CALLERS)('%s reads the rows of the organization only as a member', async (caller) => {
      const ids = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await seeded(t)] as const)));
      const seen: Record<string, boolean> = {};
      for (const table of TABLES) {
        const { rows } = await as(caller, (tx) => tx.query(`select id from public.${table} where id = $1`, [ids[table]]));
        seen[table] = rows.length === 1;
      }
      const member = caller !== 'outsider';
      expect(seen).toEqual({ accounts: member, prospects: member, estimate_requests: member });
    });

    it.each(CALLERS)('%s creates accounts, prospects and requests only as sales or above', async (caller) => {
      const outcome: Record<string, string> = {};
      for (const table of TABLES) {
        const [sql, params] = newRow[table](randomUUID());
        outcome[table] = await sqlState(as(caller, (tx) => tx.query(sql, params)));
      }
      const expected = WRITERS.includes(caller) ? 'succeeded' : '42501';
      expect(outcome).toEqual({ accounts: expected, prospects: expected, estimate_requests: expected });
    });

    it.each(CALLERS)('%s edits and archives only as sales or above', async (caller) => {
      const account = await seeded('accounts');
      const prospect = await seeded('prospects');
      const request = await seeded('estimate_requests');
      const changed = {
        accountNotes: (await as(caller, (tx) => tx.query(`update public.accounts set notes = 'Gate code 1234' where id = $1`, [account]))).affectedRows,
        accountArchive: (await as(caller, (tx) => tx.query(`update public.accounts set archived_at = now() where id = $1`, [account]))).affectedRows,
        prospectMove: (await as(caller, (tx) => tx.query(`update public.prospects set status = 'contacted' where id = $1`, [prospect]))).affectedRows,
        prospectArchive: (await as(caller, (tx) => tx.query(`update public.prospects set archived_at = now() where id = $1`, [prospect]))).affectedRows,
        requestReview: (await as(caller, (tx) => tx.query(`update public.estimate_requests set status = 'in_review' where id = $1`, [request]))).affectedRows,
      };
      const n = WRITERS.includes(caller) ? 1 : 0;
      expect(changed).toEqual({ accountNotes: n, accountArchive: n, prospectMove: n, prospectArchive: n, requestReview: n });
      expect((await row('accounts', account)).archived_at !== null).toBe(n === 1);
      expect((await row('prospects', prospect)).status).toBe(n === 1 ? 'contacted' : 'new');
    });

    it.each(CALLERS)('%s cannot delete rows outright (they are soft-deleted by sync)', async (caller) => {
      for (const table of TABLES) {
        const id = await seeded(table);
        expect(await sqlState(as(caller, (tx) => tx.query(`delete from public.${table} where id = $1`, [id]))), `${caller} deletes ${table}`).toBe('42501');
        expect(await row(table, id)).toBeDefined();
      }
    });

    it('keeps a member of another organization from moving rows into it or out of theirs', async () => {
      const prospect = await seeded('prospects');
      const moved = await as('outsider', (tx) => tx.query(`update public.prospects set org_id = $2 where id = $1`, [prospect, other.orgId]));
      expect(moved.affectedRows).toBe(0);
      const [sql, params] = newRow.prospects(randomUUID());
      expect(await sqlState(as('outsider', (tx) => tx.query(sql, params)))).toBe('42501');
      expect(await sqlState(as('sales', (tx) => tx.query(`update public.prospects set org_id = $2 where id = $1`, [prospect, other.orgId])))).not.toBe('succeeded');
      expect((await row('prospects', prospect)).org_id).toBe(team.orgId);
    });
  });

  describe('prospect status and history', () => {
    it('needs a reason for won and lost, from every client', async () => {
      for (const caller of WRITERS) {
        const prospect = await seeded('prospects');
        expect(await refusal(as(caller, (tx) => tx.query(`update public.prospects set status = 'won' where id = $1`, [prospect])))).toEqual({
          code: '23514',
          detail: 'status_reason_required',
        });
        expect(await refusal(as(caller, (tx) => tx.query(`update public.prospects set status = 'lost', status_reason = '   ' where id = $1`, [prospect])))).toMatchObject({
          detail: 'status_reason_required',
        });
        const [sql, params] = [`insert into public.prospects (org_id, first_name, status) values ($1, 'Imported', 'won')`, [team.orgId]];
        expect(await refusal(as(caller, (tx) => tx.query(sql, params)))).toMatchObject({ detail: 'status_reason_required' });
      }
    });

    it('appends each change to the history, with who, when and why (a reason only for won and lost)', async () => {
      const prospect = await seeded('prospects');
      const history = async () => JSON.parse(String((await row('prospects', prospect)).status_history)) as Row[];
      expect((await history()).map((e) => [e.status, e.from, e.by])).toEqual([['new', null, null]]);

      await as('sales', (tx) => tx.query(`update public.prospects set status = 'qualified' where id = $1`, [prospect]));
      await as('admin', (tx) => tx.query(`update public.prospects set status = 'won', status_reason = ' Signed the deck estimate ' where id = $1`, [prospect]));
      await as('owner', (tx) => tx.query(`update public.prospects set notes = 'Referred by Ana' where id = $1`, [prospect]));
      const entries = await history();
      expect(entries.map((e) => [e.status, e.from, e.by, e.reason])).toEqual([
        ['new', null, null, ''],
        ['qualified', 'new', team.sales, ''],
        ['won', 'qualified', team.admin, 'Signed the deck estimate'],
      ]);
      for (const e of entries) expect(String(e.at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect((await row('prospects', prospect)).status_reason).toBe('Signed the deck estimate');

      await as('sales', (tx) => tx.query(`update public.prospects set status = 'proposal' where id = $1`, [prospect]));
      expect((await history()).at(-1)).toMatchObject({ status: 'proposal', from: 'won', reason: '' });
    });

    it("keeps the moves a device made offline, in order, after the server's entries", async () => {
      const prospect = randomUUID();
      await db.query(`insert into public.prospects (id, org_id, first_name, created_at) values ($1, $2, 'Offline', now() - interval '1 hour')`, [prospect, team.orgId]);
      const server = JSON.parse(String((await row('prospects', prospect)).status_history)) as Row[];
      const now = Date.now();
      const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
      const device = [
        ...server,
        { status: 'contacted', from: 'new', at: at(30), by: team.sales, reason: '', local: true },
        { status: 'qualified', from: 'contacted', at: at(20), by: team.sales, reason: '', local: true },
        { status: 'lost', from: 'qualified', at: at(10), by: team.sales, reason: 'Budget', local: true },
      ];
      await as('sales', (tx) =>
        tx.query(`update public.prospects set status = 'lost', status_reason = 'Budget', status_changed_at = $2, status_history = $3 where id = $1`, [prospect, at(10), JSON.stringify(device)]),
      );
      const history = JSON.parse(String((await row('prospects', prospect)).status_history)) as Row[];
      expect(history.map((e) => [e.status, e.from, e.by, e.reason, e.at])).toEqual([
        ['new', null, null, '', server[0]!.at],
        ['contacted', 'new', team.sales, '', at(30)],
        ['qualified', 'contacted', team.sales, '', at(20)],
        ['lost', 'qualified', team.sales, 'Budget', at(10)],
      ]);
      expect(history.some((e) => 'local' in e)).toBe(false);
      expect(new Date(String((await row('prospects', prospect)).status_changed_at)).toISOString()).toBe(at(10));
    });

    it("drops entries that are not the caller's, out of order, in the future or not after the server's, and still ends with the current status", async () => {
      const prospect = randomUUID();
      await db.query(`insert into public.prospects (id, org_id, first_name, created_at) values ($1, $2, 'Forged', now() - interval '1 hour')`, [prospect, team.orgId]);
      const server = JSON.parse(String((await row('prospects', prospect)).status_history)) as Row[];
      const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
      const history = async () => JSON.parse(String((await row('prospects', prospect)).status_history)) as Row[];
      const write = (status: string, entries: Row[]) =>
        as('sales', (tx) => tx.query(`update public.prospects set status = $2, status_history = $3 where id = $1`, [prospect, status, JSON.stringify(entries)]));

      // Someone else's name on it: dropped; the server records the move itself.
      await write('contacted', [...server, { status: 'contacted', from: 'new', at: at(30), by: team.admin, reason: '' }]);
      let entries = await history();
      expect(entries.map((e) => [e.status, e.by])).toEqual([['new', null], ['contacted', team.sales]]);
      expect(Date.parse(String(entries[1]!.at))).toBeGreaterThan(Date.now() - 60_000);

      // Not starting with the server's entries (a rewritten past): dropped.
      await write('qualified', [{ status: 'won', from: null, at: at(50), by: team.sales, reason: 'forged' }, { status: 'qualified', from: 'won', at: at(1), by: team.sales, reason: '' }]);
      entries = await history();
      expect(entries.map((e) => e.status)).toEqual(['new', 'contacted', 'qualified']);
      expect(entries.some((e) => e.reason === 'forged')).toBe(false);

      // In the future, or before the last one: dropped from there on.
      await write('proposal', [...entries, { status: 'proposal', from: 'qualified', at: new Date(Date.now() + 3_600_000).toISOString(), by: team.sales, reason: '' }]);
      entries = await history();
      expect(entries.map((e) => e.status)).toEqual(['new', 'contacted', 'qualified', 'proposal']);
      expect(Date.parse(String(entries[3]!.at))).toBeLessThanOrEqual(Date.now() + 5_000);
      await write('new', [...entries, { status: 'new', from: 'proposal', at: at(59), by: team.sales, reason: '' }]);
      expect((await history()).map((e) => e.status)).toEqual(['new', 'contacted', 'qualified', 'proposal', 'new']);

      // Not JSON, or not a list: the server's history stays.
      await write('new', 'not json' as unknown as Row[]);
      await as('sales', (tx) => tx.query(`update public.prospects set status_history = 'not json' where id = $1`, [prospect]));
      expect(await history()).toHaveLength(5);
    });

    it('keeps an offline moment only when it is plausible', async () => {
      const prospect = randomUUID();
      await db.query(`insert into public.prospects (id, org_id, first_name, created_at) values ($1, $2, 'Moment', now() - interval '1 hour')`, [prospect, team.orgId]);
      const earlier = new Date(Date.now() - 60_000).toISOString();
      await as('sales', (tx) => tx.query(`update public.prospects set status = 'contacted', status_changed_at = $2 where id = $1`, [prospect, earlier]));
      expect(new Date(String((await row('prospects', prospect)).status_changed_at)).toISOString()).toBe(earlier);
      await as('sales', (tx) => tx.query(`update public.prospects set status = 'qualified', status_changed_at = now() + interval '1 day' where id = $1`, [prospect]));
      const future = new Date(String((await row('prospects', prospect)).status_changed_at)).getTime();
      expect(future).toBeLessThanOrEqual(Date.now() + 5_000);
      await as('sales', (tx) => tx.query(`update public.prospects set status = 'proposal', status_changed_at = '2001-01-01' where id = $1`, [prospect]));
      expect(new Date(String((await row('prospects', prospect)).status_changed_at)).getTime()).toBeGreaterThanOrEqual(future);
    });

    it('lets the seed and other trusted writers set a status without a reason', async () => {
      const id = randomUUID();
      await db.query(`insert into public.prospects (id, org_id, first_name, status) values ($1, $2, 'Seeded', 'lost')`, [id, team.orgId]);
      expect(JSON.parse(String((await row('prospects', id)).status_history))).toMatchObject([{ status: 'lost', reason: '' }]);
    });
  });

  describe('e-mail and phone', () => {
    it.each([
      ['prospects', 'email', 'not-an-email'],
      ['prospects', 'email', 'two@@example.com'],
      ['prospects', 'phone', 'call me maybe'],
      ['prospects', 'phone', '555-0100 ext 12345678'],
      ['prospects', 'first_name', 'x'.repeat(101)],
      ['accounts', 'email', 'a@b'],
      ['accounts', 'phone', '12;drop table'],
    ] as const)('refuses %s.%s = %j', async (table, column, value) => {
      const id = await seeded(table);
      expect(await sqlState(as('sales', (tx) => tx.query(`update public.${table} set ${column} = $2 where id = $1`, [id, value])))).toBe('23514');
    });

    it.each([
      ['email', 'Ana.Lopez+deck@Example.co.uk'],
      ['phone', '(720) 555-0199'],
      ['phone', '+1 720.555.0199 x12'],
      ['phone', '555-0100 ext. 4'],
      ['email', ''],
      ['phone', ''],
    ])('accepts %s = %j', async (column, value) => {
      const id = await seeded('prospects');
      expect(await sqlState(as('sales', (tx) => tx.query(`update public.prospects set ${column} = $2 where id = $1`, [id, value])))).toBe('succeeded');
    });
  });

  describe('request inbox rules', () => {
    it('needs a reason to dismiss, and drops it when the request is reopened', async () => {
      const request = await seeded('estimate_requests');
      expect(await refusal(as('sales', (tx) => tx.query(`update public.estimate_requests set status = 'dismissed' where id = $1`, [request])))).toEqual({
        code: '23514',
        detail: 'dismiss_reason_required',
      });
      await as('sales', (tx) => tx.query(`update public.estimate_requests set status = 'dismissed', dismiss_reason = 'Outside our service area' where id = $1`, [request]));
      expect(await row('estimate_requests', request)).toMatchObject({ status: 'dismissed', dismiss_reason: 'Outside our service area' });
      expect((await row('estimate_requests', request)).status_changed_at).not.toBeNull();
      await as('sales', (tx) => tx.query(`update public.estimate_requests set status = 'in_review' where id = $1`, [request]));
      expect(await row('estimate_requests', request)).toMatchObject({ status: 'in_review', dismiss_reason: '' });
    });

    it('converts only with the estimate made from it, and a converted request stays converted', async () => {
      const request = await seeded('estimate_requests');
      expect(await refusal(as('sales', (tx) => tx.query(`update public.estimate_requests set status = 'converted' where id = $1`, [request])))).toMatchObject({
        detail: 'converted_estimate_required',
      });
      const estimate = await asUser(db, team.sales, (tx) => insertEstimate(tx, team.orgId, { title: 'From the request' }));
      await as('sales', (tx) => tx.query(`update public.estimate_requests set status = 'converted', converted_estimate_id = $2 where id = $1`, [request, estimate.id]));
      expect(await row('estimate_requests', request)).toMatchObject({ status: 'converted', converted_estimate_id: estimate.id });
      for (const status of ['new', 'in_review', 'dismissed']) {
        expect(await refusal(as('owner', (tx) => tx.query(`update public.estimate_requests set status = $2, dismiss_reason = 'x' where id = $1`, [request, status])))).toMatchObject({
          detail: 'request_already_converted',
        });
      }
    });

    it('keeps reference, address and user agent of a filed request out of a client\'s reach', async () => {
      const request = await seeded('estimate_requests');
      const before = await row('estimate_requests', request);
      await as('sales', (tx) => tx.query(`update public.estimate_requests set reference = 'REQ-FORGED1' where id = $1`, [request]));
      expect((await row('estimate_requests', request)).reference).toBe(before.reference);
    });
  });

  describe('through sync_push, as a device sends it', () => {
    it.each([1, 2])('keeps the history of a prospect made and moved offline, pushed alone or in a batch of %i', async (size) => {
      const id = randomUUID();
      const start = Date.now() - 10 * 60_000;
      const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
      const entries = [
        { status: 'new', from: null, at: at(0), by: team.sales, reason: '', local: true },
        { status: 'contacted', from: 'new', at: at(2), by: team.sales, reason: '', local: true },
        { status: 'won', from: 'contacted', at: at(4), by: team.sales, reason: 'Signed', local: true },
      ];
      const doc = { id, org_id: team.orgId, first_name: 'Offline', status: 'won', status_reason: 'Signed', status_changed_at: at(4), status_history: JSON.stringify(entries), created_at: at(0), updated_at: at(4) };
      const changes = [{ seq: 1, table: 'prospects', doc }, ...(size > 1 ? [{ seq: 2, table: 'accounts', doc: { id: randomUUID(), org_id: team.orgId, name: 'Pushed along' } }] : [])];
      await asUser(db, team.sales, (tx) => tx.query(`select public.sync_push($1::uuid, $2::jsonb)`, [randomUUID(), JSON.stringify(changes)]));
      const history = JSON.parse(String((await row('prospects', id)).status_history)) as Row[];
      expect(history.map((e) => [e.status, e.at, e.reason])).toEqual([
        ['new', at(0), ''],
        ['contacted', at(2), ''],
        ['won', at(4), 'Signed'],
      ]);
    });

    it('keeps the moves of a device whose earlier push of the same prospect is still marked local on it', async () => {
      const id = randomUUID();
      const start = Date.now() - 10 * 60_000;
      const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
      const created = { status: 'new', from: null, at: at(0), by: team.sales, reason: '', local: true };
      const doc = { id, org_id: team.orgId, first_name: 'Queued', status: 'new', status_reason: '', status_changed_at: at(0), status_history: JSON.stringify([created]) };
      const push = (changes: unknown[]) => asUser(db, team.sales, (tx) => tx.query(`select public.sync_push($1::uuid, $2::jsonb)`, [randomUUID(), JSON.stringify(changes)]));
      await push([{ seq: 1, table: 'prospects', doc }]);
      const server = await row('prospects', id);
      const assumed = { ...doc, status_history: server.status_history };
      const moved = { ...doc, status: 'qualified', status_changed_at: at(3), status_history: JSON.stringify([created, { status: 'qualified', from: 'new', at: at(3), by: team.sales, reason: '', local: true }]) };
      await push([{ seq: 1, table: 'prospects', doc: moved, assumed }]);
      expect((JSON.parse(String((await row('prospects', id)).status_history)) as Row[]).map((e) => [e.status, e.at])).toEqual([
        ['new', at(0)],
        ['qualified', at(3)],
      ]);
    });

    it('answers a refused move as data with its reason and applies the rest of the batch', async () => {
      const prospect = await seeded('prospects');
      const current = await asUser(db, team.sales, (tx) => tx.query<Row>(`select * from public.prospects where id = $1`, [prospect]));
      const assumed = Object.fromEntries(Object.entries(current.rows[0]!).filter(([k]) => !['_txid', 'locked_txid', '_modified', 'updated_at', 'created_at'].includes(k)));
      const toJson = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
      const base = Object.fromEntries(Object.entries(assumed).map(([k, v]) => [k, toJson(v)]));
      const account = randomUUID();
      const changes = [
        { seq: 1, table: 'prospects', doc: { ...base, status: 'lost', status_reason: '' }, assumed: base },
        { seq: 2, table: 'accounts', doc: { id: account, org_id: team.orgId, name: 'Still applied' } },
      ];
      const { rows } = await asUser(db, team.sales, (tx) =>
        tx.query<{ r: { results: Row[] } }>(`select public.sync_push($1::uuid, $2::jsonb) as r`, [randomUUID(), JSON.stringify(changes)]),
      );
      const results = rows[0]!.r.results;
      expect(results.map((r) => [r.table, r.status, r.reason])).toEqual([
        ['prospects', 'rejected', 'status_reason_required'],
        ['accounts', 'applied', undefined],
      ]);
      expect((await row('prospects', prospect)).status).toBe('new');
      expect((await row('accounts', account)).name).toBe('Still applied');
    });
  });
});
