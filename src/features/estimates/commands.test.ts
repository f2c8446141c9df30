import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../db/database';
import { failureId } from '../../db/collections/sync-issues';
import { syncIssues } from '../../db/collections/sync-issues';
import { snapshotAndHash } from '../../lib/estimate-snapshot';
import type { EstimateItem } from '../../db/collections/estimate-items';
import {
  addCustomLine,
  addEstimateItem,
  addOrCountProduct,
  captureAcceptance,
  createDraft,
  reviseEstimate,
  revisionTitle,
  sendEstimate,
  setCustomer,
  stepQuantity,
  withdrawAcceptance,
} from './commands';
import { insertDocument } from '../../db/documents';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const opened: AppDatabase[] = [];

async function open() {
  const db = await openDatabase({ userId: USER, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false });
  opened.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

describe('addEstimateItem', () => {
  it('appends each new line after the last one', async () => {
    const db = await open();
    const estimate = await createDraft(db, ORG, USER);
    await addEstimateItem(db, estimate, { name: 'Tiles', quantity: 12.5, unit_price_cents: 1999 });
    await addEstimateItem(db, estimate, { name: 'Labour' });
    const items = await db.estimate_items.find({ selector: { estimate_id: estimate.id }, sort: [{ sort_order: 'asc' }] }).exec();
    expect(items.map((i) => [i.name, i.sort_order])).toEqual([['Tiles', 0], ['Labour', 1]]);
  });
});

describe('captureAcceptance', () => {
  it('writes the hash of what the customer reviewed, the name, the signature and the device time in one patch', async () => {
    const db = await open();
    const estimate = await createDraft(db, ORG, USER, { title: 'Deck' });
    await addCustomLine(db, estimate, 'Site visit', { quantity: 2, unit_price_cents: 7_500, unit_cost_cents: 6_000 });
    await addCustomLine(db, estimate, 'Stain', { quantity: 1.5, unit_price_cents: 8_000 });
    const at = new Date('2026-11-22T18:30:00.000Z');
    const accepted = await captureAcceptance(db, estimate.id, { name: 'Jane Customer', signature: 'data:image/svg+xml,x' }, at);

    const items = (await db.estimate_items.find({ selector: { estimate_id: estimate.id } }).exec()).map((d) => d.toJSON() as EstimateItem);
    const { sha256 } = await snapshotAndHash({ ...estimate, title: 'Deck' }, items);
    expect(accepted).toMatchObject({ status: 'accepted', acceptance_sha256: sha256, accepted_by_name: 'Jane Customer', acceptance_signature: 'data:image/svg+xml,x', accepted_at: at.toISOString() });
    expect((await db.estimates.findOne(estimate.id).exec())?.status).toBe('accepted');
  });

  it('refuses an estimate without items, and one that is already accepted', async () => {
    const db = await open();
    const estimate = await createDraft(db, ORG, USER);
    await expect(captureAcceptance(db, estimate.id, { name: 'A', signature: 'x' })).rejects.toThrow('An estimate without items cannot be accepted');
    await addCustomLine(db, estimate, 'Item', { unit_price_cents: 100 });
    await captureAcceptance(db, estimate.id, { name: 'A', signature: 'x' });
    await expect(captureAcceptance(db, estimate.id, { name: 'B', signature: 'y' })).rejects.toThrow('This estimate is already accepted');
  });

  it('can be withdrawn after a refusal: back to draft without the acceptance, the refusal closed', async () => {
    const db = await open();
    const estimate = await createDraft(db, ORG, USER);
    await addCustomLine(db, estimate, 'Item', { unit_price_cents: 100 });
    await captureAcceptance(db, estimate.id, { name: 'A', signature: 'x' });
    const id = failureId('estimates', estimate.id);
    await db.sync_issues.insert(syncIssues.create({ id, kind: 'failure', collection_name: 'estimates', doc_id: estimate.id, reason: 'acceptance_mismatch', created_at: new Date().toISOString() }));
    const withdrawn = await withdrawAcceptance(db, estimate.id, id);
    expect(withdrawn).toMatchObject({ status: 'draft', acceptance_sha256: '', accepted_by_name: '', acceptance_signature: '', accepted_at: null });
    expect((await db.sync_issues.findOne(id).exec())?.status).toBe('dismissed');
  });
});

describe('estimate commands', () => {
  it('counts every quick tap: a product tapped three times is one line of 3, and stepper taps all count', async () => {
    const db = await open();
    const estimate = await createDraft(db, ORG, USER);
    const product = await insertDocument(db, 'products', { org_id: ORG, name: 'Cedar decking', unit_price_cents: 10_000, unit_cost_cents: 5_000 });
    // Not awaited one by one: taps faster than the database answers.
    await Promise.all([addOrCountProduct(db, estimate, product), addOrCountProduct(db, estimate, product), addOrCountProduct(db, estimate, product)]);
    const lines = await db.estimate_items.find({ selector: { estimate_id: estimate.id } }).exec();
    expect(lines.map((l) => [l.name, l.quantity, l.unit_price_cents, l.unit_cost_cents])).toEqual([['Cedar decking', 3, 10_000, 5_000]]);
    await Promise.all([stepQuantity(db, lines[0]!.id, 1), stepQuantity(db, lines[0]!.id, 1), stepQuantity(db, lines[0]!.id, -0.5)]);
    expect((await db.estimate_items.findOne(lines[0]!.id).exec())?.quantity).toBe(4.5);
    await Promise.all([stepQuantity(db, lines[0]!.id, -3), stepQuantity(db, lines[0]!.id, -3)]);
    expect((await db.estimate_items.findOne(lines[0]!.id).exec())?.quantity).toBe(0);
  });

  it('sets the customer with its display name, read from the database', async () => {
    const db = await open();
    const estimate = await createDraft(db, ORG, USER);
    const prospect = await insertDocument(db, 'prospects', { org_id: ORG, first_name: 'Jane', last_name: 'Doe', company: 'Harbor Cafe' });
    expect(await setCustomer(db, estimate.id, { account_id: null, prospect_id: prospect.id })).toMatchObject({ prospect_id: prospect.id, customer_name: 'Jane Doe (Harbor Cafe)' });
    expect(await setCustomer(db, estimate.id, { account_id: null, prospect_id: null })).toMatchObject({ prospect_id: null, customer_name: '' });
  });

  it('sends to an address and revises a sent estimate back to draft; a draft cannot be revised', async () => {
    const db = await open();
    const estimate = await createDraft(db, ORG, USER);
    const sent = await sendEstimate(db, estimate.id, 'jane@example.com');
    expect(sent).toMatchObject({ status: 'sent', sent_to_email: 'jane@example.com' });
    expect(await reviseEstimate(db, sent)).toMatchObject({ status: 'draft' });
    await expect(reviseEstimate(db, { id: estimate.id, status: 'draft' })).rejects.toThrow('A draft estimate cannot be revised in place');
  });

  it('names a revision of a declined estimate after the original, once', () => {
    expect(revisionTitle('Deck', 'EST-000012')).toBe('Deck (revision of EST-000012)');
    expect(revisionTitle('Deck (revision of EST-000012)', 'EST-000015')).toBe('Deck (revision of EST-000015)');
    expect(revisionTitle('', 'EST-000001')).toBe('Untitled estimate (revision of EST-000001)');
  });
});
