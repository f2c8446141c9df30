// Pull handler of one collection: pages of sync_pull after the (_txid, id) checkpoint.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReplicationPullHandlerResult, WithDeleted } from 'rxdb';
import type { ReplicatedName } from '../src/db/database';
import { retry, type RetryOptions } from '../src/lib/retry';
import { pulledCheckpoint } from './live-rows';
import type { Doc } from './merge';
import { callRpc, fromServer, pullResponseSchema, type Checkpoint } from './protocol';

/** The largest page sync_pull hands out (20261122000900_sync.sql). */
export const MAX_PULL_PAGE = 5000;

export type PullHandlerOptions = {
  supabase: SupabaseClient;
  name: ReplicatedName;
  retry?: RetryOptions;
  onPulled?: (name: ReplicatedName, count: number) => void;
  /** Rows exist that an open transaction still hides: pull again a little later. */
  onBlocked?: (name: ReplicatedName) => void;
  /** Awaited before each page is requested, and again before the page is handed to RxDB. */
  pushesSettled?: () => Promise<void>;
  /** Upper bound of the growing catch-up page (default and most: MAX_PULL_PAGE). */
  maxPageSize?: number;
};

/**
 * The size of the page after one of `size` rows that brought `received`: a full page means
 * the device is catching up, so the next asks for twice as many (a fresh device then needs a
 * few dozen requests, not hundreds, and each RxDB write covers more rows); a short page ends
 * the catch-up, and the next pull starts again at RxDB's batch size.
 */
// Tried and not kept: requesting the next page while RxDB writes this one (the server reads
// it meanwhile). On 2 cores the pull is bound by the processor, not by waiting: 10,000
// estimates + 50,000 items in 7.4 / 8.3 s with it, 6.8 / 7.4 s without (npm run bench sync).
export function nextPageSize(size: number, received: number, batchSize: number, max = MAX_PULL_PAGE): number {
  return received >= size ? Math.max(batchSize, Math.min(size * 2, max)) : batchSize;
}

export function createPullHandler(options: PullHandlerOptions) {
  const { supabase, name } = options;
  const max = Math.min(options.maxPageSize ?? MAX_PULL_PAGE, MAX_PULL_PAGE);
  let grown = 0;
  return async (checkpoint: Checkpoint | undefined, batchSize: number): Promise<ReplicationPullHandlerResult<Doc, Checkpoint>> => {
    // RxDB asks again while a page has at least batchSize rows, so a bigger page is fine.
    const size = Math.max(batchSize, Math.min(grown, max));
    await options.pushesSettled?.();
    const page = await retry(
      () =>
        callRpc(
          supabase,
          'sync_pull',
          { p_table: name, p_after_txid: checkpoint?.txid ?? null, p_after_id: checkpoint?.id ?? null, p_limit: size },
          pullResponseSchema,
        ),
      { shouldRetry: () => true, ...options.retry },
    );
    grown = nextPageSize(size, page.documents.length, batchSize, max);
    await options.pushesSettled?.();
    options.onPulled?.(name, page.documents.length);
    if (page.blocked) options.onBlocked?.(name);
    return {
      documents: page.documents.map((row) => fromServer(name, row) as WithDeleted<Doc>),
      checkpoint: pulledCheckpoint(checkpoint, page.documents, page.checkpoint),
    };
  };
}
