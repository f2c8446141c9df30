// Stored totals recomputed once per estimate per statement, and only when an item column that
// counts changed (supabase/migrations/20261122000300_estimates.sql): after
// multi-row inserts, updates and deletes in one statement the totals equal compute_totals,
// and edits that cannot move them never recompute. Recomputations are counted with the
// transaction's function statistics (track_functions = all, pg_stat_xact_user_functions).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { applyRequestContext } from '../local/request-context';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asUser, createTeam, insertEstimate, sqlState, type Team } from './helpers';

const backends = await backendsToTest();

const TOTALS = ['subtotal_cents', 'applied_discount_cents', 'tax_cents', 'total_cents', 'cost_cents', 'margin_cents', 'margin_percent'] as const;
type Row = Record<string, unknown>;

describe.each(backends)('stored totals per statement on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'totals');
  });
  afterAll(() => server?.close());

  /**
   * Runs `work` as the sales rep in one transaction (as PostgREST would) and returns how many
   * times compute_totals ran for it.
   */
  async function countingComputes(work: (tx: Queryable) => Promise<unknown>): Promise<number> {
    // The view holds the counts not yet flushed to the statistics, earlier transactions'
    // included; nothing is flushed inside a transaction, so the difference is this work's.
    const calls = async (tx: Queryable) =>
      Number((await tx.query<{ n: number }>(
        `select coalesce(sum(calls), 0)::int as n from pg_stat_xact_user_functions where schemaname = 'private' and funcname = 'compute_totals'`,
      )).rows[0]!.n);
    return db.transaction(async (tx) => {
      await tx.query(`set local track_functions = 'all'`);
      const before = await calls(tx);
      await applyRequestContext(tx, { role: 'authenticated', claims: { sub: team.sales, role: 'authenticated', aud: 'authenticated' } });
      await work(tx);
      return (await calls(tx)) - before;
    });
  }

  /** Draft estimates with `items` items each, written in one statement per table. */
  async function estimatesWithItems(count: number, items: number, values: Row = {}): Promise<string[]> {
    return asUser(db, team.sales, async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(String((await insertEstimate(tx, team.orgId, { tax_rate: 8.25, ...values })).id));
      await tx.query(
        `insert into public.estimate_items (org_id, estimate_id, name, quantity, unit_price_cents, unit_cost_cents, discount_percent, taxable, sort_order)
         select $1, e, 'Line ' || k, k, 1000 + k * 137, 600 + k * 71, case when k % 3 = 0 then 12.5 else 0 end, k % 4 <> 0, k
         from unnest($2::uuid[]) e cross join generate_series(1, $3::int) k`,
        [team.orgId, ids, items],
      );
      return ids;
    });
  }

  /** The stored totals and sync stamps of the estimates, and what compute_totals says now. */
  async function state(ids: string[]) {
    const { rows } = await db.query<Row>(
      `select e.*, e._txid::text as txid, to_jsonb(t) as fresh
       from public.estimates e cross join lateral private.compute_totals(e.id, e.discount_cents, e.tax_rate) t
       where e.id = any ($1) order by array_position($1, e.id)`,
      [ids],
    );
    return rows;
  }

  /** Every stored total equals compute_totals over the items as they are now. */
  async function expectExact(ids: string[]): Promise<void> {
    for (const row of await state(ids)) {
      const fresh = row.fresh as Row;
      const stored = Object.fromEntries(TOTALS.map((c) => [c, row[c] === null ? null : Number(row[c])]));
      const computed = Object.fromEntries(TOTALS.map((c) => [c, fresh[c] === null ? null : Number(fresh[c])]));
      expect(stored, `estimate ${String(row.id)}`).toEqual(computed);
    }
  }

  it('keeps totals exact after a multi-row insert, and computes each estimate once for it', async () => {
    const ids = await asUser(db, team.sales, async (tx) => [
      String((await insertEstimate(tx, team.orgId, { tax_rate: 10 })).id),
      String((await insertEstimate(tx, team.orgId, { tax_rate: 10, discount_cents: 500 })).id),
    ]);
    const computes = await countingComputes((tx) =>
      tx.query(
        `insert into public.estimate_items (org_id, estimate_id, name, quantity, unit_price_cents, unit_cost_cents, taxable)
         select $1, e, 'Line ' || k, k, 1000, 400, k <> 2 from unnest($2::uuid[]) e cross join generate_series(1, 10) k`,
        [team.orgId, ids],
      ),
    );
    await expectExact(ids);
    const [first] = await state(ids);
    // 55 × 1000 subtotal, taxable all but the two-unit line: (55000 − 2000) × 10 % = 5300.
    expect(first).toMatchObject({ subtotal_cents: 55000, tax_cents: 5300, total_cents: 60300, cost_cents: 22000 });
    // Once for the statement and once in the estimates' own trigger, per estimate: not per item.
    expect(computes).toBeLessThanOrEqual(2 * ids.length);
  });

  it('recomputes a multi-row update of counted columns once per estimate, and never for other columns', async () => {
    const ids = await estimatesWithItems(2, 10);
    await expectExact(ids);

    const counted = await countingComputes((tx) =>
      tx.query(`update public.estimate_items set quantity = quantity + 1, unit_price_cents = unit_price_cents + 1 where estimate_id = any ($1)`, [ids]),
    );
    await expectExact(ids);
    expect(counted).toBeLessThanOrEqual(2 * ids.length);

    const before = await state(ids);
    const other = await countingComputes((tx) =>
      tx.query(`update public.estimate_items set name = name || ' (renamed)', description = 'Why', sort_order = sort_order + 1, unit = 'box' where estimate_id = any ($1)`, [ids]),
    );
    expect(other).toBe(0);
    const after = await state(ids);
    // The estimates were not written at all: no new transaction id, no new _modified.
    expect(after.map((r) => [r.txid, String(r._modified), String(r.updated_at)])).toEqual(before.map((r) => [r.txid, String(r._modified), String(r.updated_at)]));
  });

  it('recomputes only the estimates whose counted item columns changed in a mixed statement', async () => {
    const [moved, untouched] = await estimatesWithItems(2, 3);
    const before = await state([untouched!]);
    await countingComputes((tx) =>
      tx.query(
        `update public.estimate_items set quantity = case when estimate_id = $1 then quantity * 2 else quantity end, name = name || '!' where estimate_id = any ($2)`,
        [moved, [moved, untouched]],
      ),
    );
    await expectExact([moved!, untouched!]);
    expect((await state([untouched!]))[0]!.txid).toBe(before[0]!.txid);
    expect(Number((await state([moved!]))[0]!.subtotal_cents)).toBeGreaterThan(0);
  });

  it('keeps totals exact after an upsert that inserts some items and updates others (PostgREST upsert)', async () => {
    const [id] = await estimatesWithItems(1, 3);
    const existing = (await db.query<{ id: string }>(`select id from public.estimate_items where estimate_id = $1 order by sort_order`, [id])).rows.map((r) => r.id);
    const rows = [...existing.map((itemId) => ({ id: itemId, q: 7 })), { id: randomUUID(), q: 2 }, { id: randomUUID(), q: 3 }];
    await asUser(db, team.sales, (tx) =>
      tx.query(
        `insert into public.estimate_items (id, org_id, estimate_id, name, quantity, unit_price_cents)
         select r.id, $1, $2, 'Upserted', r.q, 100 from jsonb_to_recordset($3::jsonb) r(id uuid, q numeric)
         on conflict (id) do update set quantity = excluded.quantity, unit_price_cents = excluded.unit_price_cents, discount_percent = excluded.discount_percent`,
        [team.orgId, id, JSON.stringify(rows)],
      ),
    );
    await expectExact([id!]);
    expect(Number((await state([id!]))[0]!.subtotal_cents)).toBe((3 * 7 + 2 + 3) * 100);
  });

  it('keeps totals exact when items are soft-deleted, deselected and hard-deleted many at a time', async () => {
    const ids = await estimatesWithItems(3, 6);
    await asUser(db, team.sales, (tx) => tx.query(`update public.estimate_items set _deleted = true where estimate_id = any ($1) and sort_order <= 2`, [ids]));
    await expectExact(ids);
    await asUser(db, team.sales, (tx) => tx.query(`update public.estimate_items set optional = true, selected = sort_order % 2 = 0 where estimate_id = any ($1)`, [ids]));
    await expectExact(ids);
    // Nobody deletes through the API; the server (a cleanup, a cascade) may.
    await db.query(`delete from public.estimate_items where estimate_id = any ($1) and sort_order >= 5`, [ids]);
    await expectExact(ids);
    expect((await state(ids)).map((r) => Number(r.subtotal_cents))).toEqual(ids.map(() => 4 * (1000 + 4 * 137)));
    await db.query(`delete from public.estimate_items where estimate_id = any ($1)`, [ids]);
    expect((await state(ids)).map((r) => [Number(r.subtotal_cents), Number(r.total_cents), Number(r.cost_cents)])).toEqual(ids.map(() => [0, 0, 0]));
  });

  it('refuses to move an item to another estimate and leaves both totals as they were', async () => {
    const [from, to] = await estimatesWithItems(2, 2);
    const before = await state([from!, to!]);
    const item = (await db.query<{ id: string }>(`select id from public.estimate_items where estimate_id = $1 limit 1`, [from])).rows[0]!.id;
    expect(await sqlState(asUser(db, team.sales, (tx) => tx.query(`update public.estimate_items set estimate_id = $2 where id = $1`, [item, to])))).toBe('23514');
    expect(await sqlState(db.query(`update public.estimate_items set estimate_id = $2 where estimate_id = $1`, [from, to]))).toBe('23514');
    const after = await state([from!, to!]);
    expect(after.map((r) => [r.txid, ...TOTALS.map((c) => r[c])])).toEqual(before.map((r) => [r.txid, ...TOTALS.map((c) => r[c])]));
    await expectExact([from!, to!]);
  });

  it('keeps the stored totals of an estimate edited without touching its figures, and recomputes a new discount or tax rate', async () => {
    const [id] = await estimatesWithItems(1, 4);
    const untouched = await countingComputes((tx) => tx.query(`update public.estimates set title = 'Renamed', notes = 'n' where id = $1`, [id]));
    expect(untouched).toBe(0);
    await expectExact([id!]);

    // A device sending its own figures is never believed: they are computed again.
    await countingComputes((tx) => tx.query(`update public.estimates set total_cents = 1, margin_percent = 99 where id = $1`, [id]));
    await expectExact([id!]);

    await countingComputes((tx) => tx.query(`update public.estimates set discount_cents = 700 where id = $1`, [id]));
    await expectExact([id!]);
    expect(Number((await state([id!]))[0]!.applied_discount_cents)).toBe(700);
    await countingComputes((tx) => tx.query(`update public.estimates set tax_rate = 0 where id = $1`, [id]));
    await expectExact([id!]);
    expect(Number((await state([id!]))[0]!.tax_cents)).toBe(0);
  });

  it('deletes estimates with their items, soft and hard, leaving the other totals exact', async () => {
    const [soft, hard, kept] = await estimatesWithItems(3, 3);
    const keptBefore = await state([kept!]);
    await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set _deleted = true where id = $1`, [soft]));
    await expectExact([soft!]);
    await db.query(`delete from public.estimates where id = $1`, [hard]);
    expect(Number((await db.query<{ n: number }>(`select count(*)::int as n from public.estimate_items where estimate_id = $1`, [hard])).rows[0]!.n)).toBe(0);
    expect((await state([kept!]))[0]!.txid).toBe(keptBefore[0]!.txid);
    await expectExact([soft!, kept!]);
  });

  it('keeps totals exact for items pushed through sync_push in one batch', async () => {
    const [id] = await estimatesWithItems(1, 0);
    const changes = Array.from({ length: 12 }, (_, k) => ({
      seq: k + 1, table: 'estimate_items',
      doc: { id: randomUUID(), org_id: team.orgId, estimate_id: id, name: `Pushed ${k}`, quantity: k + 1, unit_price_cents: 250, unit_cost_cents: 100, taxable: k % 2 === 0 },
    }));
    const answer = await asUser(db, team.sales, (tx) => tx.query<{ r: { results: { status: string }[] } }>(`select public.sync_push($1, $2::jsonb) as r`, [randomUUID(), JSON.stringify(changes)]));
    expect(answer.rows[0]!.r.results.map((r) => r.status)).toEqual(changes.map(() => 'applied'));
    await expectExact([id!]);
    expect(Number((await state([id!]))[0]!.subtotal_cents)).toBe(78 * 250);
  });
});
