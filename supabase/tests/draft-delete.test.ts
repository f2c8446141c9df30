// Deleting drafts (supabase/migrations/20261126000200_draft_delete.sql): who may delete which
// estimate, the void record of a number a deleted draft had, and undoing a deletion. A delete
// is a soft delete (`_deleted`), as sync and REST write it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asAnon, asUser, createTeam, insertEstimate, sqlState, type Role, type Team } from './helpers';

const backends = await backendsToTest();

type Voided = { number: string; estimate_id: string; voided_by: string | null };

describe.each(backends)('deleting drafts on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'drafts');
  });
  afterAll(() => server?.close());

  const draft = (values: Record<string, unknown> = {}) => asUser(db, team.sales, (tx) => insertEstimate(tx, team.orgId, values));
  const setDeleted = (userId: string, id: string, deleted = true) =>
    asUser(db, userId, (tx) => tx.query(`update public.estimates set _deleted = $2 where id = $1`, [id, deleted]));
  const isDeleted = async (id: string) => (await db.query<{ _deleted: boolean }>(`select _deleted from public.estimates where id = $1`, [id])).rows[0]!._deleted;
  const voided = async (estimateId: string) =>
    (await db.query<Voided>(`select number, estimate_id, voided_by from public.voided_estimate_numbers where estimate_id = $1`, [estimateId])).rows;

  it.each<Role>(['owner', 'admin', 'sales'])('%s deletes a never-sent draft; its final number is recorded as void', async (role) => {
    const row = await draft();
    expect(String(row.number)).toMatch(/^EST-\d{6}$/);
    await setDeleted(team[role], String(row.id));
    expect(await isDeleted(String(row.id))).toBe(true);
    expect(await voided(String(row.id))).toEqual([{ number: row.number, estimate_id: row.id, voided_by: team[role] }]);
  });

  it('a viewer cannot delete a draft (no row is theirs to update)', async () => {
    const row = await draft();
    await setDeleted(team.viewer, String(row.id));
    expect(await isDeleted(String(row.id))).toBe(false);
    expect(await voided(String(row.id))).toEqual([]);
  });

  it('anon cannot delete a draft', async () => {
    const row = await draft();
    const state = await sqlState(asAnon(db, (tx) => tx.query(`update public.estimates set _deleted = true where id = $1`, [row.id])));
    expect(['42501', 'succeeded']).toContain(state);
    expect(await isDeleted(String(row.id))).toBe(false);
  });

  it('refuses to delete a sent estimate, and a sent one revised back to draft, with a clear code and message', async () => {
    const sent = await draft();
    await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = 'sent' where id = $1`, [sent.id]));
    const refusal = await asUser(db, team.owner, (tx) => tx.query(`update public.estimates set _deleted = true where id = $1`, [sent.id])).catch((e: unknown) => e as { code?: string; message?: string });
    expect(refusal).toMatchObject({ code: 'PT409', message: 'Only a draft that was never sent can be deleted' });

    await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = 'draft' where id = $1`, [sent.id]));
    expect(await sqlState(setDeleted(team.sales, String(sent.id)))).toBe('PT409');
    expect(await isDeleted(String(sent.id))).toBe(false);
    expect(await voided(String(sent.id))).toEqual([]);
  });

  it('answers a refused delete through sync_push as rejected with reason estimate_not_deletable', async () => {
    const sent = await draft();
    await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = 'sent' where id = $1`, [sent.id]));
    const doc = { id: sent.id, org_id: team.orgId, _deleted: true };
    const answer = await asUser(db, team.sales, (tx) =>
      tx.query<{ r: { results: { status: string; code: string; reason: string }[] } }>(`select public.sync_push($1, $2::jsonb) as r`, [randomUUID(), JSON.stringify([{ seq: 1, table: 'estimates', doc, assumed: { ...doc, _deleted: false } }])]),
    );
    expect(answer.rows[0]!.r.results[0]).toMatchObject({ status: 'rejected', code: 'PT409', reason: 'estimate_not_deletable' });
  });

  it('undoing a deletion restores the estimate and takes its number out of the void record', async () => {
    const row = await draft();
    await setDeleted(team.sales, String(row.id));
    expect(await voided(String(row.id))).toHaveLength(1);
    await setDeleted(team.sales, String(row.id), false);
    expect(await isDeleted(String(row.id))).toBe(false);
    expect(await voided(String(row.id))).toEqual([]);
  });

  it('a draft created and deleted offline arrives deleted: the number it took is recorded as void', async () => {
    const row = await draft({ _deleted: true, title: 'Made and dropped offline' });
    expect(await voided(String(row.id))).toEqual([{ number: row.number, estimate_id: row.id, voided_by: team.sales }]);
  });

  it('members read the void records of their own organization only; anon reads none', async () => {
    const row = await draft();
    await setDeleted(team.sales, String(row.id));
    const read = (userId: string) => asUser(db, userId, (tx) => tx.query(`select number from public.voided_estimate_numbers where estimate_id = $1`, [row.id]));
    for (const role of ['owner', 'admin', 'sales', 'viewer'] as const) expect((await read(team[role])).rows, role).toEqual([{ number: row.number }]);
    const other = await createTeam(db, 'drafts-other');
    expect((await read(other.owner)).rows).toEqual([]);
    expect(await sqlState(asAnon(db, (tx) => tx.query(`select * from public.voided_estimate_numbers`)))).toBe('42501');
    expect(await sqlState(asUser(db, team.owner, (tx) => tx.query(`insert into public.voided_estimate_numbers (org_id, number, estimate_id) values ($1, 'X-1', $2)`, [team.orgId, randomUUID()])))).toBe('42501');
  });
});
