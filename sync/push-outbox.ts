// Sending changes through the outbox: a batch is written to the push record (the outbox)
// before it is sent. If the answer is lost (dropped connection, server restart), the next push
// first sends that same batch again: the server answers it from its record of the last batch
// instead of applying it twice, and the device learns what became of it before sending
// anything newer. The answers are kept in the same record, and the outbox cleared, in one write.
// Every write is fenced by the leader's epoch (sync/push-state.ts): a stale leader's batch is
// refused before it is sent, and a retry after a long pause first checks it still leads.
import type { SupabaseClient } from '@supabase/supabase-js';
import { retry, type RetryOptions } from '../src/lib/retry';
import { callRpc, pushResponseSchema, type Change, type PushResult } from './protocol';
import { keepAnswers } from './push-answers';
import { StaleLeaderError, type PushRecord, type PushState } from './push-state';

type OutboxOptions = {
  supabase: SupabaseClient;
  record: PushRecord;
  retry?: RetryOptions;
  maxChanges: number;
  maxBytes: number;
  onRequest?: (changes: number) => void;
};

export type Outbox = {
  /** Sends the batch a lost answer left in the outbox, if any, and keeps its answers. */
  resend(state: PushState, epoch: number): Promise<void>;
  /** Numbers are taken: sends `changes` in requests of bounded size, each through the outbox. */
  send(state: PushState, changes: Change[], epoch: number): Promise<PushResult[]>;
};

/** Splits changes, in order, into requests of at most `maxChanges` changes and about `maxBytes` of JSON. */
export function chunkChanges(changes: readonly Change[], maxChanges: number, maxBytes: number): Change[][] {
  const chunks: Change[][] = [];
  let chunk: Change[] = [];
  let bytes = 0;
  for (const change of changes) {
    const size = JSON.stringify(change).length;
    if (chunk.length > 0 && (chunk.length >= maxChanges || bytes + size > maxBytes)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(change);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

export function createOutbox(o: OutboxOptions): Outbox {
  async function request(state: PushState, changes: Change[], epoch: number): Promise<PushResult[]> {
    const shouldRetry = o.retry?.shouldRetry ?? (() => true);
    const response = await retry(
      async (attempt) => {
        // A retry may come after this tab hung for a while: only a leader still in office sends.
        if (attempt > 1) await o.record.load(epoch);
        o.onRequest?.(changes.length);
        return callRpc(o.supabase, 'sync_push', { p_device_id: state.device_id, p_changes: changes }, pushResponseSchema);
      },
      { ...o.retry, shouldRetry: (error, failures) => !(error instanceof StaleLeaderError) && shouldRetry(error, failures) },
    );
    return response.results;
  }

  /** Records the answers to a batch and clears the outbox in one write. */
  async function recordAnswers(state: PushState, batch: Change[], results: PushResult[], epoch: number) {
    keepAnswers(state, batch, results);
    await o.record.save(state, epoch);
  }

  return {
    async resend(state, epoch) {
      if (!state.outbox?.length) return;
      const outbox = state.outbox;
      await recordAnswers(state, outbox, await request(state, outbox, epoch), epoch);
    },
    async send(state, changes, epoch) {
      const results: PushResult[] = [];
      let answered: { chunk: Change[]; answers: PushResult[] } | null = null;
      for (const chunk of chunkChanges(changes, o.maxChanges, o.maxBytes)) {
        // The previous chunk's answers (kept until this push settles: if a later chunk fails,
        // RxDB pushes these rows again) go in the write that claims this chunk's sequence
        // numbers, one write per request; a stale leader's is refused here. Lost before that
        // write, they come back as the answer to the outbox sent again.
        if (answered) keepAnswers(state, answered.chunk, answered.answers);
        state.outbox = chunk;
        await o.record.save(state, epoch);
        const answers = await request(state, chunk, epoch);
        answered = { chunk, answers };
        results.push(...answers);
      }
      if (answered) await recordAnswers(state, answered.chunk, answered.answers, epoch);
      return results;
    },
  };
}
