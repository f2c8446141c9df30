// A test double of sync_pull over one table of rows in memory, for replications under test.
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';

type ServerRow = Record<string, unknown> & { _txid: bigint };

/** sync_pull over one table of rows, like the SQL function; a request can be held until released. */
export function fakeSyncPull() {
  const rows = new Map<string, ServerRow>();
  let requests = 0;
  let hold: { reached: () => void; release: Promise<void> } | undefined;
  const supabase = {
    async rpc(fn: string, args: { p_after_txid: string | null; p_after_id: string | null }) {
      expect(fn).toBe('sync_pull');
      requests++;
      const after = [BigInt(args.p_after_txid ?? 0), args.p_after_id ?? ''] as const;
      // The server reads the rows when the request arrives, and answers when released.
      const page = [...rows.values()]
        .filter((r) => r._txid > after[0] || (r._txid === after[0] && String(r.id) > after[1]))
        .sort((a, b) => (a._txid === b._txid ? String(a.id).localeCompare(String(b.id)) : a._txid < b._txid ? -1 : 1));
      const held = hold;
      hold = undefined;
      if (held) {
        held.reached();
        await held.release;
      }
      const last = page.at(-1);
      const documents = page.map(({ _txid, ...row }) => row);
      return { data: { documents, checkpoint: last ? { txid: String(last._txid), id: last.id } : null, blocked: false }, error: null, status: 200 };
    },
  } as unknown as SupabaseClient;
  return {
    supabase,
    requests: () => requests,
    write: (row: Record<string, unknown>, txid: number) => rows.set(String(row.id), { ...row, _txid: BigInt(txid) }),
    /** The next request reads the server, then waits for `release`. */
    holdNext(): { reached: Promise<void>; release: () => void } {
      let reached = () => undefined as void;
      let release = () => undefined as void;
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      hold = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
      return { reached: reachedPromise, release };
    },
  };
}
