import { describe, expect, it, vi } from 'vitest';
import { changesText, decideSignOut, syncBeforeSignOut, type SyncControl } from './sign-out';

/** A sync engine whose pending count walks through `counts` (the last one repeats). */
function control(counts: number[]) {
  let i = 0;
  const resync = vi.fn();
  const c: SyncControl & { resync: typeof resync } = {
    resync,
    pendingCount: vi.fn(async () => counts[Math.min(i++, counts.length - 1)]!),
  };
  return c;
}

describe('decideSignOut', () => {
  it('signs out at once when nothing is pending or no sync runs', async () => {
    expect(await decideSignOut(null)).toEqual({ kind: 'sign-out' });
    expect(await decideSignOut(control([0]))).toEqual({ kind: 'sign-out' });
  });

  it('warns with the count when changes are pending', async () => {
    expect(await decideSignOut(control([3]))).toEqual({ kind: 'warn', pending: 3 });
  });

  it('warns when the count cannot be read: losing work is worse than one more click', async () => {
    const broken: SyncControl = { resync: () => undefined, pendingCount: () => Promise.reject(new Error('database closed')) };
    expect(await decideSignOut(broken)).toEqual({ kind: 'warn', pending: 0 });
  });
});

describe('syncBeforeSignOut', () => {
  const noWait = () => Promise.resolve();

  it('offline: says so without trying', async () => {
    const c = control([2]);
    const outcome = await syncBeforeSignOut({ control: c, isOnline: () => false, onProgress: () => undefined, wait: noWait });
    expect(outcome).toBe('offline');
    expect(c.resync).not.toHaveBeenCalled();
  });

  it('pushes and reports progress until nothing is pending', async () => {
    const c = control([3, 2, 2, 0]);
    const progress: number[] = [];
    const outcome = await syncBeforeSignOut({ control: c, isOnline: () => true, onProgress: (n) => progress.push(n), wait: noWait });
    expect(outcome).toBe('synced');
    expect(progress).toEqual([3, 2, 2, 0]);
    expect(c.resync).toHaveBeenCalledTimes(1);
  });

  it('stops with "offline" when the connection drops while syncing', async () => {
    let online = true;
    const c = control([3, 2]);
    const outcome = await syncBeforeSignOut({
      control: c,
      isOnline: () => online,
      onProgress: (n) => {
        if (n === 2) online = false;
      },
      wait: noWait,
    });
    expect(outcome).toBe('offline');
  });

  it('gives up as "stalled" when the count does not go down for the stall time', async () => {
    let clock = 0;
    const c = control([4, 3, 3]);
    const outcome = await syncBeforeSignOut({
      control: c,
      isOnline: () => true,
      onProgress: () => undefined,
      stallMs: 1000,
      pollMs: 250,
      now: () => clock,
      wait: async (ms) => {
        clock += ms;
      },
    });
    expect(outcome).toBe('stalled');
    // 3 was first seen at t=250; the stall is declared at t=1250, not before.
    expect(clock).toBe(1250);
  });

  it('ends quietly when cancelled', async () => {
    const abort = new AbortController();
    const c = control([5]);
    const outcome = await syncBeforeSignOut({
      control: c,
      isOnline: () => true,
      onProgress: () => abort.abort(),
      signal: abort.signal,
      wait: noWait,
    });
    expect(outcome).toBe('cancelled');
  });
});

describe('changesText', () => {
  it('counts in words', () => {
    expect(changesText(1)).toBe('1 change');
    expect(changesText(4)).toBe('4 changes');
  });
});
