import { describe, expect, it } from 'vitest';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from './query-client';

describe('query cache constants (SPEC §9)', () => {
  it('retries up to 3 times, never on 401 or 403', () => {
    const error = new Error('fetch failed');
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, error))).toEqual([true, true, true, false]);
    expect(shouldRetryQuery(0, { message: 'x', status: 401 })).toBe(false);
    expect(shouldRetryQuery(0, { message: 'x', status: 403 })).toBe(false);
    expect(shouldRetryQuery(0, { message: 'x', status: 500 })).toBe(true);
  });

  it('waits 1 s doubling to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('configures the client: stale after 5 minutes, no refetch on focus, no mutation retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(300_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
