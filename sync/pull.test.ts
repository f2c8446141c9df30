import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { MAX_PULL_PAGE, createPullHandler, nextPageSize } from './pull';

describe('nextPageSize', () => {
  it('doubles after a full page, up to the cap, and falls back to the batch size after a short one', () => {
    expect(nextPageSize(200, 200, 200)).toBe(400);
    expect(nextPageSize(400, 400, 200)).toBe(800);
    expect(nextPageSize(4000, 4000, 200)).toBe(MAX_PULL_PAGE);
    expect(nextPageSize(MAX_PULL_PAGE, MAX_PULL_PAGE, 200)).toBe(MAX_PULL_PAGE);
    expect(nextPageSize(800, 799, 200)).toBe(200);
    expect(nextPageSize(200, 0, 200)).toBe(200);
    expect(nextPageSize(200, 200, 200, 300)).toBe(300);
  });
});

/** A server of `total` rows in checkpoint order, answering sync_pull like the SQL function. */
function fakeServer(total: number) {
  const rows = Array.from({ length: total }, (_, i) => ({ id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`, txid: String(10 + Math.floor(i / 7)) }));
  const limits: number[] = [];
  const supabase = {
    async rpc(fn: string, args: { p_after_txid: string | null; p_after_id: string | null; p_limit: number }) {
      expect(fn).toBe('sync_pull');
      limits.push(args.p_limit);
      const after = rows.findIndex((r) => r.txid === args.p_after_txid && r.id === args.p_after_id);
      const page = rows.slice(after + 1, after + 1 + Math.min(args.p_limit, MAX_PULL_PAGE));
      const last = page.at(-1);
      return {
        data: { documents: page.map((r) => ({ id: r.id, name: `Item ${r.id}`, _txid: r.txid })), checkpoint: last ? { txid: last.txid, id: last.id } : null, blocked: false },
        error: null,
        status: 200,
      };
    },
  } as unknown as SupabaseClient;
  return { supabase, limits };
}

describe('createPullHandler', () => {
  it('grows the page while pages come back full, pulls every row once, and starts small again after a short page', async () => {
    const { supabase, limits } = fakeServer(3000);
    const pull = createPullHandler({ supabase, name: 'estimate_items' });
    const seen: string[] = [];
    let checkpoint: { txid: string; id: string } | undefined;
    // RxDB's loop: ask again while a page has at least batchSize documents.
    for (;;) {
      const page = await pull(checkpoint, 200);
      seen.push(...page.documents.map((d) => String(d.id)));
      checkpoint = page.checkpoint;
      if (page.documents.length < 200) break;
    }
    expect(limits).toEqual([200, 400, 800, 1600, 3200]);
    expect(seen).toHaveLength(3000);
    expect(new Set(seen).size).toBe(3000);
    await pull(checkpoint, 200);
    expect(limits.at(-1)).toBe(200);
  });

  it('hands RxDB device documents: known columns with defaults, _deleted, no server bookkeeping', async () => {
    const { supabase } = fakeServer(1);
    const page = await createPullHandler({ supabase, name: 'estimate_items' })(undefined, 200);
    expect(page.documents[0]).toMatchObject({ name: expect.stringMatching(/^Item /), unit: 'each', _deleted: false });
    expect(page.documents[0]).not.toHaveProperty('_txid');
  });
});
