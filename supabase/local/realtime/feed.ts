// Follows the capture table: each NOTIFY on realtime_changes carries one change id; ids are
// collected and read back in batches (the row, not the notification, holds the data, so
// rows above NOTIFY's 8000-byte limit arrive whole), handed on in id order one batch at a
// time, and old change rows are pruned.
import type { Db } from '../db';
import type { Logger } from '../logger';
import type { ChangeType } from './channel';
import type { Change } from './deliver';

export type ChangeFeed = { stop(): Promise<void> };

const BATCH = 500;
const PRUNE_EVERY_MS = 60_000;
const KEEP_FOR = '5 minutes';

type ChangeRow = {
  id: number;
  schema_name: string;
  table_name: string;
  type: ChangeType;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: string;
};

export async function startChangeFeed(
  db: Db,
  log: Logger,
  options: { wanted(): boolean; onChanges(changes: Change[]): Promise<void> },
): Promise<ChangeFeed> {
  const pending = new Set<number>();
  let draining: Promise<void> | undefined;
  let stopped = false;

  async function readBack(ids: number[]): Promise<Change[]> {
    const { rows } = await db.query<ChangeRow>(
      `select id, schema_name, table_name, type, record, old_record,
         to_char(committed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp
       from _realtime.changes where id = any($1::int8[]) order by id`,
      [`{${ids.join(',')}}`],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      schema: r.schema_name,
      table: r.table_name,
      type: r.type,
      record: r.record,
      oldRecord: r.old_record,
      commitTimestamp: r.commit_timestamp,
    }));
  }

  async function drain() {
    // Let the rest of a transaction's notifications arrive, so they share one batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.size > 0 && !stopped) {
      const ids = [...pending].sort((a, b) => a - b).slice(0, BATCH);
      ids.forEach((id) => pending.delete(id));
      if (!options.wanted()) continue;
      try {
        await options.onChanges(await readBack(ids));
      } catch (error) {
        log.error('realtime: delivering changes failed', error);
      }
    }
  }

  function kick() {
    if (draining || stopped) return;
    draining = drain().finally(() => {
      draining = undefined;
      // A notification may have arrived after the loop's last check.
      if (pending.size > 0) kick();
    });
  }

  const unlisten = await db.listen('realtime_changes', (payload) => {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || stopped) return;
    pending.add(id);
    kick();
  });

  const prune = setInterval(() => {
    db.query(`delete from _realtime.changes where committed_at < now() - interval '${KEEP_FOR}'`).catch((error) =>
      log.debug('realtime: pruning change rows failed', error),
    );
  }, PRUNE_EVERY_MS);
  prune.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(prune);
      await unlisten().catch(() => undefined);
      await draining;
    },
  };
}
