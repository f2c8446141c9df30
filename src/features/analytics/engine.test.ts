// The worker's engine against a real device database (RxDB on Dexie, fake-indexeddb): it must
// read RxDB's storage as RxDB wrote it, give the pure aggregation's figures, follow writes
// made after it opened, and reopen from its saved facts with the same figures.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { COLLECTIONS, openDatabase, type AppDatabase } from '../../db/database';
import { aggregate } from './aggregate';
import { dexieDatabaseName, openExisting } from './device-reader';
import { createEngine, SOURCES, type Engine, type SourceNames } from './engine';
import type { AnalyticsDocs } from './facts';
import { DOCS, ID, item, Q1, SHINGLES } from './test-data';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const opened: (AppDatabase | Engine)[] = [];

afterEach(async () => {
  for (const entry of opened.splice(0).reverse()) {
    if ('summarize' in entry) entry.close();
    else await entry.remove();
  }
});

async function openDevice() {
  const env = { indexedDB: new IDBFactory(), IDBKeyRange };
  const db = await openDatabase({ userId: USER, indexedDB: env.indexedDB, IDBKeyRange, multiInstance: false, collections: [...SOURCES] });
  opened.push(db);
  const sources = Object.fromEntries(SOURCES.map((s) => [s, dexieDatabaseName(db.name, db.collections[s].schema.version, s)])) as SourceNames;
  const engine = (saveAfterMs = 0) => {
    const e = createEngine(env, { saveAfterMs });
    opened.push(e);
    return e;
  };
  return { env, db, sources, engine };
}

/** A device whose engine opened the demo documents, saved its facts and closed. */
async function withSavedFacts() {
  const device = await openDevice();
  await seed(device.db, DOCS);
  const first = device.engine();
  await first.open(device.sources, device.db.name);
  // The save runs after open; a refresh queues behind nothing, so wait for the record to land.
  await new Promise((resolve) => setTimeout(resolve, 50));
  first.close();
  return device;
}

async function seed(db: AppDatabase, docs: AnalyticsDocs) {
  const org = { org_id: ORG };
  await db.estimates.bulkInsert(docs.estimates.map((d) => COLLECTIONS.estimates.create({ ...d, ...org })));
  await db.estimate_items.bulkInsert(docs.items.map((d) => COLLECTIONS.estimate_items.create({ ...d, ...org })));
  await db.estimate_requests.bulkInsert(docs.requests.map((d) => COLLECTIONS.estimate_requests.create({ ...d, ...org })));
  await db.profiles.bulkInsert(docs.profiles.map((d, i) => COLLECTIONS.profiles.create({ ...d, ...org, id: `33333333-3333-4333-8333-00000000000${i}` })));
  await db.accounts.bulkInsert(docs.accounts.map((d) => COLLECTIONS.accounts.create({ ...d, ...org })));
  await db.products.bulkInsert(docs.products.map((d) => COLLECTIONS.products.create({ ...d, ...org })));
  await db.prospects.bulkInsert(docs.prospects.map((d) => COLLECTIONS.prospects.create({ ...d, ...org })));
}

describe('analytics engine', () => {
  it('reads the device database as RxDB stores it and gives the pure aggregation’s figures', async () => {
    const { db, sources, engine } = await openDevice();
    await seed(db, DOCS);
    const e = engine();
    expect(await e.open(sources, db.name)).toBe('rebuilt');
    expect(e.size()).toBe(DOCS.estimates.length);
    expect(e.summarize(Q1)).toEqual(aggregate(DOCS, Q1));
  });

  it('follows documents written after it opened, one estimate at a time', async () => {
    const { db, sources, engine } = await openDevice();
    await seed(db, DOCS);
    const e = engine();
    await e.open(sources, db.name);
    expect(await e.refresh()).toBe(false);

    // E5's shingles now cost less than the price; E3 is gone; a new line on E1; E2's site
    // visit moves to E6; a new request.
    const e5Line = DOCS.items.find((i) => i.estimate_id === ID.E5)!;
    await db.estimate_items.findOne(e5Line.id).patch({ unit_cost_cents: 500 });
    const visit = DOCS.items.find((i) => i.name === 'Site visit')!;
    await db.estimate_items.findOne(visit.id).patch({ estimate_id: ID.E6 });
    await db.estimates.findOne(ID.E3).remove();
    const extra = item(ID.E1, { product_id: SHINGLES, name: 'Shingles', quantity: 3, unit_price_cents: 1_000, unit_cost_cents: 600 });
    await db.estimate_items.insert(COLLECTIONS.estimate_items.create({ ...extra, org_id: ORG }));
    const request = { id: '44444444-4444-4444-8444-444444444444', created_at: new Date(Q1.from + 1000).toISOString(), converted_estimate_id: null, prospect_id: null };
    await db.estimate_requests.insert(COLLECTIONS.estimate_requests.create({ ...request, org_id: ORG }));

    const now: AnalyticsDocs = {
      ...DOCS,
      estimates: DOCS.estimates.filter((d) => d.id !== ID.E3),
      items: [...DOCS.items.map((i) => (i.id === e5Line.id ? { ...i, unit_cost_cents: 500 } : i.id === visit.id ? { ...i, estimate_id: ID.E6 } : i)), extra],
      requests: [...DOCS.requests, request],
    };
    expect(await e.refresh()).toBe(true);
    expect(e.summarize(Q1)).toEqual(aggregate(now, Q1));
    expect(e.summarize(Q1).margin?.averagePercent).not.toBe(aggregate(DOCS, Q1).margin?.averagePercent);
  });

  it('reopens from its saved facts and catches up with what was written meanwhile', async () => {
    const { db, sources, engine } = await withSavedFacts();

    await db.estimates.findOne(ID.E6).patch({ status: 'declined' });
    const second = engine();
    expect(await second.open(sources, db.name)).toBe('cache');
    const now = { ...DOCS, estimates: DOCS.estimates.map((d) => (d.id === ID.E6 ? { ...d, status: 'declined' as const } : d)) };
    expect(second.summarize(Q1)).toEqual(aggregate(now, Q1));
    expect(second.summarize(Q1).winRate.declined).toBe(2);
  });

  it('saves what its open caught up with at once, not at the pace of a sync’s saves', async () => {
    const { db, sources, engine } = await withSavedFacts();

    await db.estimates.findOne(ID.E6).patch({ status: 'declined' });
    // Saves during a sync wait a minute here; the open's catch-up must not.
    const second = engine(60_000);
    await second.open(sources, db.name);
    expect(second.lastRead()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    second.close();

    const third = engine();
    expect(await third.open(sources, db.name)).toBe('cache');
    expect(third.lastRead()).toBe(0);
    expect(third.summarize(Q1).winRate.declined).toBe(2);
  });

  it('saves what a refresh caught up with once the changes pause, not only at the pace of a sync’s saves', async () => {
    const { db, sources, engine } = await openDevice();
    await seed(db, DOCS);
    const first = engine(60_000);
    await first.open(sources, db.name);
    await db.estimates.findOne(ID.E6).patch({ status: 'declined' });
    expect(await first.refresh()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 700));
    first.close();

    const second = engine();
    expect(await second.open(sources, db.name)).toBe('cache');
    expect(second.lastRead()).toBe(0);
    expect(second.summarize(Q1).winRate.declined).toBe(2);
  });

  it('rebuilds instead of using saved facts of another schema version', async () => {
    const { db, sources, engine } = await openDevice();
    await seed(db, DOCS);
    const first = engine();
    await first.open(sources, db.name);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = engine();
    expect(await second.open({ ...sources, estimates: `${sources.estimates}-v9` }, db.name)).toBe('empty');
  });

  it('warms up from saved facts only: with none it reads nothing, and the page’s open builds them', async () => {
    const { db, sources, engine } = await openDevice();
    await seed(db, DOCS);
    const e = engine();
    expect(await e.warm(sources, db.name)).toBeNull();
    expect(e.size()).toBe(0);
    expect(await e.refresh()).toBe(false);
    expect(await e.open(sources, db.name)).toBe('rebuilt');
    expect(e.summarize(Q1)).toEqual(aggregate(DOCS, Q1));
  });

  it('warms up from saved facts with what was written since, and follows later writes', async () => {
    const { db, sources, engine } = await withSavedFacts();

    await db.estimates.findOne(ID.E6).patch({ status: 'declined' });
    const e = engine();
    expect(await e.warm(sources, db.name)).toBe('cache');
    expect(e.lastRead()).toBe(1);
    const declined = { ...DOCS, estimates: DOCS.estimates.map((d) => (d.id === ID.E6 ? { ...d, status: 'declined' as const } : d)) };
    expect(e.summarize(Q1)).toEqual(aggregate(declined, Q1));

    await db.estimates.findOne(ID.E3).remove();
    expect(await e.refresh()).toBe(true);
    const now = { ...declined, estimates: declined.estimates.filter((d) => d.id !== ID.E3) };
    expect(e.summarize(Q1)).toEqual(aggregate(now, Q1));
  });

  it('leaves a rebuild to the page when too much was written since the facts were saved', async () => {
    const { db, sources, engine } = await withSavedFacts();

    const base = DOCS.estimates[0]!;
    const many = Array.from({ length: 1501 }, (_, i) => ({ ...base, id: `bbbbbbbb-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    await db.estimates.bulkInsert(many.map((d) => COLLECTIONS.estimates.create({ ...d, org_id: ORG })));
    const e = engine();
    expect(await e.warm(sources, db.name)).toBeNull();
    expect(e.size()).toBe(0);
    expect(await e.open(sources, db.name)).toBe('cache');
    expect(e.size()).toBe(DOCS.estimates.length + many.length);
    expect(e.summarize(Q1)).toEqual(aggregate({ ...DOCS, estimates: [...DOCS.estimates, ...many] }, Q1));
  }, 30_000);

  it('never creates a database it only reads', async () => {
    const { env } = await openDevice();
    expect(await openExisting(env, 'rxdb-dexie-nobody--0--estimates')).toBeNull();
    expect((await env.indexedDB.databases()).map((d) => d.name)).not.toContain('rxdb-dexie-nobody--0--estimates');
  });
});
