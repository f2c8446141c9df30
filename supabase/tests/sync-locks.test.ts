// Concurrent pushes on PostgreSQL (PGlite has one connection, so nothing runs concurrently):
// - changing items recomputes their estimate's totals, so a push of items locks their
//   estimates first, in one order: two devices editing items of one estimate wait for each
//   other instead of deadlocking (the deadlock used to come back as a rejection that the
//   device kept as a failure: an edit lost to a race);
// - a lock or serialization failure is no verdict on the change: sync_push fails as a whole
//   (the device sends the batch again) instead of answering 'rejected'.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { createTeam, insertEstimate, insertItem, type Team } from './helpers';

const onPostgres = (await backendsToTest()).includes('postgres');

type Answer = { seq: number; id: string; status: string; code?: string };
type Row = Record<string, unknown>;

describe.runIf(onPostgres)('concurrent sync pushes on postgres', () => {
  let server: TestServer;
  let team: Team;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    server = await startTestServer('postgres');
    team = await createTeam(server.ctx.db, 'locks');
  });
  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => undefined);
    await server?.close();
  });

  /** A connection in an open transaction as the team's owner, as the REST layer sets one up. */
  async function session(): Promise<pg.Client & { pid: number }> {
    const client = new pg.Client({ connectionString: server.config.DATABASE_URL });
    await client.connect();
    clients.push(client);
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await client.query('begin');
    // The request context as supabase/local/request-context.ts sets it for an API call.
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: team.owner, role: 'authenticated', aud: 'authenticated' }),
    ]);
    return Object.assign(client, { pid });
  }

  const push = async (client: pg.Client, device: string, seq: number, changes: { table: string; doc: Row; assumed?: Row }[]) =>
    (await client.query<{ r: { results: Answer[] } }>('select public.sync_push($1, $2::jsonb) as r', [
      device,
      JSON.stringify(changes.map((c, i) => ({ seq: seq + i, ...c }))),
    ])).rows[0]!.r.results;

  /** Waits until the backend `pid` waits for a lock (a condition, not a sleep). */
  async function waitsForLock(pid: number): Promise<void> {
    for (let i = 0; i < 500; i++) {
      const { rows } = await server.ctx.db.query<{ w: string | null }>('select wait_event_type as w from pg_stat_activity where pid = $1', [pid]);
      if (rows[0]?.w === 'Lock') return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`backend ${pid} never waited for a lock`);
  }

  const row = async (table: string, id: string) =>
    (await server.ctx.db.query<Row>(`select to_jsonb(t) - '_txid' - 'locked_txid' as d from public.${table} t where id = $1`, [id])).rows[0]!.d as Row;

  it('two devices editing items of one estimate wait for each other and both land', async () => {
    const [deviceA, deviceB] = [randomUUID(), randomUUID()];
    const estimate = await insertEstimate(server.ctx.db, team.orgId, { owner_id: team.owner });
    const item = await row('estimate_items', String((await insertItem(server.ctx.db, team.orgId, String(estimate.id))).id));
    const newItem = (name: string) => ({ id: randomUUID(), org_id: team.orgId, estimate_id: estimate.id, name, quantity: 1, unit_price_cents: 2500 });

    // A adds an item: its totals update holds the estimate until A commits.
    const a = await session();
    const added = newItem('Added on A');
    expect((await push(a, deviceA, 1, [{ table: 'estimate_items', doc: added }]))[0]!.status).toBe('applied');

    // B changes the existing item: it waits for the estimate before taking the item.
    const b = await session();
    const bDone = push(b, deviceB, 1, [{ table: 'estimate_items', doc: { ...item, quantity: 5 }, assumed: item }]);
    await waitsForLock(b.pid);

    // A now changes the same item: with B holding it and waiting for the estimate, this was a deadlock.
    const aSecond = await push(a, deviceA, 2, [{ table: 'estimate_items', doc: { ...item, name: 'Renamed on A' }, assumed: item }]);
    expect(aSecond.map((x) => x.status)).toEqual(['applied']);
    await a.query('commit');

    const bAnswers = await bDone;
    await b.query('commit');
    // B's assumed state predates A's rename: a conflict the device merges (not a rejection).
    expect(bAnswers.map((x) => x.status)).toEqual(['conflict']);
    const after = await row('estimate_items', String(item.id));
    expect(after.name).toBe('Renamed on A');
    const totals = await row('estimates', String(estimate.id));
    expect(totals.subtotal_cents).toBe(Number(item.unit_price_cents) * Number(item.quantity) + 2500);
  });

  it('a lock it cannot take fails the push as a whole instead of rejecting the change', async () => {
    const estimate = await insertEstimate(server.ctx.db, team.orgId, { owner_id: team.owner });
    const item = await row('estimate_items', String((await insertItem(server.ctx.db, team.orgId, String(estimate.id))).id));
    const device = randomUUID();
    const holder = await session();
    await holder.query('select 1 from public.estimate_items where id = $1 for update', [item.id]);

    const b = await session();
    await b.query(`set local lock_timeout = '50ms'`);
    const failure = await push(b, device, 1, [{ table: 'estimate_items', doc: { ...item, quantity: 7 }, assumed: item }]).then(
      () => 'answered',
      (error: { code?: string }) => error.code,
    );
    expect(failure).toBe('55P03');
    await b.query('rollback');
    await holder.query('rollback');

    // Sent again once the lock is free: applied, and nothing was recorded against the device.
    const again = await session();
    expect((await push(again, device, 1, [{ table: 'estimate_items', doc: { ...item, quantity: 7 }, assumed: item }]))[0]!.status).toBe('applied');
    await again.query('commit');
    expect(Number((await row('estimate_items', String(item.id))).quantity)).toBe(7);
  });
});
