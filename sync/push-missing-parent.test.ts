// A row rebased on an answer the device keeps (an outbox batch sent again once online) and
// refused for its missing parent must keep that base when it is sent again; without it the
// server sees a new row that differs from its own, answers a conflict, and the merge takes the
// server's own fields (prospects.status_history lost entries this way: crm.spec.ts, seen in CI).
import type { SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import { accounts } from '../src/db/collections/accounts';
import { estimates } from '../src/db/collections/estimates';
import { prospects } from '../src/db/collections/prospects';
import { openDatabase, type AppDatabase, type ReplicatedName } from '../src/db/database';
import { sameValue, type Doc } from './merge';
import type { Change, PushResult } from './protocol';
import { createPushBatcher, type PushRow } from './push-batcher';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const opened: AppDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

const newRow = (doc: Doc): PushRow => ({ newDocumentState: { ...doc, _deleted: false } }) as PushRow;

/** sync_push where it matters: a base that differs from the row is a conflict, an estimate or prospect of an account the server does not have is refused (foreign key), a seq already seen is a duplicate. */
function fakeServer() {
  const rows = new Map<string, Doc>();
  let lastSeq = 0;
  let offline = true;
  const sent: Change[][] = [];
  const apply = (change: Change): PushResult => {
    const id = String(change.doc.id);
    if (change.seq <= lastSeq) return { seq: change.seq, table: change.table, id, status: 'applied', duplicate: true, server_doc: { ...rows.get(id) } };
    if (['estimates', 'prospects'].includes(change.table) && change.doc.account_id && !rows.has(String(change.doc.account_id))) {
      return { seq: change.seq, table: change.table, id, status: 'rejected', code: '23503', reason: 'missing_reference' };
    }
    const existing = rows.get(id);
    const base = change.assumed ?? { ...change.doc, ...change.assumed_changes };
    if (existing && Object.keys(base).some((k) => !['created_at', 'updated_at', '_deleted'].includes(k) && !sameValue(base[k], existing[k]))) {
      return { seq: change.seq, table: change.table, id, status: 'conflict', reason: 'changed_on_server', server_doc: { ...existing } };
    }
    const row = { ...existing, ...change.doc };
    rows.set(id, row);
    return { seq: change.seq, table: change.table, id, status: 'applied', server_doc: { ...row } };
  };
  const supabase = {
    async rpc(_fn: string, args: { p_changes: Change[] }) {
      if (offline) throw new TypeError('Failed to fetch');
      sent.push(args.p_changes);
      const results = args.p_changes.map(apply);
      lastSeq = Math.max(lastSeq, ...args.p_changes.map((c) => c.seq));
      return { data: { results, last_seq: lastSeq }, error: null, status: 200 };
    },
  } as unknown as SupabaseClient;
  return { rows, sent, supabase, goOnline: () => void (offline = false) };
}

async function open(collections: ReplicatedName[]) {
  const db = await openDatabase({ userId: USER, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, nameSuffix: crypto.randomUUID(), collections });
  opened.push(db);
  return db;
}

/** Offline, an estimate's first version goes to the outbox and fails; still offline, it is linked to a new account; then the device is online again. RxDB pushes the latest version with no base (it never heard of v1's answer). */
async function editedOffline(batcher: ReturnType<typeof createPushBatcher>, goOnline: () => void) {
  const v1 = estimates.create({ id: crypto.randomUUID(), org_id: ORG, owner_id: USER, title: 'Deck', number: 'DRAFT-1', provisional_number: 'DRAFT-1' }) as Doc;
  await expect(batcher.push('estimates', [newRow(v1)])).rejects.toThrow(/fetch/);
  const account = accounts.create({ id: crypto.randomUUID(), org_id: ORG, name: 'Harbor Cafe' }) as Doc;
  const v2 = { ...v1, account_id: account.id, notes: 'Patio' };
  goOnline();
  return { v1, account, v2 };
}

it('a row rebased on an earlier answer and refused for its missing parent keeps that base when sent again', async () => {
  const db = await open(['accounts', 'estimates']);
  const { rows, sent, supabase, goOnline } = fakeServer();
  const batcher = createPushBatcher({ db, supabase, retry: { attempts: 1 }, missingParentDelayMs: 50 });

  const { v1, account, v2 } = await editedOffline(batcher, goOnline);
  const estimatePush = batcher.push('estimates', [newRow(v2)]);
  // The account's call comes while the estimate is refused and waits to be sent again.
  while (!sent.some((changes) => changes.some((c) => c.table === 'estimates' && c.doc.notes === 'Patio'))) await new Promise((r) => setTimeout(r, 1));
  const accountPush = batcher.push('accounts', [newRow(account)]);

  expect(await accountPush).toEqual([]);
  // Fails: the estimate goes again without the base it had (v1 as the server made it), and
  // the server answers it as a conflict with the device's own earlier write.
  expect(await estimatePush).toEqual([]);
  expect(rows.get(String(v1.id))).toMatchObject({ account_id: account.id, notes: 'Patio' });
});

it('the same, when the row waits for a later push (its parent is on the device)', async () => {
  const db = await open(['accounts', 'estimates']);
  const { rows, supabase, goOnline } = fakeServer();
  const batcher = createPushBatcher({ db, supabase, retry: { attempts: 1 }, missingParentDelayMs: 50, missingParentRetries: 0 });

  const { v1, account, v2 } = await editedOffline(batcher, goOnline);
  await db.accounts.insert(account as never);
  // Refused for its missing parent, which is on the device: RxDB pushes the same row again later.
  await expect(batcher.push('estimates', [newRow(v2)])).rejects.toThrow(/sync first/);
  expect(await batcher.push('accounts', [newRow(account)])).toEqual([]);
  const estimatePush = batcher.push('estimates', [newRow(v2)]);
  // Fails: the estimate goes again without the base it had (v1 as the server made it), and
  // the server answers it as a conflict with the device's own earlier write.
  expect(await estimatePush).toEqual([]);
  expect(rows.get(String(v1.id))).toMatchObject({ account_id: account.id, notes: 'Patio' });
});

it('a prospect refused for its account, which is on the device, waits for a later push instead of failing', async () => {
  const db = await open(['accounts', 'prospects']);
  const { rows, supabase, goOnline } = fakeServer();
  goOnline();
  const batcher = createPushBatcher({ db, supabase, retry: { attempts: 1 }, missingParentDelayMs: 50, missingParentRetries: 0 });
  const account = accounts.create({ id: crypto.randomUUID(), org_id: ORG, name: 'Harbor Cafe' }) as Doc;
  await db.accounts.insert(account as never);
  const prospect = { ...(prospects.create({ id: crypto.randomUUID(), org_id: ORG, first_name: 'Ada', last_name: 'Lane', email: 'ada@harbor.example' }) as Doc), account_id: account.id } as Doc;
  await expect(batcher.push('prospects', [newRow(prospect)])).rejects.toThrow(/sync first/);
  expect(await batcher.push('accounts', [newRow(account)])).toEqual([]);
  expect(await batcher.push('prospects', [newRow(prospect)])).toEqual([]);
  expect(rows.get(String(prospect.id))).toMatchObject({ account_id: account.id });
});
