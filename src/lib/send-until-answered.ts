// Sending a call again for as long as the connection is down, for calls a screen makes once
// per user action with an idempotency key (so a resend is the same action, never a second
// one): the customer's answers on an estimate link, the public request form. Refusals are
// thrown at once; only lost connections are retried, 1 s doubling to 10 s, or sooner when
// the browser reports the connection back.
import { describeError } from './errors';
import { backoffDelay } from './retry';
import { ServerCallError } from './server-api';

/** The call never reached the server, or its answer never came back: worth sending again. */
export function isConnectionError(error: unknown): boolean {
  // supabase-js answers a failed fetch with status 0; a proxy without its server with 502–504.
  if (error instanceof ServerCallError) return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError || describeError(error).kind === 'network';
}

export type SendOptions = {
  /** Told before each new attempt after a lost connection (attempt 2, 3, …). */
  onRetry?: (attempt: number) => void;
  sleep?: (ms: number, wake: AbortSignal) => Promise<void>;
  /** Stops retrying (the page was left); the last error is thrown. */
  signal?: AbortSignal;
};

/** Waits `ms`, or less when the browser says the connection is back. */
function sleepUntilOnline(ms: number, wake: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      wake.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
    wake.addEventListener('abort', done);
  });
}

export async function sendUntilAnswered<T>(call: () => Promise<T>, options: SendOptions = {}): Promise<T> {
  const sleep = options.sleep ?? sleepUntilOnline;
  const wake = options.signal ?? new AbortController().signal;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isConnectionError(error) || wake.aborted) throw error;
      await sleep(backoffDelay(attempt), wake);
      if (wake.aborted) throw error;
      options.onRetry?.(attempt + 1);
    }
  }
}

/** The message of the server's 429 (`{code: 'too_many_requests', message}`, also as the text of an older server). */
export function tooManyRequestsMessage(error: unknown): string | undefined {
  if (!(error instanceof ServerCallError)) return undefined;
  if (error.status === 429 || error.code === 'too_many_requests') return error.message;
  try {
    const parsed = JSON.parse(error.message) as { code?: string; message?: string };
    if (parsed.code === 'too_many_requests' && parsed.message) return parsed.message;
  } catch {
    // not JSON: not the limiter
  }
  return undefined;
}
