// sync_push applies a batch set-based (20261122000900_sync.sql). These tests hold it to the
// per-change push it replaced (fixtures/sync_push_per_change.sql, installed here under
// another name): the same batch, from the same state, gets the same answers in the
// same order and leaves the same rows, whatever mix of updates, inserts, conflicts,
// refusals, parents after children, repeats and rows changed twice the batch holds.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { applyRequestContext } from '../local/request-context';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asUser, createTeam, insertEstimate, insertItem, type Team } from './helpers';

const backends = await backendsToTest();

type Row = Record<string, unknown>;
type Change = { seq: number; table: string; doc: unknown; assumed?: Row; assumed_changes?: Row };
type Answer = { seq: number; table: string; id: string; status: string; reason?: string; code?: string; server_doc?: Row | null; duplicate?: boolean };

const PER_CHANGE = 'private.sync_push_per_change';

/** The per-change sync_push of fixtures/sync_push_per_change.sql, as PER_CHANGE. */
function perChangeDefinition(): string {
  const file = readFileSync(new URL('./fixtures/sync_push_per_change.sql', import.meta.url), 'utf8');
  const start = file.indexOf('create or replace function public.sync_push(');
  const end = file.indexOf('$$;', file.indexOf('as $$', start) + 5) + 3;
  expect(start).toBeGreaterThan(0);
  return file.slice(start, end).replace('public.sync_push(', `${PER_CHANGE}(`);
}

// Set by the server at the moment of the write, so they differ between two runs.
const MOMENTS = ['_modified', 'updated_at', 'created_at', 'sent_at', 'viewed_at', 'accepted_at', 'declined_at', 'expired_at', 'archived_at'];
function withoutMoments(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMoments);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !MOMENTS.includes(k)).map(([k, v]) => [k, withoutMoments(v)]));
  }
  return value;
}

describe.each(backends)('set-based sync_push on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  let other: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'push');
    other = await createTeam(db, 'elsewhere');
    await db.exec(perChangeDefinition());
  });
  afterAll(() => server?.close());

  const serverDoc = async (table: string, id: string) =>
    (await db.query<{ d: Row }>(`select to_jsonb(t) - '_txid' - 'locked_txid' as d from public.${table} t where id = $1`, [id])).rows[0]!.d;

  /** Runs fn as the user in a transaction that is rolled back afterwards; returns what fn returned. */
  async function rolledBack<T>(userId: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    let out: T | undefined;
    const rollback = new Error('rollback');
    await db
      .transaction(async (tx) => {
        await applyRequestContext(tx, { role: 'authenticated', claims: { sub: userId, role: 'authenticated', aud: 'authenticated' } });
        out = await fn(tx);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    return out as T;
  }

  /** The answers of `fn` and the rows of `tables` afterwards, both from one rolled-back transaction. */
  async function outcome(fn: string, userId: string, device: string, changes: Change[], rows: { table: string; id: string }[]) {
    return rolledBack(userId, async (tx) => {
      const answer = (await tx.query<{ r: { results: Answer[]; last_seq: number } }>(`select ${fn}($1, $2::jsonb) as r`, [device, JSON.stringify(changes)])).rows[0]!.r;
      await tx.query('reset role');
      const after: Row[] = [];
      for (const { table, id } of rows) {
        after.push((await tx.query<{ d: Row }>(`select to_jsonb(t) - '_txid' - 'locked_txid' as d from public.${table} t where id = $1`, [id])).rows[0]?.d ?? { missing: id });
      }
      return { answer, after };
    });
  }

  async function expectSameAsPerChange(userId: string, device: string, changes: Change[], rows: { table: string; id: string }[]) {
    const reference = await outcome(PER_CHANGE, userId, device, changes, rows);
    const fast = await outcome('public.sync_push', userId, device, changes, rows);
    expect(withoutMoments(fast.answer)).toEqual(withoutMoments(reference.answer));
    expect(withoutMoments(fast.after)).toEqual(withoutMoments(reference.after));
    return fast.answer;
  }

  it('answers a mixed batch exactly as the per-change push and leaves the same rows', async () => {
    const ids = await asUser(db, team.sales, async (tx) => {
      const estimates: string[] = [];
      for (let i = 0; i < 12; i++) estimates.push(String((await insertEstimate(tx, team.orgId, { title: `Porch ${i}`, tax_rate: 5 })).id));
      const items: string[] = [];
      for (const e of estimates.slice(0, 6)) items.push(String((await insertItem(tx, team.orgId, e, { name: 'Joists', quantity: 3 })).id));
      return { estimates, items };
    });
    const foreign = await asUser(db, other.sales, async (tx) => String((await insertEstimate(tx, other.orgId)).id));
    const device = randomUUID();
    // An earlier batch of this device, so the next one can repeat part of it.
    await asUser(db, team.sales, (tx) =>
      tx.query(`select public.sync_push($1, $2::jsonb)`, [device, JSON.stringify([
        { seq: 1, table: 'accounts', doc: { id: randomUUID(), org_id: team.orgId, name: 'Harbor Homes' } },
        { seq: 2, table: 'accounts', doc: { id: randomUUID(), org_id: team.orgId, name: '' } },
      ])]),
    );
    // The server changed estimate 3 since the device last saw it.
    const seen3 = await serverDoc('estimates', ids.estimates[3]!);
    await asUser(db, team.owner, (tx) => tx.query(`update public.estimates set notes = 'Call first' where id = $1`, [ids.estimates[3]]));

    const edits: Change[] = [];
    let seq = 2;
    const change = async (table: string, id: string, patch: Row, assumed?: Row) => {
      const base = assumed ?? (await serverDoc(table, id));
      edits.push({ seq: ++seq, table, doc: { ...base, ...patch }, assumed: base });
    };
    const newEstimate = randomUUID();
    const orphanItem = randomUUID();
    // A child before its parent: round 2 applies it.
    edits.push({ seq: ++seq, table: 'estimate_items', doc: { id: orphanItem, org_id: team.orgId, estimate_id: newEstimate, name: 'Posts', quantity: 4, unit_price_cents: 2500 } });
    await change('estimates', ids.estimates[0]!, { title: 'Porch 0, wider' });
    await change('estimates', ids.estimates[1]!, { title: 'Porch 1, stained' });
    await change('estimates', ids.estimates[2]!, { status: 'declined' }); // draft → declined is refused
    await change('estimates', ids.estimates[3]!, { title: 'Porch 3, late' }, seen3); // conflict
    await change('estimates', ids.estimates[4]!, { tax_rate: 'lots' }); // not a number
    await change('estimates', ids.estimates[5]!, { discount_cents: 1500, title: 'Porch 5, discounted' });
    edits.push({ seq: ++seq, table: 'estimates', doc: { id: newEstimate, org_id: team.orgId, number: 'DRAFT-new1', title: 'New porch', tax_rate: 7.5 } });
    await change('estimates', foreign, { title: 'Not ours' }); // invisible: an insert, refused by RLS
    edits.push({ seq: ++seq, table: 'nowhere', doc: { id: randomUUID() } });
    await change('estimates', ids.estimates[6]!, { title: 'Porch 6, twice' });
    await change('estimates', ids.estimates[6]!, { title: 'Porch 6, twice, again' }); // same row again: assumes the first state
    for (let i = 7; i < 12; i++) await change('estimates', ids.estimates[i]!, { title: `Porch ${i}, edited` });
    edits.push({ seq: 2, table: 'accounts', doc: { id: randomUUID() } }); // a repeat of the earlier batch
    for (const [k, item] of ids.items.entries()) await change('estimate_items', item, { quantity: 5 + k });
    edits.push({ seq: ++seq, table: 'estimate_items', doc: { id: randomUUID(), org_id: team.orgId, estimate_id: newEstimate, name: 'Rail', quantity: 2, unit_price_cents: 9900 } });
    await change('organizations', team.orgId, { name: 'Renamed by sales' }); // visible, not theirs to change
    edits.push({ seq: ++seq, table: 'estimates', doc: { id: 'not-a-uuid' } });

    const rows = [
      ...ids.estimates.map((id) => ({ table: 'estimates', id })),
      ...ids.items.map((id) => ({ table: 'estimate_items', id })),
      { table: 'estimates', id: newEstimate },
      { table: 'estimate_items', id: orphanItem },
      { table: 'estimates', id: foreign },
      { table: 'organizations', id: team.orgId },
    ];
    const answer = await expectSameAsPerChange(team.sales, device, edits, rows);

    // And the answers say what the test meant to provoke.
    const byStatus = (status: string) => answer.results.filter((r) => r.status === status).length;
    expect(answer.results).toHaveLength(edits.length);
    expect(answer.results.at(-1)).toMatchObject({ seq: 3, table: 'estimate_items', id: orphanItem, status: 'applied' });
    expect(answer.results.find((r) => r.seq === 2)).toMatchObject({ duplicate: true });
    expect(byStatus('conflict')).toBe(2); // estimate 3 and the second change to estimate 6
    expect(answer.results.filter((r) => r.status === 'rejected').map((r) => r.reason).sort()).toEqual(
      ['forbidden', 'forbidden', 'illegal_status_transition', 'invalid_document', 'invalid_value', 'invalid_value', 'unknown_table'].sort(),
    );
    expect(byStatus('applied')).toBe(edits.length - 2 - 7);

    // The same batch with each base sent as its fields that differ from the document (as the
    // devices send it): the same answers and rows.
    const compact = edits.map(({ assumed, ...change }) => {
      if (!assumed) return change;
      const doc = change.doc as Row;
      return { ...change, assumed_changes: Object.fromEntries(Object.entries(assumed).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(doc[k]))) };
    });
    expect(compact.some((c) => 'assumed_changes' in c && Object.keys(c.assumed_changes!).length > 0)).toBe(true);
    const whole = await outcome('public.sync_push', team.sales, device, edits, rows);
    const sent = await outcome('public.sync_push', team.sales, device, compact, rows);
    expect(withoutMoments(sent.answer)).toEqual(withoutMoments(whole.answer));
    expect(withoutMoments(sent.after)).toEqual(withoutMoments(whole.after));
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(edits).length * 0.7);
  });

  it('takes a malformed base as no base, a whole base over a partial one, and refuses a malformed document', async () => {
    const id = await asUser(db, team.sales, async (tx) => String((await insertEstimate(tx, team.orgId, { title: 'Shed' })).id));
    const seen = await serverDoc('estimates', id);
    const doc = { ...seen, title: 'Shed, bigger' };
    const rows = [{ table: 'estimates', id }];
    const answerTo = async (change: Record<string, unknown>) =>
      withoutMoments((await outcome('public.sync_push', team.sales, randomUUID(), [{ seq: 1, table: 'estimates', ...change } as Change], rows)).answer);

    // Not an object: as if no base came (the document is its own base, so the edit conflicts).
    expect(await answerTo({ doc, assumed_changes: 'title' })).toEqual(await answerTo({ doc }));
    expect(await answerTo({ doc })).toMatchObject({ results: [{ status: 'conflict' }] });
    // Both: the whole base counts.
    expect(await answerTo({ doc, assumed: seen, assumed_changes: { title: 'Another' } })).toEqual(await answerTo({ doc, assumed: seen }));
    expect(await answerTo({ doc, assumed: seen })).toMatchObject({ results: [{ status: 'applied' }] });
    // A document that is not an object is refused as before, base or not.
    expect(await answerTo({ doc: 'Shed', assumed_changes: {} })).toMatchObject({ results: [{ status: 'rejected', reason: 'invalid_document' }] });
  });

  it('lands a long run of one table in one go and answers a retry of it from memory', async () => {
    const ids = await asUser(db, team.sales, async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 40; i++) out.push(String((await insertEstimate(tx, team.orgId, { title: `Fence ${i}` })).id));
      return out;
    });
    const changes: Change[] = [];
    for (const [i, id] of ids.entries()) {
      const doc = await serverDoc('estimates', id);
      changes.push({ seq: i + 1, table: 'estimates', doc: { ...doc, title: `Fence ${i}, painted`, discount_cents: i === 20 ? -5 : 0 }, assumed: doc });
    }
    for (let i = 0; i < 10; i++) changes.push({ seq: 41 + i, table: 'estimates', doc: { id: randomUUID(), org_id: team.orgId, number: `DRAFT-f${i}`, title: `New fence ${i}` } });
    const device = randomUUID();
    const rows = [...ids, ...changes.slice(40).map((c) => (c.doc as Row).id as string)].map((id) => ({ table: 'estimates', id }));
    const answer = await expectSameAsPerChange(team.sales, device, changes, rows);
    expect(answer.results.map((r) => r.seq)).toEqual(changes.map((c) => c.seq));
    expect(answer.results.filter((r) => r.status !== 'applied')).toMatchObject([{ seq: 21, status: 'rejected', code: '23514' }]);

    // Committed this time; then the same batch again.
    const first = (await asUser(db, team.sales, (tx) => tx.query<{ r: { results: Answer[] } }>(`select public.sync_push($1, $2::jsonb) as r`, [device, JSON.stringify(changes)]))).rows[0]!.r;
    const again = (await asUser(db, team.sales, (tx) => tx.query<{ r: { results: Answer[] } }>(`select public.sync_push($1, $2::jsonb) as r`, [device, JSON.stringify(changes)]))).rows[0]!.r;
    expect(again.results).toEqual(first.results.map((r) => ({ ...r, duplicate: true })));
    const numbers = await db.query<{ number: string }>(`select number from public.estimates where id = any ($1::uuid[]) order by number`, [rows.map((r) => r.id)]);
    expect(new Set(numbers.rows.map((r) => r.number)).size).toBe(50);
  });

  // A device whose answer was lost sends its batch again; by then a later batch of the same
  // device may have landed (only the last batch's answers are kept). The retried changes get
  // the row as the server has it now, so the device records the server's version, not only
  // its own document (a pull of that version may have been skipped while the answer was lost).
  it('answers a retried change whose batch is no longer the last kept one with the server row', async () => {
    const [edited, changedSince, later] = await asUser(db, team.sales, async (tx) => [
      String((await insertEstimate(tx, team.orgId, { title: 'Deck' })).id),
      String((await insertEstimate(tx, team.orgId, { title: 'Gazebo' })).id),
      String((await insertEstimate(tx, team.orgId, { title: 'Pergola' })).id),
    ]);
    const foreign = await asUser(db, other.sales, async (tx) => String((await insertEstimate(tx, other.orgId, { title: 'Secret' })).id));
    const edit = async (seq: number, id: string, patch: Row): Promise<Change> => {
      const base = await serverDoc('estimates', id);
      return { seq, table: 'estimates', doc: { ...base, ...patch }, assumed: base };
    };
    const device = randomUUID();
    const push = async (changes: Change[]) =>
      (await asUser(db, team.sales, (tx) => tx.query<{ r: { results: Answer[] } }>(`select public.sync_push($1, $2::jsonb) as r`, [device, JSON.stringify(changes)]))).rows[0]!.r.results;

    const first = [
      await edit(1, edited, { title: 'Deck, cedar' }),
      await edit(2, changedSince, { title: 'Gazebo, round' }),
      { seq: 3, table: 'estimates', doc: { ...(await serverDoc('estimates', foreign)), title: 'Not ours' } }, // invisible: refused
      { seq: 4, table: 'nowhere', doc: { id: randomUUID() } },
      await edit(5, later, { tax_rate: 'lots' }), // not a number
    ];
    expect((await push(first)).map((r) => r.status)).toEqual(['applied', 'applied', 'rejected', 'rejected', 'rejected']);
    await asUser(db, team.owner, (tx) => tx.query(`update public.estimates set title = 'Gazebo, square' where id = $1`, [changedSince]));
    await push([await edit(6, later, { notes: 'Later batch' })]);

    const again = await push(first);
    expect(again.every((r) => r.duplicate)).toBe(true);
    // The row still holds what the device wrote: applied, with the row.
    expect(again[0]).toMatchObject({ seq: 1, id: edited, status: 'applied', server_doc: await serverDoc('estimates', edited) });
    expect(again[0]!.server_doc).toMatchObject({ title: 'Deck, cedar' });
    // Changed by someone else since: a conflict with the row, for the device to merge.
    expect(again[1]).toMatchObject({ seq: 2, id: changedSince, status: 'conflict', server_doc: { title: 'Gazebo, square' } });
    // A row the caller cannot read is never answered with it; a malformed change as before.
    expect(again[2]).toMatchObject({ seq: 3, id: foreign, status: 'rejected', reason: 'answer_lost' });
    expect(again[2]!.server_doc ?? null).toBeNull();
    expect(again[3]).toMatchObject({ seq: 4, status: 'rejected', reason: 'unknown_table' });
    expect(again[4]).toMatchObject({ seq: 5, status: 'rejected', reason: 'invalid_value' });
    // Nothing was written again.
    expect(await serverDoc('estimates', changedSince)).toMatchObject({ title: 'Gazebo, square' });

    // The last batch's answers stay as they were kept; one kept without its document (past the
    // 8 MB bound) is answered from the row too.
    const last = await edit(6, later, { notes: 'Later batch' });
    expect(await push([last])).toMatchObject([{ seq: 6, status: 'applied', duplicate: true, server_doc: { notes: 'Later batch' } }]);
    await db.query(`update public.sync_devices set last_results = (select jsonb_agg(r - 'server_doc') from jsonb_array_elements(last_results) r) where device_id = $1`, [device]);
    expect(await push([last])).toMatchObject([{ seq: 6, status: 'applied', duplicate: true, server_doc: await serverDoc('estimates', later) }]);
  });
});
