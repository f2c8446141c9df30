// SPEC.md §9: 3 attempts, back-off 1 s doubling to at most 10 s.
import { describeError } from './errors';

const RETRY_ATTEMPTS = 3;
const RETRY_BASE_DELAY_MS = 1000;
const RETRY_MAX_DELAY_MS = 10_000;

/** Delay before attempt number `failures + 1`, after `failures` failed attempts (1, 2, …). */
export function backoffDelay(failures: number, base = RETRY_BASE_DELAY_MS, max = RETRY_MAX_DELAY_MS): number {
  return Math.min(base * 2 ** Math.max(0, failures - 1), max);
}

export type RetryOptions = {
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Defaults to the catalogue's retryable flag, so a refused sign-in is not hammered. */
  shouldRetry?: (error: unknown, failures: number) => boolean;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? RETRY_ATTEMPTS;
  const shouldRetry = options.shouldRetry ?? ((error: unknown) => describeError(error).retryable);
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt >= attempts || !shouldRetry(error, attempt)) throw error;
      await sleep(backoffDelay(attempt, options.baseDelayMs, options.maxDelayMs));
    }
  }
}
