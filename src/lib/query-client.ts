// The cache for remote calls that are not replicated (SPEC.md §9). Domain data never goes
// through it: screens read RxDB.
import { QueryClient } from '@tanstack/react-query';
import { statusOf } from './errors';

const QUERY_STALE_TIME_MS = 5 * 60_000;
const QUERY_MAX_RETRIES = 3;
const QUERY_RETRY_BASE_MS = 1000;
const QUERY_RETRY_MAX_MS = 30_000;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status === 401 || status === 403) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attemptIndex, QUERY_RETRY_MAX_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
