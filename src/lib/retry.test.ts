import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, retry } from './retry';

describe('retry helper (SPEC §9)', () => {
  it('waits 1 s, then 2 s, doubling up to 10 s', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('makes 3 attempts with 1 s and 2 s between them, then gives up with the last error', async () => {
    const sleeps: number[] = [];
    const fn = vi.fn(async (attempt: number) => {
      throw new Error(`Failed to fetch (${attempt})`);
    });
    await expect(retry(fn, { sleep: async (ms) => void sleeps.push(ms) })).rejects.toThrow('Failed to fetch (3)');
    expect(fn).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('returns as soon as an attempt succeeds', async () => {
    let calls = 0;
    const value = await retry(
      async () => {
        calls++;
        if (calls < 2) throw new Error('network down');
        return 'ok';
      },
      { sleep: async () => undefined },
    );
    expect(value).toBe('ok');
    expect(calls).toBe(2);
  });

  it('does not retry errors the catalogue calls final', async () => {
    const fn = vi.fn(async () => {
      throw Object.assign(new Error('denied'), { status: 403 });
    });
    await expect(retry(fn, { sleep: async () => undefined })).rejects.toThrow('denied');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('really waits between attempts', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const done = retry(async () => {
        calls++;
        if (calls < 3) throw new Error('fetch failed');
        return calls;
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(1999);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      await expect(done).resolves.toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
