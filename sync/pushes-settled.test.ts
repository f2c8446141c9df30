import { BehaviorSubject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { pushesSettled } from './pushes-settled';

/** The parts of RxDB's replication state pushesSettled reads, as RxDB's upstream moves them. */
function upstream({ firstSyncDone = true, active = false } = {}) {
  const state = {
    firstSyncDone: { up: new BehaviorSubject(firstSyncDone) },
    events: { active: { up: new BehaviorSubject(active) }, canceled: new BehaviorSubject(false) },
    streamQueue: { up: Promise.resolve() as Promise<unknown> },
  };
  /** A push pass chained onto the upstream queue, finished by the function returned. */
  const pass = () => {
    let finish = () => undefined as void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    state.streamQueue.up = state.streamQueue.up.then(() => done);
    return finish;
  };
  const replication = { internalReplicationState: state } as unknown as Parameters<typeof pushesSettled>[0];
  return { state, pass, replication };
}

/** Whether the promise has settled once every task queued before this call has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('a pull waits for the pushes before it', () => {
  it('goes at once when the upstream is idle and its queue empty', async () => {
    const { replication } = upstream();
    expect(await settled(pushesSettled(replication))).toBe(true);
  });

  it('waits for the first push pass, then for the running push', async () => {
    const { state, replication } = upstream({ firstSyncDone: false, active: true });
    const waiting = pushesSettled(replication);
    state.firstSyncDone.up.next(true);
    expect(await settled(waiting)).toBe(false);
    state.events.active.up.next(false);
    expect(await settled(waiting)).toBe(true);
  });

  // RxDB's RESYNC sets active.up to false, then pushes everything since its checkpoint again on
  // the upstream queue. A pull passing then could land the device's own row before RxDB
  // recorded its push (seen as a stale row, about 1 in 800 property runs on PostgreSQL).
  it("waits for a RESYNC's push, which runs with the upstream marked idle", async () => {
    const { pass, replication } = upstream();
    const finish = pass();
    const waiting = pushesSettled(replication);
    expect(await settled(waiting)).toBe(false);
    finish();
    expect(await settled(waiting)).toBe(true);
  });

  it('waits for a pass chained onto the queue while it waited', async () => {
    const { pass, replication } = upstream();
    const first = pass();
    const waiting = pushesSettled(replication);
    const second = pass();
    first();
    expect(await settled(waiting)).toBe(false);
    second();
    expect(await settled(waiting)).toBe(true);
  });

  it('a failed pass counts as settled', async () => {
    const { state, replication } = upstream();
    state.streamQueue.up = Promise.reject(new Error('push failed'));
    expect(await settled(pushesSettled(replication))).toBe(true);
  });

  it('stops waiting when the replication is cancelled', async () => {
    const cancelled = upstream();
    cancelled.pass();
    const waiting = pushesSettled(cancelled.replication);
    cancelled.state.events.canceled.next(true);
    expect(await settled(waiting)).toBe(true);
  });

  it('stops waiting after the limit: a push that keeps failing must not stop pulls', async () => {
    vi.useFakeTimers();
    try {
      const stuck = upstream();
      stuck.pass();
      let done = false;
      void pushesSettled(stuck.replication, 1000).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
