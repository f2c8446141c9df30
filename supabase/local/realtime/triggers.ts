// Keeps the capture trigger (sql/realtime.sql) on every table of publication
// supabase_realtime. The DDL event trigger does this as the publication changes where the
// database allows event triggers; calling this covers the rest and is a catalogue read
// when nothing changed.
import type { Queryable } from '../db';

export async function syncTriggers(db: Queryable): Promise<void> {
  await db.query('select _realtime.sync_triggers()');
}
