// The home mirror keeps what the home page summarizes in memory and follows the collections'
// change events: its summary must always equal one pass over the documents a fresh read gives.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { comments } from '../../db/collections/comments';
import { estimateRequests } from '../../db/collections/estimate-requests';
import { estimates } from '../../db/collections/estimates';
import { openDatabase, type AppDatabase } from '../../db/database';
import * as dashboard from './dashboard';
import { summarizeHome, type HomeComment, type HomeEstimate, type HomeRequest, type HomeSummary } from './dashboard';
import { homeMirrorOf, openHomeMirror } from './home-mirror';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '44444444-4444-4444-8444-444444444444';
const ME = '22222222-2222-4222-8222-222222222222';
const TODAY = '2026-03-06';
const opened: AppDatabase[] = [];

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STATUSES = ['draft', 'sent', 'viewed', 'changes_requested', 'accepted', 'declined'] as const;

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

async function seeded() {
  const db = await openDatabase({ userId: ME, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, collections: ['estimates', 'estimate_requests', 'comments'] });
  opened.push(db);
  await db.estimates.bulkInsert(
    Array.from({ length: 40 }, (_, n) =>
      estimates.create({
        id: id(n),
        org_id: n === 39 ? OTHER_ORG : ORG,
        owner_id: n % 3 === 0 ? null : ME,
        status: STATUSES[n % STATUSES.length]!,
        total_cents: 1000 * n,
        valid_until: `2026-03-${String(1 + (n % 14)).padStart(2, '0')}`,
        updated_at: `2026-03-0${1 + (n % 5)}T10:00:00.000Z`,
        viewed_at: n % 4 === 0 ? `2026-03-0${1 + (n % 5)}T11:00:00.000Z` : null,
      }),
    ),
  );
  await db.estimate_requests.bulkInsert(
    Array.from({ length: 8 }, (_, n) => estimateRequests.create({ id: id(100 + n), org_id: ORG, name: `R${n}`, source: 'request_form', status: n % 2 ? 'new' : 'in_review', created_at: '2026-03-04T09:00:00.000Z' })),
  );
  await db.comments.bulkInsert([
    comments.create({ id: id(200), org_id: ORG, estimate_id: id(1), author_kind: 'customer', author_name: 'Pat', body: 'Looks good', created_at: '2026-03-05T09:00:00.000Z' }),
    comments.create({ id: id(201), org_id: ORG, estimate_id: id(1), author_kind: 'staff', body: 'Thanks', created_at: '2026-03-05T10:00:00.000Z' }),
  ]);
  return db;
}

/** One pass over the documents read now, as the page did before the mirror. */
async function readNow(db: AppDatabase) {
  const json = async (docs: Promise<{ toJSON(): unknown }[]>) => (await docs).map((d) => d.toJSON());
  return summarizeHome({
    estimates: (await json(db.estimates.find({ selector: { org_id: ORG } }).exec())) as HomeEstimate[],
    requests: (await json(db.estimate_requests.find({ selector: { org_id: ORG }, sort: [{ created_at: 'desc' }] }).exec())) as HomeRequest[],
    comments: (await json(db.comments.find({ selector: { org_id: ORG, author_kind: 'customer' }, sort: [{ created_at: 'desc' }], limit: 30 }).exec())) as HomeComment[],
    userId: ME,
    today: TODAY,
  });
}

/** The summary as the widgets show it: the requests' own fields, not the storage's bookkeeping. */
function shown(summary: HomeSummary | null) {
  const fields = (r: HomeRequest) => Object.fromEntries(Object.entries(r).filter(([key]) => !key.startsWith('_')));
  return summary && { ...summary, requests: { ...summary.requests, items: summary.requests.items.map(fields) } };
}

function ready(mirror: ReturnType<typeof openHomeMirror>): Promise<void> {
  return new Promise((resolve) => {
    if (mirror.isReady()) return resolve();
    const stop = mirror.subscribe(() => mirror.isReady() && (stop(), resolve()));
  });
}

describe('home mirror', () => {
  it('summarizes the documents as a fresh read does, and reuses the summary while nothing changed', async () => {
    const db = await seeded();
    // A deleted document stays in the storage (RxDB keeps it for replication): not summarized.
    await (await db.estimates.findOne(id(5)).exec())!.remove();
    const mirror = openHomeMirror(db, ORG);
    expect(mirror.summary(ME, TODAY)).toBeNull();
    await ready(mirror);
    const summary = mirror.summary(ME, TODAY);
    expect(shown(summary)).toEqual(shown(await readNow(db)));
    expect(summary!.pipeline.reduce((n, p) => n + p.count, 0)).toBe(38);
    expect(mirror.summary(ME, TODAY)).toBe(summary);
    mirror.close();
  });

  it('follows inserts, updates and deletions through change events, without reading again', async () => {
    const db = await seeded();
    const mirror = openHomeMirror(db, ORG);
    // A write made while the first read runs counts too.
    const during = db.estimates.insert(estimates.create({ id: id(300), org_id: ORG, owner_id: ME, status: 'changes_requested', total_cents: 777, changes_requested_at: '2026-03-06T08:00:00.000Z' }));
    await ready(mirror);
    await during;
    let versions = 0;
    mirror.subscribe(() => versions++);
    await (await db.estimates.findOne(id(2)).exec())!.incrementalPatch({ status: 'accepted', accepted_at: '2026-03-06T09:00:00.000Z' });
    await (await db.estimates.findOne(id(4)).exec())!.remove();
    await db.estimate_requests.insert(estimateRequests.create({ id: id(400), org_id: ORG, name: 'Newest', source: 'portal', status: 'new', created_at: '2026-03-06T10:00:00.000Z' }));
    await db.comments.insert(comments.create({ id: id(401), org_id: ORG, portal_id: id(9), author_kind: 'customer', author_name: 'Lee', body: 'Hello', created_at: '2026-03-06T11:00:00.000Z' }));
    await db.estimates.insert(estimates.create({ id: id(402), org_id: OTHER_ORG, status: 'draft' }));
    expect(versions).toBe(4);
    const summary = mirror.summary(ME, TODAY)!;
    expect(shown(summary)).toEqual(shown(await readNow(db)));
    expect(summary.action.items[0]!.id).toBe(id(300));
    expect(summary.requests.items[0]!.id).toBe(id(400));
    expect(summary.activity[0]!.key).toBe(`m:${id(401)}`);
    mirror.close();
  });

  it('once the page asked for a summary, makes the next one when idle after a change set, not when it is shown', async () => {
    const db = await seeded();
    const jobs: (() => void)[] = [];
    const mirror = openHomeMirror(db, ORG, undefined, (job) => jobs.push(job));
    await ready(mirror);
    // Nobody asked yet: nothing is summarized in the background.
    expect(jobs).toHaveLength(0);
    const first = mirror.summary(ME, TODAY)!;
    await (await db.estimates.findOne(id(2)).exec())!.incrementalPatch({ status: 'accepted', accepted_at: '2026-03-06T09:00:00.000Z' });
    await (await db.estimates.findOne(id(4)).exec())!.incrementalPatch({ total_cents: 5 });
    // Two change sets, one job: it summarizes the documents as they are when it runs.
    expect(jobs).toHaveLength(1);
    const passes = vi.spyOn(dashboard, 'summarizeHome');
    jobs.shift()!();
    expect(passes).toHaveBeenCalledTimes(1);
    const shownNow = mirror.summary(ME, TODAY);
    expect(passes).toHaveBeenCalledTimes(1);
    expect(shownNow).not.toBe(first);
    expect(shown(shownNow)).toEqual(shown(await readNow(db)));
    // Closed: a job still waiting does nothing.
    passes.mockClear();
    await (await db.estimates.findOne(id(6)).exec())!.incrementalPatch({ total_cents: 6 });
    mirror.close();
    jobs.shift()!();
    expect(passes).not.toHaveBeenCalled();
    passes.mockRestore();
  });

  it('is one per open database and organization', async () => {
    const db = await seeded();
    const mirror = homeMirrorOf(db, ORG);
    expect(homeMirrorOf(db, ORG)).toBe(mirror);
    expect(homeMirrorOf(db, OTHER_ORG)).not.toBe(mirror);
  });
});
