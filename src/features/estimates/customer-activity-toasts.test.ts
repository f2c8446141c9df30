import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRevision, now } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Estimate } from '../../db/collections/estimates';
import { openDatabase, type AppDatabase } from '../../db/database';
import { insertDocument, patchDocument } from '../../db/documents';
import { activityText, estimateActivity, watchCustomerActivity, type Activity } from './customer-activity-toasts';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '33333333-3333-4333-8333-333333333333';
const USER = '22222222-2222-4222-8222-222222222222';

describe('activityText', () => {
  it('is the customer, what they did and the number', () => {
    expect(activityText('Acme Ltd', 'accepted', 'EST-000123')).toBe('Acme Ltd accepted EST-000123');
    expect(activityText('Acme Ltd', 'declined', 'EST-000123')).toBe('Acme Ltd declined EST-000123');
    expect(activityText('Acme Ltd', 'changes_requested', 'EST-000123')).toBe('Acme Ltd asked for changes to EST-000123');
    expect(activityText('Acme Ltd', 'update_requested', 'EST-000123')).toBe('Acme Ltd asked for an update of EST-000123');
    expect(activityText('Acme Ltd', 'commented', 'EST-000123')).toBe('Acme Ltd commented on EST-000123');
    expect(activityText('Acme Ltd', 'viewed', 'EST-000123')).toBe('Acme Ltd viewed EST-000123');
  });

  it('says "The customer" when the estimate has no customer name', () => {
    expect(activityText('  ', 'viewed', 'EST-000001')).toBe('The customer viewed EST-000001');
  });
});

describe('estimateActivity', () => {
  const sent = { status: 'sent' as const, view_count: 0, accepted_at: null, declined_at: null, changes_requested_at: null, last_viewed_at: null, viewed_at: null };
  it('sees the first view only', () => {
    const viewed = { ...sent, status: 'viewed' as const, view_count: 1, viewed_at: '2026-11-22T10:00:00Z', last_viewed_at: '2026-11-22T10:00:00Z' };
    expect(estimateActivity(sent, viewed)).toEqual({ act: 'viewed', at: '2026-11-22T10:00:00Z' });
    expect(estimateActivity(viewed, { ...viewed, view_count: 2 })).toBeNull();
  });

  it('sees a decision, the weightiest when several arrive at once', () => {
    expect(estimateActivity(sent, { ...sent, status: 'accepted', view_count: 1, accepted_at: '2026-11-22T11:00:00Z' })).toEqual({ act: 'accepted', at: '2026-11-22T11:00:00Z' });
    expect(estimateActivity(sent, { ...sent, status: 'declined', declined_at: 'd' })).toEqual({ act: 'declined', at: 'd' });
    expect(estimateActivity(sent, { ...sent, status: 'changes_requested', changes_requested_at: 'c' })).toEqual({ act: 'changes_requested', at: 'c' });
    expect(estimateActivity({ ...sent, status: 'expired' }, { ...sent, status: 'expired', changes_requested_at: 'c' })).toEqual({ act: 'update_requested', at: 'c' });
  });

  it('sees nothing in other changes', () => {
    expect(estimateActivity(sent, { ...sent })).toBeNull();
    expect(estimateActivity({ ...sent, status: 'accepted' }, { ...sent, status: 'accepted' })).toBeNull();
  });
});

describe('watchCustomerActivity', () => {
  const opened: AppDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.remove()));
  });

  async function setUp() {
    const db = await openDatabase({ userId: USER, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, collections: ['estimates', 'comments'] });
    opened.push(db);
    const found: Activity[] = [];
    const stop = watchCustomerActivity(db, ORG, (a) => found.push(...a));
    return { db, found, stop };
  }

  /** A write as sync makes it when the server's copy arrives (RxDB's downstream context). */
  async function fromServer(db: AppDatabase, id: string, patch: Partial<Estimate>) {
    const storage = db.estimates.storageInstance;
    const [previous] = await storage.findDocumentsById([id], false);
    const document = { ...previous!, ...patch, _rev: createRevision(db.token, previous), _meta: { lwt: now() } };
    await storage.bulkWrite([{ previous, document }], 'replication-downstream-test');
  }

  const estimate = (org = ORG) => ({ org_id: org, number: 'EST-000123', customer_name: 'Acme Ltd', status: 'sent' as const, sent_at: new Date().toISOString() });

  it('reports what arrives from the server, not the writes made on this device, nor new documents', async () => {
    const { db, found } = await setUp();
    // A document arriving (a first download) is no news.
    const doc = await insertDocument(db, 'estimates', estimate());
    // A field acceptance made on this device is no news either.
    const local = await insertDocument(db, 'estimates', { ...estimate(), number: 'EST-000124' });
    await patchDocument(db, 'estimates', local.id, { status: 'accepted', accepted_by_name: 'Jo' });

    await fromServer(db, doc.id, { status: 'viewed', view_count: 1, last_viewed_at: new Date().toISOString() });
    await fromServer(db, doc.id, { view_count: 2 });
    await fromServer(db, doc.id, { status: 'accepted', accepted_at: new Date().toISOString() });
    await expect.poll(() => found.map((f) => f.text)).toEqual(['Acme Ltd viewed EST-000123', 'Acme Ltd accepted EST-000123']);
  });

  it('leaves out other organizations and old news, and stops when asked', async () => {
    const { db, found, stop } = await setUp();
    const other = await insertDocument(db, 'estimates', estimate(OTHER_ORG));
    await fromServer(db, other.id, { status: 'declined', declined_at: new Date().toISOString() });
    const old = await insertDocument(db, 'estimates', estimate());
    await fromServer(db, old.id, { status: 'declined', declined_at: '2020-01-01T00:00:00Z' });
    const news = await insertDocument(db, 'estimates', { ...estimate(), number: 'EST-000200' });
    await fromServer(db, news.id, { status: 'declined', declined_at: new Date().toISOString() });
    // Events arrive in order: once the last one is in, the earlier ones were left out.
    await expect.poll(() => found.map((f) => f.text)).toEqual(['Acme Ltd declined EST-000200']);

    stop();
    const still: Activity[] = [];
    const stopSecond = watchCustomerActivity(db, ORG, (a) => still.push(...a));
    const later = await insertDocument(db, 'estimates', { ...estimate(), number: 'EST-000300' });
    await fromServer(db, later.id, { status: 'declined', declined_at: new Date().toISOString() });
    await expect.poll(() => still.length).toBe(1);
    stopSecond();
    expect(found).toHaveLength(1);
  });

  it('reports a customer comment arriving on an estimate, not staff comments or internal notes', async () => {
    const { db, found } = await setUp();
    const doc = await insertDocument(db, 'estimates', estimate());
    const comment = { org_id: ORG, estimate_id: doc.id, body: 'Warm white?', created_at: new Date().toISOString() };
    const write = async (values: Record<string, unknown>) => {
      const document = { ...comment, id: crypto.randomUUID(), updated_at: comment.created_at, portal_id: null, author_kind: 'staff', author_user_id: null, author_prospect_id: null, author_name: '', internal: false, thread_id: doc.id, ...values, _deleted: false, _attachments: {}, _meta: { lwt: now() }, _rev: '' };
      await db.comments.storageInstance.bulkWrite([{ document: { ...document, _rev: createRevision(db.token) } as never }], 'replication-downstream-test');
    };
    await write({ author_kind: 'staff' });
    await write({ author_kind: 'customer', internal: true });
    await write({ author_kind: 'customer', author_name: 'Jordan' });
    await expect.poll(() => found.map((f) => f.text)).toEqual(['Acme Ltd commented on EST-000123']);
  });
});
