import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { insertDocument, patchDocument } from '../../db/documents';
import { openDatabase, type AppDatabase } from '../../db/database';
import { createEstimate } from '../../db/new-estimate';
import { openWordIndex } from '../../db/word-index';
import { convertRequest, convertToAccount, createProspect, importProspects, moveProspect, prospectWithEmail, titleFromRequest } from './commands';

const ORG = '11111111-1111-4111-8111-111111111111';
const ME = '22222222-2222-4222-8222-222222222222';
const actor = { orgId: ORG, userId: ME };
const opened: AppDatabase[] = [];

async function open() {
  const indexedDB = new IDBFactory();
  const db = await openDatabase({ userId: ME, indexedDB, IDBKeyRange, multiInstance: false, collections: ['organizations', 'accounts', 'prospects', 'estimates', 'estimate_requests'] });
  opened.push(db);
  return { db, indexedDB };
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

describe('prospect commands', () => {
  it('moves with the reason only where it belongs', async () => {
    const { db } = await open();
    const ana = await createProspect(db, actor, { first_name: 'Ana', last_name: 'Lopez' });
    expect(ana).toMatchObject({ owner_id: ME, status: 'new', archived: false });
    expect((await moveProspect(db, actor, ana.id, 'lost', ' Went elsewhere ')).status_reason).toBe('Went elsewhere');
    const back = await moveProspect(db, actor, ana.id, 'contacted', 'ignored');
    expect(back).toMatchObject({ status: 'contacted', status_reason: '' });
    expect(JSON.parse(back.status_history).map((e: { status: string; from: string | null; by: string; reason: string; local: boolean }) => [e.status, e.from, e.by, e.reason, e.local])).toEqual([
      ['new', null, ME, '', true],
      ['lost', 'new', ME, 'Went elsewhere', true],
      ['contacted', 'lost', ME, '', true],
    ]);
  });

  it('converts a prospect to an account: linked as its contact, open estimates re-pointed, locked ones left', async () => {
    const { db } = await open();
    const ana = await createProspect(db, actor, { first_name: 'Ana', last_name: 'Lopez', company: 'Harbor Cafe', email: 'ana@harbor.example', phone: '(720) 555-0101' });
    const draft = await createEstimate(db, { org_id: ORG, owner_id: ME, prospect_id: ana.id, title: 'Patio' });
    const accepted = await createEstimate(db, { org_id: ORG, owner_id: ME, prospect_id: ana.id, title: 'Deck' });
    await patchDocument(db, 'estimates', accepted.id, { status: 'accepted' });
    const { account, repointed, locked } = await convertToAccount(db, actor, ana);
    expect(account).toMatchObject({ name: 'Harbor Cafe', email: 'ana@harbor.example', phone: '(720) 555-0101', owner_id: ME });
    expect({ repointed, locked }).toEqual({ repointed: 1, locked: 1 });
    expect((await db.prospects.findOne(ana.id).exec())?.account_id).toBe(account.id);
    expect((await db.estimates.findOne(draft.id).exec())?.toJSON()).toMatchObject({ account_id: account.id, prospect_id: ana.id, customer_name: 'Harbor Cafe' });
    expect((await db.estimates.findOne(accepted.id).exec())?.account_id).toBeNull();
    await expect(convertToAccount(db, actor, (await db.prospects.findOne(ana.id).exec())!.toJSON())).rejects.toThrow('already belongs to an account');
  });

  it('converts a request, reusing the prospect with the same e-mail, and into a new one otherwise', async () => {
    const { db } = await open();
    const sam = await createProspect(db, actor, { first_name: 'Sam', email: 'Sam@Example.com' });
    const request = await insertDocument(db, 'estimate_requests', {
      org_id: ORG, name: 'Sam Carter', email: 'sam@example.com ', description: 'A new patio\nabout 400 sq ft', budget_range: '15k_50k', source: 'request_form',
    });
    const first = await convertRequest(db, actor, request);
    expect(first.reused).toBe(true);
    expect(first.prospect.id).toBe(sam.id);
    expect(first.estimate).toMatchObject({ status: 'draft', prospect_id: sam.id, title: 'A new patio', owner_id: ME });
    expect(first.estimate.notes).toContain('about 400 sq ft');
    expect((await db.estimate_requests.findOne(request.id).exec())?.toJSON()).toMatchObject({ status: 'converted', prospect_id: sam.id, converted_estimate_id: first.estimate.id });
    await expect(convertRequest(db, actor, (await db.estimate_requests.findOne(request.id).exec())!.toJSON())).rejects.toThrow('already converted');

    const other = await insertDocument(db, 'estimate_requests', { org_id: ORG, name: 'Robin  de la Cruz', email: 'robin@example.com', company: 'Cruz Homes', description: '', source: 'portal' });
    const second = await convertRequest(db, actor, other);
    expect(second.reused).toBe(false);
    expect(second.prospect).toMatchObject({ first_name: 'Robin', last_name: 'de la Cruz', company: 'Cruz Homes', source: 'portal', email: 'robin@example.com' });
    expect(second.estimate.title).toBe('Request from Cruz Homes');
    expect(await prospectWithEmail(db, ORG, ' ROBIN@example.com')).toMatchObject({ id: second.prospect.id });
    expect(await prospectWithEmail(db, ORG, 'robin@example.com', second.prospect.id)).toBeNull();
  });

  it('titles an estimate from the first line of a request, shortened', () => {
    expect(titleFromRequest({ description: `\n  ${'Replace the roof '.repeat(8)}\nmore`, company: '', name: 'X' })).toHaveLength(80);
    expect(titleFromRequest({ description: '', company: '', name: 'Lee' })).toBe('Request from Lee');
  });

  it('imports valid rows in one write, searchable through the word index', async () => {
    const { db, indexedDB } = await open();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      row: i + 2,
      values: { first_name: `Person${i}`, last_name: i % 2 ? 'Harbor' : 'Summit', email: `p${i}@example.com`, phone: '', company: '', notes: '', status: 'new' as const, status_reason: '', owner_id: ME },
    }));
    expect(await importProspects(db, actor, rows)).toBe(300);
    expect(await db.prospects.count({ selector: { org_id: ORG, archived: false, status: 'new' } }).exec()).toBe(300);
    const index = openWordIndex(db, { indexedDB, IDBKeyRange, collection: 'prospects' });
    await index.ready;
    expect((await index.search('harb'))?.size).toBe(150);
    expect((await index.search('person1 summ'))?.size).toBe(55);
    const late = await createProspect(db, actor, { first_name: 'Zed', company: 'Harbor Two' });
    for (let i = 0; i < 50 && !(await index.search('harbor two'))?.has(late.id); i++) await new Promise((r) => setTimeout(r, 10));
    expect([...((await index.search('harbor two')) ?? [])]).toEqual([late.id]);
    index.close();
  });
});
