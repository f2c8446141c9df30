import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { definitionOf, openDatabase } from '../src/db/database';
import { createLiveRows, isWholeRow, pulledCheckpoint, serverMicros, type LiveRows } from './live-rows';
import type { Checkpoint } from './protocol';
import { createPullTriggers } from './pull-triggers';
import type { PushBatcher } from './push-batcher';
import { fakeSyncPull as fakeServer } from './fake-sync-pull';
import { createStatus } from './status';
import { openTerm } from './term';

const ID = '6f1c2a9e-1b7d-4c3e-9a51-2f0e8d7c6b5a';
const ORG = '0b9e7c1a-5d2f-4e8a-9c3b-7a6d5e4f3a2b';
/** The time sync_pull writes for second `s` after 08:00 and `micros` microseconds. */
const at = (s: number, micros = 0) => `2026-11-27T08:00:${String(s).padStart(2, '0')}${micros ? `.${String(micros).padStart(6, '0').replace(/0+$/, '')}` : ''}+00:00`;

/** A server row of accounts: every column the device keeps, as sync_pull and Realtime send it. */
function accountRow(values: Record<string, unknown> = {}, modified = at(1)): Record<string, unknown> {
  const definition = definitionOf('accounts');
  const doc = definition.normalize({ id: ID, org_id: ORG, name: 'Acme', ...values }) as Record<string, unknown>;
  for (const key of definition.derived) delete doc[key];
  return { ...doc, updated_at: '2026-11-27T08:00:00.123456+00:00', _modified: modified, _deleted: false, _txid: '991', locked_txid: null };
}

const page = (n: number) => ({ documents: Array.from({ length: n }, () => ({})) });

/** A term's first request has run (its page of `size` rows), leaving `checkpoint`. */
async function afterFirstPull(size = 1): Promise<LiveRows> {
  const live = createLiveRows('accounts');
  expect(live.take(undefined)).toBeUndefined();
  await live.request(async () => page(size), 200);
  return live;
}

const pulled = (modified: string): Checkpoint => ({ txid: '1000', id: ID, modified: serverMicros(modified) });

// Each row: what the device pulled last (its checkpoint), the notice's row, and whether the
// row is handed over as a document or the call requests a page instead.
const cases: { name: string; checkpoint: Checkpoint | undefined; row: Record<string, unknown>; handed: boolean }[] = [
  { name: 'a row written after everything pulled is handed over', checkpoint: pulled(at(1)), row: accountRow({}, at(2)), handed: true },
  { name: 'a microsecond later is later', checkpoint: pulled(at(1, 500)), row: accountRow({}, at(1, 501)), handed: true },
  // The stale notice: the pull already delivered a version written later (the row's own txid
  // 991 is behind the checkpoint's 1000 too): it would overwrite that version.
  { name: 'a stale notice behind the checkpoint is not applied', checkpoint: pulled(at(2)), row: accountRow({ name: 'Acme v1' }, at(1)), handed: false },
  { name: 'the very version last pulled asks again rather than guess', checkpoint: pulled(at(1)), row: accountRow({}, at(1)), handed: false },
  { name: 'without what was pulled, nothing is known', checkpoint: undefined, row: accountRow({}, at(2)), handed: false },
  { name: 'a checkpoint without modified (written before it existed)', checkpoint: { txid: '1000', id: ID }, row: accountRow({}, at(2)), handed: false },
  { name: 'a row without _modified', checkpoint: pulled(at(1)), row: { ...accountRow({}, at(2)), _modified: undefined }, handed: false },
  { name: 'a row with a column missing', checkpoint: pulled(at(1)), row: (({ notes: _, ...rest }) => rest)(accountRow({}, at(2))), handed: false },
];

describe('a realtime row handed to the replication', () => {
  it.each(cases)('$name', async ({ checkpoint, row, handed }) => {
    const live = await afterFirstPull();
    // RxDB's stream only ever gets a pull; the row waits for the call.
    expect(live.offer({ row })).toBe('RESYNC');
    const documents = live.take(checkpoint);
    if (!handed) return expect(documents).toBeUndefined();
    expect(documents).toHaveLength(1);
    expect(documents![0]).toMatchObject({ id: ID, name: 'Acme', _deleted: false });
    // Columns the device does not keep are dropped.
    expect(documents![0]).not.toHaveProperty('_txid');
    expect(documents![0]).not.toHaveProperty('_modified');
  });

  it("requests the term's first page, and the next while pages come back full", async () => {
    const live = createLiveRows('accounts');
    live.offer({ row: accountRow({}, at(9)) });
    expect(live.take(pulled(at(1)))).toBeUndefined();
    await live.request(async () => page(200), 200);
    live.offer({ row: accountRow({}, at(9)) });
    expect(live.take(pulled(at(1)))).toBeUndefined();
    // The request covers the row before it.
    await live.request(async () => page(3), 200);
    expect(live.waiting()).toBe(false);
    live.offer({ row: accountRow({}, at(9)) });
    expect(live.take(pulled(at(1)))).toHaveLength(1);
  });

  it('requests when a pull was asked for since the last request; a request covers the rows before it only', async () => {
    const live = await afterFirstPull();
    live.offer({ row: accountRow({}, at(9)) });
    live.offer('RESYNC');
    expect(live.take(pulled(at(1)))).toBeUndefined();
    let during: LiveRows['offer'] | undefined = live.offer;
    await live.request(async () => {
      // A row that comes while the request is on its way may be newer than the page.
      during?.({ row: accountRow({ id: 'a2c4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3d4e', name: 'Later' }, at(10)) });
      during = undefined;
      return page(1);
    }, 200);
    expect(live.take(pulled(at(1)))?.map((d) => d.name)).toEqual(['Later']);
    expect(live.waiting()).toBe(false);
  });

  it('a failed request covers nothing', async () => {
    const live = await afterFirstPull();
    live.offer({ row: accountRow({}, at(9)) });
    live.offer('RESYNC');
    await expect(live.request(() => Promise.reject(new Error('offline')), 200)).rejects.toThrow('offline');
    expect(live.take(pulled(at(1)))).toBeUndefined();
    expect(live.waiting()).toBe(true);
  });

  it('keeps the later version of a row', async () => {
    const live = await afterFirstPull();
    live.offer({ row: accountRow({ name: 'v2' }, at(3)) });
    live.offer({ row: accountRow({ name: 'v1' }, at(2)) });
    expect(live.take(pulled(at(1)))?.map((d) => d.name)).toEqual(['v2']);
  });

  it('never replaces a version it handed over with an older one delivered late', async () => {
    const live = await afterFirstPull();
    live.offer({ row: accountRow({ name: 'v2' }, at(3)) });
    expect(live.take(pulled(at(1)))?.map((d) => d.name)).toEqual(['v2']);
    live.offer({ row: accountRow({ name: 'v1' }, at(2)) });
    expect(live.take(pulled(at(1)))).toBeUndefined();
  });

  it('knows whole rows, times written as sync_pull writes them', () => {
    const partial = accountRow();
    delete partial.notes;
    expect(isWholeRow('accounts', partial)).toBe(false);
    // A time spelled otherwise than sync_pull spells it (as a logical decoder may write it).
    expect(isWholeRow('accounts', { ...accountRow(), updated_at: '2026-11-27 08:00:00.123456+00' })).toBe(false);
  });
});

describe('the checkpoint after a page', () => {
  it('reads server times to the microsecond, in any offset', () => {
    const base = Date.UTC(2026, 10, 27, 8) * 1000;
    expect(serverMicros('2026-11-27T08:00:00+00:00')).toBe(base);
    expect(serverMicros('2026-11-27T08:00:00.000001+00:00')).toBe(base + 1);
    expect(serverMicros('2026-11-27T08:00:00.5Z')).toBe(base + 500_000);
    expect(serverMicros('2026-11-27 10:30:00.123456+02:30')).toBe(base + 123_456);
    expect(serverMicros('2026-11-27 07:00:00-01')).toBe(base);
    expect(serverMicros('yesterday')).toBeUndefined();
    expect(serverMicros(undefined)).toBeUndefined();
  });

  it('carries the latest _modified pulled so far, known only when it was known before', () => {
    const next = { txid: '12', id: ID };
    const rows = [at(3, 12), at(3, 120), at(3), at(2, 999_999)].map((m) => ({ _modified: m }));
    expect(pulledCheckpoint(undefined, rows, next)).toEqual({ ...next, modified: serverMicros(at(3, 120)) });
    expect(pulledCheckpoint(pulled(at(5)), rows, next)).toEqual({ ...next, modified: serverMicros(at(5)) });
    // An empty page keeps the checkpoint as it was.
    expect(pulledCheckpoint(pulled(at(5)), [], null)).toEqual(pulled(at(5)));
    // Set to undefined, not left out: RxDB stacks the new checkpoint on the stored one.
    expect(pulledCheckpoint({ txid: '11', id: ID }, rows, next)).toEqual({ ...next, modified: undefined });
    expect('modified' in pulledCheckpoint({ txid: '11', id: ID }, rows, next)!).toBe(true);
    expect(pulledCheckpoint(pulled(at(5)), [...rows, {}], next)).toEqual({ ...next, modified: undefined });
  });
});

describe('realtime rows in a running replication', () => {
  it('a notice older than a page pulled meanwhile does not overwrite it', async () => {
    const server = fakeServer();
    const db = await openDatabase({ userId: ORG, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, nameSuffix: crypto.randomUUID(), collections: ['accounts'] });
    const pulls = createPullTriggers(['accounts']);
    const term = openTerm(
      {
        database: db,
        supabase: server.supabase,
        names: ['accounts'],
        batcher: { push: async () => [] } as unknown as PushBatcher,
        status: createStatus(),
        streams: pulls.streams,
        identifier: () => `test:${db.name}`,
        retry: { attempts: 1 },
        later: () => undefined,
        onIdle: () => undefined,
      },
      1,
    );
    const replication = term.replications[0]!;
    const name = async () => (await db.accounts.findOne(ID).exec())?.name;
    try {
      const v0 = accountRow({ name: 'v0' }, at(1));
      server.write(v0, 10);
      await replication.awaitInSync();
      expect(await name()).toBe('v0');

      // v1 is committed, then v2; a pull reads v2 before v1's notice comes.
      const v1 = accountRow({ name: 'v1' }, at(2));
      const v2 = accountRow({ name: 'v2' }, at(3));
      server.write(v2, 12);
      const held = server.holdNext();
      pulls.one('accounts');
      await held.reached;
      pulls.row('accounts', v1);
      held.release();
      await replication.awaitInSync();
      expect(await name()).toBe('v2');

      // A notice written after everything pulled goes without a request.
      const before = server.requests();
      const v3 = accountRow({ name: 'v3' }, at(4));
      server.write(v3, 13);
      pulls.row('accounts', v3);
      await replication.awaitInSync();
      expect(await name()).toBe('v3');
      expect(server.requests()).toBe(before);
    } finally {
      await term.close();
      await db.remove();
    }
  });
});
