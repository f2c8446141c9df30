// The checks the migrations write once and many functions call: private.require_role (core),
// private.add_org_policies (core), private.refuse_when_limited and private.take_hit
// (rate_limits) and private.start_link_decision (customer_estimate). The RPCs that use them
// are tested in their own files; these tests pin the helpers' own contract.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asAnon, asUser, createTeam, sqlState, type Team } from './helpers';

const backends = await backendsToTest();

/** Runs fn in a transaction that is rolled back, so counters and rows stay as they were. */
async function rolledBack(db: Db, fn: (tx: Queryable) => Promise<void>): Promise<void> {
  const rollback = new Error('rollback');
  await db
    .transaction(async (tx) => {
      await fn(tx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
}

describe.each(backends)('shared checks on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'checks');
  });
  afterAll(() => server?.close());

  const requireRole = (tx: Queryable, org: string | null) =>
    tx.query(`select private.require_role($1, array['owner', 'admin'], 'Only owners and admins may')`, [org]);

  it('require_role lets a member with the role pass and refuses anyone else with 42501 and the message', async () => {
    await asUser(db, team.admin, (tx) => requireRole(tx, team.orgId));
    expect(await sqlState(asUser(db, team.sales, (tx) => requireRole(tx, team.orgId)))).toBe('42501');
    expect(await sqlState(asUser(db, team.owner, (tx) => requireRole(tx, null)))).toBe('42501');
    expect(await sqlState(asUser(db, team.owner, (tx) => requireRole(tx, randomUUID())))).toBe('42501');
    await expect(asUser(db, team.viewer, (tx) => requireRole(tx, team.orgId))).rejects.toThrow('Only owners and admins may');
  });

  it('add_org_policies made the read, create and update policies of every member-read table', async () => {
    const { rows } = await db.query<{ tablename: string; policyname: string }>(
      `select tablename, policyname from pg_policies where schemaname = 'public' and policyname ~ 'their organization$' order by 1, 2`,
    );
    const names = (table: string) => rows.filter((r) => r.tablename === table).map((r) => r.policyname);
    expect(names('estimate_items')).toEqual([
      'Members can view estimate items of their organization',
      'Sales can create estimate items in their organization',
      'Sales can update estimate items of their organization',
    ]);
    expect(names('products')).toEqual([
      'Admins can create products in their organization',
      'Admins can update products of their organization',
      'Members can view products of their organization',
    ]);
    expect(names('estimate_versions')).toEqual(['Members can view estimate versions of their organization']);
  });

  it('take_hit counts each call and refuses with 429 once the limit is used up; refuse_when_limited only looks', async () => {
    await rolledBack(db, async (tx) => {
      const bucket = `test-${randomUUID()}`;
      const take = () => tx.query(`select private.take_hit($1, 2, interval '10 minutes', 'Slow down')`, [bucket]);
      const look = () => tx.query(`select private.refuse_when_limited($1, 2, interval '10 minutes', 'Slow down')`, [bucket]);
      await take();
      await look();
      await look();
      await take();
      const refused = await look().then(
        () => null,
        (error: { code?: string; message?: string; detail?: string }) => error,
      );
      expect(refused?.code).toBe('PGRST');
      expect(JSON.parse(refused?.detail ?? '{}')).toMatchObject({ status: 429 });
      expect(JSON.parse(refused?.message ?? '{}')).toMatchObject({ code: 'too_many_requests', message: 'Slow down' });
    });
  });

  it('start_link_decision answers every bad token alike: done, with no answer, and counted as a failed lookup', async () => {
    const counted = async () =>
      (await db.query<{ hits: number }>(`select coalesce(sum(hits), 0)::integer as hits from private.rate_counters where bucket = 'token_lookup'`)).rows[0]!
        .hits;
    for (const token of [null, 'short', 'x'.repeat(43), '../../etc/passwd']) {
      const before = await counted();
      const call = (tx: Queryable) =>
        tx.query(`select done, answer, (link).id as link_id, (e).id as estimate_id from private.start_link_decision($1, $2, 'decline', $3, false)`, [
          token,
          randomUUID(),
          randomUUID(),
        ]);
      // The API roles may not call it (the RPCs call it as its owner).
      expect(await sqlState(asAnon(db, call))).toBe('42501');
      expect((await call(db)).rows[0]).toEqual({ done: true, answer: null, link_id: null, estimate_id: null });
      expect(await counted()).toBe(before + 1);
    }
  });
});
