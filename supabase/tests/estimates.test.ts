// The server's estimate rules: server-owned sync columns, final numbers, stored totals
// (agreeing with src/lib/money.ts over the shared cases), status transitions, locks and versions.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import cases from './fixtures/totals-cases.json';
import { acceptanceEvidence, acceptOnDevice, asUser, createTeam, insertEstimate, insertItem, sqlState, type Team } from './helpers';

const backends = await backendsToTest();

type EstimateRow = Record<string, unknown> & { id: string; number: string; status: string };

describe.each(backends)('estimate rules on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'est');
  });
  afterAll(() => server?.close());

  const asSales = <T>(fn: Parameters<typeof asUser<T>>[2]) => asUser(db, team.sales, fn);
  const estimate = async (id: string) =>
    (await db.query<EstimateRow>(`select * from public.estimates where id = $1`, [id])).rows[0]!;

  describe('sync columns', () => {
    it('stamps _txid, _modified, updated_at and created_at on the server, whatever the device sent', async () => {
      const future = '2999-01-01T00:00:00Z';
      const { row, txid } = await asSales(async (tx) => {
        const row = await insertEstimate(tx, team.orgId, { _modified: future, updated_at: future, created_at: future, _txid: '1' });
        const txid = (await tx.query<{ t: string }>(`select pg_current_xact_id()::text as t`)).rows[0]!.t;
        return { row, txid };
      });
      expect(String(row._txid)).toBe(txid);
      for (const column of ['_modified', 'updated_at', 'created_at']) expect(new Date(String(row[column])).getFullYear(), column).toBeLessThan(2999);

      const offline = '2020-05-01 10:00:00+00';
      const kept = await asSales((tx) => insertEstimate(tx, team.orgId, { created_at: offline }));
      expect(new Date(String(kept.created_at)).toISOString()).toBe('2020-05-01T10:00:00.000Z');

      const updated = await asSales(async (tx) => {
        const r = await tx.query(`update public.estimates set title = 'Changed', _modified = $2, created_at = now() where id = $1 returning *`, [row.id, future]);
        return r.rows[0]!;
      });
      expect(BigInt(String(updated._txid))).toBeGreaterThan(BigInt(txid));
      expect(new Date(String(updated._modified)).getTime()).toBeGreaterThan(new Date(String(row._modified)).getTime());
      expect(new Date(String(updated._modified)).getFullYear()).toBeLessThan(2999);
      expect(updated.created_at).toBe(row.created_at);
    });
  });

  describe('numbers', () => {
    it('gives drafts from two offline devices consecutive, unique final numbers and keeps the provisional one', async () => {
      const own = await createTeam(db, 'numbers');
      const tablet = Array.from({ length: 3 }, (_, i) => ({ id: randomUUID(), number: `DRAFT-TAB-${i}` }));
      const laptop = Array.from({ length: 3 }, (_, i) => ({ id: randomUUID(), number: `DRAFT-LAP-${i}` }));
      // Both devices made DRAFT-1 style numbers offline; they sync interleaved.
      for (let i = 0; i < 3; i++) {
        await asUser(db, own.sales, (tx) => insertEstimate(tx, own.orgId, tablet[i]!));
        await asUser(db, own.owner, (tx) => insertEstimate(tx, own.orgId, laptop[i]!));
      }
      const { rows } = await db.query<{ number: string; provisional_number: string }>(
        `select number, provisional_number from public.estimates where org_id = $1 order by number`, [own.orgId],
      );
      expect(rows.map((r) => r.number)).toEqual(['EST-000001', 'EST-000002', 'EST-000003', 'EST-000004', 'EST-000005', 'EST-000006']);
      expect(rows.map((r) => r.provisional_number)).toEqual(['DRAFT-TAB-0', 'DRAFT-LAP-0', 'DRAFT-TAB-1', 'DRAFT-LAP-1', 'DRAFT-TAB-2', 'DRAFT-LAP-2']);
    });

    it('never changes a number once assigned, and leaves no gap after a failed insert or a retried upsert', async () => {
      const own = await createTeam(db, 'gaps');
      const first = await asUser(db, own.sales, (tx) => insertEstimate(tx, own.orgId, { number: 'DRAFT-A' }));
      expect(first.number).toBe('EST-000001');
      await asUser(db, own.sales, (tx) => tx.query(`update public.estimates set number = 'EST-999999' where id = $1`, [first.id]));
      expect((await estimate(String(first.id))).number).toBe('EST-000001');

      // Rejected insert (a bad account id) rolls its number back with it.
      expect(await sqlState(asUser(db, own.sales, (tx) => insertEstimate(tx, own.orgId, { account_id: randomUUID() })))).toBe('23503');
      // A device retrying the same insert as an upsert keeps the first number.
      const upsert = `insert into public.estimates (id, org_id, number, title) values ($1, $2, 'DRAFT-A', 'Retried')
                      on conflict (id) do update set title = excluded.title returning number`;
      const retried = await asUser(db, own.sales, (tx) => tx.query<{ number: string }>(upsert, [first.id, own.orgId]));
      expect(retried.rows[0]!.number).toBe('EST-000001');

      await db.query(`update public.organizations set estimate_prefix = 'Q-' where id = $1`, [own.orgId]);
      const next = await asUser(db, own.sales, (tx) => insertEstimate(tx, own.orgId));
      expect(next.number).toBe('Q-000002');
    });

    // PGlite has a single connection, so only PostgreSQL can run pushes concurrently.
    if (backend === 'postgres') it('stays unique and gap-free under concurrent pushes from several devices', async () => {
      const own = await createTeam(db, 'concurrent');
      const devices = [own.owner, own.admin, own.sales];
      await Promise.all(
        devices.flatMap((user) => Array.from({ length: 8 }, () => asUser(db, user, (tx) => insertEstimate(tx, own.orgId)))),
      );
      const { rows } = await db.query<{ number: string }>(`select number from public.estimates where org_id = $1 order by number`, [own.orgId]);
      expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 24 }, (_, i) => `EST-${String(i + 1).padStart(6, '0')}`));
    });
  });

  describe('totals', () => {
    it.each(cases.map((c) => [c.name, c] as const))('stores the same totals as computeTotals: %s', async (_name, c) => {
      const row = await asSales(async (tx) => {
        const e = await insertEstimate(tx, team.orgId, { discount_cents: c.discountCents, tax_rate: c.taxRate });
        for (const [i, item] of c.items.entries()) {
          await insertItem(tx, team.orgId, String(e.id), {
            quantity: item.quantity, unit_price_cents: item.unitPriceCents, unit_cost_cents: item.unitCostCents,
            discount_percent: item.discountPercent, taxable: item.taxable, optional: item.optional, selected: item.selected, sort_order: i,
          });
        }
        return (await tx.query<EstimateRow>(`select * from public.estimates where id = $1`, [e.id])).rows[0]!;
      });
      expect({
        subtotal: Number(row.subtotal_cents), discount: Number(row.applied_discount_cents), tax: Number(row.tax_cents),
        total: Number(row.total_cents), cost: Number(row.cost_cents),
        marginCents: row.margin_cents === null ? null : Number(row.margin_cents),
        marginPercent: row.margin_percent === null ? null : Number(row.margin_percent),
      }).toEqual(c.expected);
    });

    it('recomputes on item update and soft delete, on discount and tax changes, and ignores totals a device sends', async () => {
      const { id, itemId } = await asSales(async (tx) => {
        const e = await insertEstimate(tx, team.orgId);
        const item = await insertItem(tx, team.orgId, String(e.id), { quantity: 2, unit_price_cents: 5000, unit_cost_cents: 2000 });
        await insertItem(tx, team.orgId, String(e.id), { quantity: 1, unit_price_cents: 1000, taxable: false });
        return { id: String(e.id), itemId: String(item.id) };
      });
      expect(await estimate(id)).toMatchObject({ subtotal_cents: 11000, total_cents: 11000, cost_cents: 4000 });

      await asSales((tx) => tx.query(`update public.estimates set tax_rate = 10, discount_cents = 1100, total_cents = 1 where id = $1`, [id]));
      // taxable 10000 carries 10000/11000 of the 1100 discount: (10000 − 1000) × 10 % = 900
      expect(await estimate(id)).toMatchObject({ applied_discount_cents: 1100, tax_cents: 900, total_cents: 10800 });

      await asSales((tx) => tx.query(`update public.estimate_items set quantity = 3 where id = $1`, [itemId]));
      expect(await estimate(id)).toMatchObject({ subtotal_cents: 16000, cost_cents: 6000 });

      await asSales((tx) => tx.query(`update public.estimate_items set _deleted = true where id = $1`, [itemId]));
      expect(await estimate(id)).toMatchObject({ subtotal_cents: 1000, applied_discount_cents: 1000, tax_cents: 0, total_cents: 0, margin_cents: null });
    });
  });

  describe('status transitions', () => {
    const legalPath = ['sent', 'viewed', 'changes_requested', 'draft', 'sent', 'viewed', 'accepted', 'archived'];

    it('walks a legal path and records when each status was reached', async () => {
      const e = await asSales((tx) => insertEstimate(tx, team.orgId));
      for (const status of legalPath) {
        // Staff accept only with the customer's evidence (see send-accept.test.ts).
        if (status === 'accepted') await acceptOnDevice(db, team.sales, String(e.id));
        else await asSales((tx) => tx.query(`update public.estimates set status = $2 where id = $1`, [e.id, status]));
      }
      const row = await estimate(String(e.id));
      expect(row.status).toBe('archived');
      for (const column of ['sent_at', 'viewed_at', 'accepted_at', 'archived_at']) expect(row[column], column).not.toBeNull();
    });

    it.each([
      ['draft', 'accepted'],
      ['draft', 'viewed'],
      ['draft', 'expired'],
      ['accepted', 'draft'],
      ['declined', 'sent'],
      ['archived', 'draft'],
      ['expired', 'accepted'],
    ])('rejects %s → %s with PT422', async (from, to) => {
      const e = await asSales((tx) => insertEstimate(tx, team.orgId, { status: from === 'accepted' ? 'sent' : from }));
      if (from === 'accepted') await acceptOnDevice(db, team.sales, String(e.id));
      const error = await asSales((tx) => tx.query(`update public.estimates set status = $2 where id = $1`, [e.id, to])).catch((err: unknown) => err);
      expect(error).toMatchObject({ code: 'PT422', message: `An estimate cannot go from ${from} to ${to}`, detail: 'illegal_status_transition' });
      expect((await estimate(String(e.id))).status).toBe(from);
    });

    it('expires sent estimates past their validity date', async () => {
      const e = await asSales((tx) => insertEstimate(tx, team.orgId, { status: 'sent', valid_until: '2000-01-01' }));
      const fresh = await asSales((tx) => insertEstimate(tx, team.orgId, { status: 'sent', valid_until: '2999-01-01' }));
      await db.query(`select public.expire_estimates()`);
      expect((await estimate(String(e.id))).status).toBe('expired');
      expect((await estimate(String(fresh.id))).status).toBe('sent');
    });
  });

  describe('locks', () => {
    it.each(['accepted', 'declined'])('locks a %s estimate and its items, but lets it be archived', async (status) => {
      const { id, itemId } = await asSales(async (tx) => {
        const e = await insertEstimate(tx, team.orgId, { status: 'sent' });
        const item = await insertItem(tx, team.orgId, String(e.id));
        return { id: String(e.id), itemId: String(item.id) };
      });
      if (status === 'accepted') await acceptOnDevice(db, team.sales, id);
      else await asSales((tx) => tx.query(`update public.estimates set status = $2 where id = $1`, [id, status]));
      const attempts = [
        [`update public.estimates set title = 'Changed' where id = $1`, [id]],
        [`update public.estimates set discount_cents = 100 where id = $1`, [id]],
        [`update public.estimates set _deleted = true where id = $1`, [id]],
        [`update public.estimate_items set quantity = 5 where id = $1`, [itemId]],
        [`update public.estimate_items set _deleted = true where id = $1`, [itemId]],
        [`insert into public.estimate_items (org_id, estimate_id, name) values ($1, $2, 'Sneaky')`, [team.orgId, id]],
      ] as const;
      for (const [sql, params] of attempts) expect(await sqlState(asSales((tx) => tx.query(sql, [...params]))), sql).toBe('PT423');
      // The same document pushed again unchanged is not a change.
      await asSales((tx) => tx.query(`update public.estimates set title = title where id = $1`, [id]));
      // Milestones track the work after acceptance and stay editable.
      await asSales((tx) => tx.query(`insert into public.milestones (org_id, estimate_id, title, status) values ($1, $2, 'Install', 'in_progress')`, [team.orgId, id]));
      await asSales((tx) => tx.query(`update public.estimates set status = 'archived' where id = $1`, [id]));
      expect((await estimate(id)).status).toBe('archived');
    });

    it('accepts an estimate created, accepted and pushed offline together with its items in one transaction', async () => {
      const id = randomUUID();
      const itemId = randomUUID();
      // The evidence the device recorded for exactly this content (canonicalSnapshot).
      const evidence = await acceptanceEvidence({
        estimate: { id, title: 'Test estimate', account_id: null, prospect_id: null, valid_until: null, tax_rate: 0, discount_cents: 0, notes: '', terms: '' },
        items: [{ id: itemId, name: 'Item', description: '', quantity: 2, unit: 'each', unit_price_cents: 2500, discount_percent: 0, taxable: true, optional: false, selected: true, sort_order: 0 }],
      });
      await asSales(async (tx) => {
        await insertEstimate(tx, team.orgId, { id });
        await insertItem(tx, team.orgId, id, { id: itemId, quantity: 2, unit_price_cents: 2500 });
        await tx.query(`update public.estimates set status = 'accepted', accepted_at = '2024-03-01 12:00:00+00', accepted_by_name = 'Pat Customer',
          acceptance_sha256 = $2, acceptance_signature = $3 where id = $1`, [id, evidence.acceptance_sha256, evidence.acceptance_signature]);
      });
      const row = await estimate(id);
      expect(row).toMatchObject({ status: 'accepted', subtotal_cents: 5000, accepted_by_name: 'Pat Customer' });
      expect(new Date(String(row.accepted_at)).toISOString()).toBe('2024-03-01T12:00:00.000Z');
      expect(row.accepted_version_id).not.toBeNull();
      expect(await sqlState(asSales((tx) => insertItem(tx, team.orgId, id)))).toBe('PT423');
    });
  });

  describe('versions', () => {
    it('snapshots a customer-safe version when sent, a new one when the content changes, and ties acceptance to one', async () => {
      const { id, itemId } = await asSales(async (tx) => {
        const e = await insertEstimate(tx, team.orgId, { title: 'Deck' });
        const item = await insertItem(tx, team.orgId, String(e.id), { unit_cost_cents: 4000 });
        return { id: String(e.id), itemId: String(item.id) };
      });
      expect((await estimate(id)).current_version_id).toBeNull();

      await asSales((tx) => tx.query(`update public.estimates set status = 'sent' where id = $1`, [id]));
      const versions = async () =>
        (await db.query<{ id: string; version_number: number; snapshot: string; snapshot_sha256: string }>(
          `select id, version_number, snapshot, snapshot_sha256 from public.estimate_versions where estimate_id = $1 order by version_number`, [id],
        )).rows;
      const [v1] = await versions();
      expect(v1!.version_number).toBe(1);
      expect(v1!.snapshot_sha256).toBe(createHash('sha256').update(v1!.snapshot, 'utf8').digest('hex'));
      expect(v1!.snapshot).not.toMatch(/cost|margin/);
      expect(JSON.parse(v1!.snapshot)).toMatchObject({ estimate: { title: 'Deck', total_cents: 10000 }, items: [{ id: itemId }] });
      expect(await estimate(id)).toMatchObject({ current_version_id: v1!.id, version_number: 1 });

      await asSales((tx) => tx.query(`update public.estimates set status = 'viewed' where id = $1`, [id]));
      expect(await versions()).toHaveLength(1);

      await asSales((tx) => tx.query(`update public.estimate_items set quantity = 2 where id = $1`, [itemId]));
      const [, v2] = await versions();
      expect(v2!.version_number).toBe(2);

      await acceptOnDevice(db, team.sales, id, { current_version_id: v1!.id });
      expect(await estimate(id)).toMatchObject({ current_version_id: v2!.id, accepted_version_id: v2!.id });
      expect(await sqlState(asSales((tx) => tx.query(`insert into public.estimate_versions (org_id, estimate_id, version_number, snapshot, snapshot_sha256) values ($1, $2, 3, '{}', 'x')`, [team.orgId, id])))).toBe('42501');
    });

    it('never versions drafts', async () => {
      const e = await asSales(async (tx) => {
        const row = await insertEstimate(tx, team.orgId);
        await insertItem(tx, team.orgId, String(row.id));
        return row;
      });
      const { rows } = await db.query(`select 1 from public.estimate_versions where estimate_id = $1`, [e.id]);
      expect(rows).toEqual([]);
    });
  });
});
