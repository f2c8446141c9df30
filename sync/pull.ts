// Pull handler of one collection: pages of sync_pull after the (_txid, id) checkpoint.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReplicationPullHandlerResult, WithDeleted } from 'rxdb';
import type { ReplicatedName } from '../src/db/database';
import { retry, type RetryOptions } from '../src/lib/retry';
import type { Doc } from './merge';
import { callRpc, fromServer, pullResponseSchema, type Checkpoint } from './protocol';

export type PullHandlerOptions = {
  supabase: SupabaseClient;
  name: ReplicatedName;
  retry?: RetryOptions;
  onPulled?: (name: ReplicatedName, count: number) => void;
  /** Rows exist that an open transaction still hides: pull again a little later. */
  onBlocked?: (name: ReplicatedName) => void;
  /** Awaited before each page is requested, and again before the page is handed to RxDB. */
  pushesSettled?: () => Promise<void>;
};

export function createPullHandler(options: PullHandlerOptions) {
  const { supabase, name } = options;
  return async (checkpoint: Checkpoint | undefined, batchSize: number): Promise<ReplicationPullHandlerResult<Doc, Checkpoint>> => {
    await options.pushesSettled?.();
    const page = await retry(
      () =>
        callRpc(
          supabase,
          'sync_pull',
          { p_table: name, p_after_txid: checkpoint?.txid ?? null, p_after_id: checkpoint?.id ?? null, p_limit: batchSize },
          pullResponseSchema,
        ),
      { shouldRetry: () => true, ...options.retry },
    );
    await options.pushesSettled?.();
    options.onPulled?.(name, page.documents.length);
    if (page.blocked) options.onBlocked?.(name);
    return {
      documents: page.documents.map((row) => fromServer(name, row) as WithDeleted<Doc>),
      checkpoint: page.checkpoint ?? checkpoint,
    };
  };
}
