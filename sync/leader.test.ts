// The leader election and its fencing. Tabs are simulated: a fake Web Locks manager (queue,
// steal) and a fake BroadcastChannel, with a tab that can hang (it sends nothing, and what it
// receives waits until it wakes) or be throttled (its timers do not get out, but it answers
// messages). Fencing runs the real push batcher on one fake-indexeddb database against a
// stand-in for sync_push that numbers batches per device like the SQL function.
import type { SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accounts } from '../src/db/collections/accounts';
import { openDatabase, type AppDatabase } from '../src/db/database';
import { electLeader, type LeaderChannel, type LeaderElection, type LeaderMessage, type LockApi } from './leader';
import type { Doc } from './merge';
import type { Change, PushResult } from './protocol';
import { createPushBatcher, StaleLeaderError, type PushRow } from './push-batcher';

class Tab {
  hung = false;
  throttled = false;
  /** A message is being handled: what the tab posts now is an answer, not a timer's. */
  handling = false;
  private waiting: (() => void)[] = [];
  /** Runs `fn` now, or when the tab wakes up if it hangs. */
  deliver(fn: () => void) {
    if (this.hung) this.waiting.push(fn);
    else fn();
  }
  wake() {
    this.hung = false;
    for (const fn of this.waiting.splice(0)) fn();
  }
}

function abortError() {
  return new DOMException('The lock request was aborted', 'AbortError');
}

/** One lock name's worth of the Web Locks API: exclusive, in order, with steal and abort. */
class FakeLocks {
  private holder: { tab: Tab; name: string; reject: (e: unknown) => void } | null = null;
  private queue: { tab: Tab; grant: () => void; drop: () => void }[] = [];

  forTab(tab: Tab): LockApi {
    return {
      query: () => Promise.resolve({ held: this.holder ? [{ name: this.holder.name, mode: 'exclusive' as const }] : [], pending: [] }) as never,
      request: ((name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) =>
        new Promise<unknown>((resolve, reject) => {
          const settle = (fn: () => void) => tab.deliver(fn);
          const entry = { tab, name, reject: (e: unknown) => settle(() => reject(e)) };
          const grant = () => {
            this.holder = entry;
            tab.deliver(() => {
              void Promise.resolve(callback({ name, mode: 'exclusive' } as Lock)).then((value) => {
                if (this.holder !== entry) return;
                this.holder = null;
                settle(() => resolve(value));
                this.next();
              });
            });
          };
          if (options.steal) {
            const previous = this.holder;
            this.holder = null;
            previous?.reject(abortError());
            return grant();
          }
          const waiting = { tab, grant, drop: () => settle(() => reject(abortError())) };
          options.signal?.addEventListener('abort', () => {
            const i = this.queue.indexOf(waiting);
            if (i >= 0) {
              this.queue.splice(i, 1);
              waiting.drop();
            }
          });
          this.queue.push(waiting);
          if (!this.holder) this.next();
        })) as LockApi['request'],
    };
  }

  private next() {
    if (this.holder) return;
    this.queue.shift()?.grant();
  }
}

/** BroadcastChannel between tabs: a hung tab posts nothing and reads what waited when it wakes. */
class FakeHub {
  private channels = new Set<{ tab: Tab; channel: LeaderChannel }>();
  open(tab: Tab): LeaderChannel {
    const self = {
      tab,
      channel: {
        onmessage: null,
        postMessage: (message: LeaderMessage) => {
          if (tab.hung || (tab.throttled && !tab.handling)) return;
          for (const other of this.channels) {
            if (other === self) continue;
            queueMicrotask(() =>
              other.tab.deliver(() => {
                other.tab.handling = true;
                try {
                  other.channel.onmessage?.({ data: structuredClone(message) });
                } finally {
                  other.tab.handling = false;
                }
              }),
            );
          }
        },
        close: () => this.channels.delete(self),
      } as LeaderChannel,
    };
    this.channels.add(self);
    return self.channel;
  }
}

describe('leader election', () => {
  let locks: FakeLocks;
  let hub: FakeHub;
  let epoch: number;
  const elections: LeaderElection[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    locks = new FakeLocks();
    hub = new FakeHub();
    epoch = 0;
  });
  afterEach(async () => {
    await Promise.all(elections.splice(0).map((e) => e.stop()));
    vi.useRealTimers();
  });

  /** A tab: counts its terms; `leads` is true between onLead and onResign. */
  function openTab() {
    const tab = new Tab();
    const record = { tab, terms: 0, resigned: 0, leads: false, epoch: 0, election: undefined as unknown as LeaderElection };
    record.election = electLeader({
      name: 'db',
      locks: locks.forTab(tab),
      openChannel: () => hub.open(tab),
      onLead: async () => {
        record.terms++;
        record.leads = true;
        record.epoch = ++epoch;
        return record.epoch;
      },
      onResign: async () => {
        record.resigned++;
        record.leads = false;
      },
    });
    elections.push(record.election);
    return record;
  }

  it('one tab leads; the other follows as long as the leader beats', async () => {
    const a = openTab();
    await vi.advanceTimersByTimeAsync(10);
    const b = openTab();
    await vi.advanceTimersByTimeAsync(60_000);
    expect([a.leads, b.leads]).toEqual([true, false]);
    expect([a.terms, b.terms]).toEqual([1, 0]);
  });

  it('a leader whose timers are throttled but which answers the ping keeps the lock', async () => {
    const a = openTab();
    await vi.advanceTimersByTimeAsync(10);
    const b = openTab();
    a.tab.throttled = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect([a.leads, b.leads]).toEqual([true, false]);
    expect(b.terms).toBe(0);
  });

  it('a hung leader is replaced; on waking it stops, and it competes again', async () => {
    const a = openTab();
    await vi.advanceTimersByTimeAsync(10);
    const b = openTab();
    await vi.advanceTimersByTimeAsync(2000);

    a.tab.hung = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(b.leads).toBe(true);
    expect(b.epoch).toBeGreaterThan(a.epoch);
    // Hung, it cannot know yet.
    expect(a.resigned).toBe(0);

    a.tab.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(a.leads).toBe(false);
    expect(a.resigned).toBe(1);
    expect(a.election.isLeader()).toBe(false);

    // No tug of war afterwards.
    await vi.advanceTimersByTimeAsync(60_000);
    expect([a.leads, b.leads, a.terms, b.terms]).toEqual([false, true, 1, 1]);

    // It queued again: when the new leader closes, it leads.
    await b.election.stop();
    await vi.advanceTimersByTimeAsync(10);
    expect(a.leads).toBe(true);
    expect(a.terms).toBe(2);
  });

  it('a leader that hears a newer epoch steps down without waiting for its lock to report the steal', async () => {
    const a = openTab();
    await vi.advanceTimersByTimeAsync(10);
    const b = openTab();
    a.tab.hung = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(b.leads).toBe(true);
    // A woken tab may run its timers and read new messages before the lock's rejection (held
    // back here for good, with everything else of the hung period) arrives.
    a.tab.hung = false;
    await vi.advanceTimersByTimeAsync(3000);
    expect(a.leads).toBe(false);
    expect(b.leads).toBe(true);
  });

  it('without Web Locks, the fallback election decides and stop ends the term', async () => {
    let lead!: () => void;
    const calls: string[] = [];
    const election = electLeader({
      name: 'db',
      locks: null,
      fallback: () => new Promise<void>((resolve) => (lead = resolve)),
      onLead: async () => {
        calls.push('lead');
        return 1;
      },
      onResign: async () => {
        calls.push('resign');
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(election.isLeader()).toBe(false);
    lead();
    await vi.advanceTimersByTimeAsync(10);
    expect(election.isLeader()).toBe(true);
    await election.stop();
    expect(calls).toEqual(['lead', 'resign']);
  });
});

describe('fencing: the push state refuses the batcher of a replaced leader', () => {
  const ORG = '11111111-1111-4111-8111-111111111111';
  const USER = '22222222-2222-4222-8222-222222222222';
  let db: AppDatabase;

  beforeEach(async () => {
    db = await openDatabase({ userId: USER, indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false, nameSuffix: crypto.randomUUID(), collections: ['accounts'] });
  });
  afterEach(async () => {
    await db.remove();
  });

  /** sync_push for one device: a batch numbered at or below the last one is answered, not applied. */
  function fakeServer() {
    const server = {
      lastSeq: 0,
      lastResults: [] as PushResult[],
      writes: new Map<string, number>(),
      requests: [] as number[][],
      /** Set to hold the next answer back until released (the batch has committed). */
      hold: null as null | { release: () => void; held: Promise<void> },
      failNext: 0,
      async rpc(fn: string, args: { p_changes: Change[] }) {
        if (fn !== 'sync_push') throw new Error(`unexpected rpc ${fn}`);
        server.requests.push(args.p_changes.map((c) => c.seq));
        if (server.failNext > 0) {
          server.failNext--;
          throw new TypeError('fetch failed');
        }
        const results = args.p_changes.map((change): PushResult => {
          const id = String(change.doc.id);
          if (change.seq <= server.lastSeq) {
            const previous = server.lastResults.find((r) => r.seq === change.seq) ?? { seq: change.seq, table: change.table, id, status: 'applied' as const };
            return { ...previous, duplicate: true };
          }
          server.writes.set(id, (server.writes.get(id) ?? 0) + 1);
          return { seq: change.seq, table: change.table, id, status: 'applied', server_doc: { ...change.doc } };
        });
        const max = Math.max(...args.p_changes.map((c) => c.seq));
        if (max > server.lastSeq) {
          server.lastSeq = max;
          server.lastResults = results;
        }
        const hold = server.hold;
        if (hold) {
          server.hold = null;
          await hold.held;
        }
        return { data: { results, last_seq: server.lastSeq }, error: null, status: 200 };
      },
    };
    return server;
  }

  function holdNextAnswer(server: ReturnType<typeof fakeServer>) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.hold = { release, held };
    return release;
  }

  function batcherFor(server: ReturnType<typeof fakeServer>, options: { onStale?: (epoch: number) => void; retryDelayMs?: number } = {}) {
    const delay = options.retryDelayMs ?? 5;
    return createPushBatcher({
      db,
      supabase: { rpc: (fn: string, args: { p_changes: Change[] }) => server.rpc(fn, args) } as unknown as SupabaseClient,
      windowMs: 1,
      retry: { attempts: 3, baseDelayMs: delay, maxDelayMs: delay },
      onStale: options.onStale,
    });
  }

  const row = (name: string): PushRow => ({ newDocumentState: { ...accounts.create({ id: crypto.randomUUID(), org_id: ORG, name }), _deleted: false } as Doc }) as PushRow;
  const idOf = (r: PushRow) => String(r.newDocumentState.id);

  it('once another batcher claims, the old one sends nothing and numbers nothing', async () => {
    const server = fakeServer();
    const stale: number[] = [];
    const old = batcherFor(server, { onStale: (epoch) => stale.push(epoch) });
    const next = batcherFor(server);
    const oldEpoch = await old.claim();
    expect(await old.push('accounts', [row('Before')])).toEqual([]);

    expect(await next.claim()).toBe(oldEpoch + 1);
    await expect(old.push('accounts', [row('Stale')])).rejects.toBeInstanceOf(StaleLeaderError);
    expect(stale).toEqual([oldEpoch]);
    expect(server.requests).toEqual([[1]]);

    expect(await next.push('accounts', [row('After')])).toEqual([]);
    // Numbered on from the shared record: a new batch, applied, not answered as a duplicate.
    expect(server.requests).toEqual([[1], [2]]);
    expect(server.lastResults).toMatchObject([{ seq: 2, status: 'applied' }]);
    expect(server.lastResults[0]).not.toHaveProperty('duplicate');
  });

  it("an answer that arrives after the hand-over is not recorded; the new leader resends the outbox and nothing is written twice", async () => {
    const server = fakeServer();
    const old = batcherFor(server);
    const next = batcherFor(server);
    await old.claim();
    const first = row('In flight when the tab hung');
    const release = holdNextAnswer(server);
    const oldPush = old.push('accounts', [first]);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));

    await next.claim();
    release();
    await expect(oldPush).rejects.toBeInstanceOf(StaleLeaderError);

    // RxDB in the new leader's tab pushes the same row (still unacknowledged) and a new one;
    // it takes the server's row for the one answered again (push-answers.ts, adoptsServerRow).
    const second = row('Written in the new leader');
    expect((await next.push('accounts', [first, second])).map((doc) => doc.id)).toEqual([idOf(first)]);
    // The outbox batch again (answered as a duplicate), then only the new row with the next number.
    expect(server.requests).toEqual([[1], [1], [2]]);
    expect(server.writes.get(idOf(first))).toBe(1);
    expect(server.writes.get(idOf(second))).toBe(1);
  });

  it('a retry that comes due after the hand-over is refused before it is sent', async () => {
    const server = fakeServer();
    // The retry waits long enough for the other tab to claim first.
    const old = batcherFor(server, { retryDelayMs: 1000 });
    const next = batcherFor(server);
    await old.claim();
    server.failNext = 1;
    const oldPush = old.push('accounts', [row('Offline when the tab hung')]);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await next.claim();
    await expect(oldPush).rejects.toBeInstanceOf(StaleLeaderError);
    expect(server.requests).toEqual([[1]]);
    expect(server.lastSeq).toBe(0);
  });
});
