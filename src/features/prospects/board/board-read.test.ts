// The board's read walks RxDB's own Dexie storage: it must find the column index and give the
// same cards and counts as RxDB's query of the same column (which reads and sorts every match).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { prospects, PROSPECT_STATUSES, type ProspectStatus } from '../../../db/collections/prospects';
import { openDatabase, type AppDatabase } from '../../../db/database';
import { readBoard } from './board-read';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '44444444-4444-4444-8444-444444444444';
const ME = '22222222-2222-4222-8222-222222222222';
const opened: AppDatabase[] = [];

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const limits = (n: number) => Object.fromEntries(PROSPECT_STATUSES.map((s) => [s, n])) as Record<ProspectStatus, number>;

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

async function seeded() {
  const db = await openDatabase({ userId: ME, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, collections: ['prospects'] });
  opened.push(db);
  await db.prospects.bulkInsert([
    ...Array.from({ length: 90 }, (_, n) =>
      prospects.create({
        id: id(n),
        org_id: ORG,
        first_name: `P${n}`,
        status: PROSPECT_STATUSES[n % 4]!,
        updated_at: `2026-03-${String(1 + (n % 28)).padStart(2, '0')}T10:00:00.${String(n).padStart(3, '0')}Z`,
        archived_at: n % 10 === 0 ? '2026-03-01T00:00:00Z' : null,
      }),
    ),
    prospects.create({ id: id(500), org_id: OTHER_ORG, first_name: 'Elsewhere', status: 'new' }),
  ]);
  return db;
}

/** RxDB's own answer for a column: every open match, newest change first. */
async function expected(db: AppDatabase, status: ProspectStatus, limit: number) {
  const docs = await db.prospects.find({ selector: { org_id: ORG, archived: false, status }, sort: [{ updated_at: 'desc' }] }).exec();
  return { ids: docs.slice(0, limit).map((d) => d.id), count: docs.length };
}

describe('readBoard', () => {
  it('gives each stage its newest open cards and its count, on the column index', async () => {
    const db = await seeded();
    const board = await readBoard(db, ORG, limits(5));
    for (const status of PROSPECT_STATUSES) {
      const want = await expected(db, status, 5);
      expect(board[status].cards.map((c) => c.id)).toEqual(want.ids);
      expect(board[status].count).toBe(want.count);
    }
    expect(board.new.count).toBeGreaterThan(5);
    expect(board.won).toEqual({ cards: [], count: 0 });
    expect(board.new.cards[0]).toMatchObject({ first_name: expect.stringMatching(/^P/), status: 'new' });
  });

  it('follows writes: a move, an archive and a deletion leave the columns', async () => {
    const db = await seeded();
    const first = (await readBoard(db, ORG, limits(100))).new.cards[0]!;
    const doc = (await db.prospects.findOne(first.id).exec())!;
    await doc.incrementalPatch({ status: 'won', updated_at: '2026-04-01T00:00:00.000Z' });
    const second = (await readBoard(db, ORG, limits(100))).contacted.cards[0]!;
    await (await db.prospects.findOne(second.id).exec())!.incrementalPatch({ archived: true, archived_at: '2026-04-01T00:00:00Z' });
    const third = (await readBoard(db, ORG, limits(100))).qualified.cards[0]!;
    await (await db.prospects.findOne(third.id).exec())!.remove();
    const board = await readBoard(db, ORG, limits(100));
    expect(board.won.cards.map((c) => c.id)).toEqual([first.id]);
    expect(board.new.cards.map((c) => c.id)).not.toContain(first.id);
    expect(board.contacted.cards.map((c) => c.id)).not.toContain(second.id);
    expect(board.qualified.cards.map((c) => c.id)).not.toContain(third.id);
    for (const status of PROSPECT_STATUSES) expect(board[status].count).toBe((await expected(db, status, 100)).count);
  });
});
