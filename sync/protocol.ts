// The wire format of the sync RPCs (supabase/migrations/20261122000900_sync.sql), checked
// with zod on arrival, and how a document moves between the device and the server.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { definitionOf, type ReplicatedName } from '../src/db/database';

const checkpointSchema = z.object({ txid: z.string().regex(/^\d+$/), id: z.string() });
/**
 * sync_pull's {txid, id}, and the device's own `modified`: the latest _modified of every row
 * pulled so far, in microseconds (sync/live-rows.ts); absent when not known.
 */
export type Checkpoint = z.infer<typeof checkpointSchema> & { modified?: number };

/** A row is checked to be an object only: fromServer keeps the known columns (a record schema would copy every row). */
const rowSchema = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'A row must be an object');

export const pullResponseSchema = z.object({
  documents: z.array(rowSchema),
  checkpoint: checkpointSchema.nullable(),
  blocked: z.boolean().default(false),
});

const pushResultSchema = z.object({
  seq: z.union([z.number(), z.string()]).transform(Number),
  table: z.string().nullable().optional(),
  id: z.string().nullable().optional(),
  status: z.enum(['applied', 'conflict', 'rejected']),
  reason: z.string().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  server_doc: z.record(z.string(), z.unknown()).nullable().optional(),
  duplicate: z.boolean().optional(),
});
export type PushResult = z.infer<typeof pushResultSchema>;
export const pushResponseSchema = z.object({ results: z.array(pushResultSchema), last_seq: z.number() });

/**
 * A change as sync_push takes it. The state the device last saw goes as `assumed_changes`, its
 * fields that differ from `doc` (the server adds `doc`'s for the rest), when both have the same
 * fields; otherwise whole, as `assumed`. Without either, `doc` is its own base (a new row).
 */
export type Change = { seq: number; table: ReplicatedName; doc: Record<string, unknown>; assumed?: Record<string, unknown>; assumed_changes?: Record<string, unknown> };

/** The wire form of a change's base (see Change): the differing fields when that says all. */
export function baseOnWire(doc: Record<string, unknown>, assumed: Record<string, unknown> | undefined): Pick<Change, 'assumed' | 'assumed_changes'> {
  if (!assumed) return {};
  const keys = Object.keys(assumed);
  if (keys.length !== Object.keys(doc).length || !keys.every((key) => key in doc)) return { assumed };
  const changes: Record<string, unknown> = {};
  // Compared as JSON text, strictly: a difference the server would not see only adds a field.
  for (const key of keys) if (JSON.stringify(assumed[key]) !== JSON.stringify(doc[key])) changes[key] = assumed[key];
  return { assumed_changes: changes };
}

class SyncRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SyncRequestError';
  }
}

export async function callRpc<T>(supabase: SupabaseClient, fn: string, args: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
  const { data, error, status } = await supabase.rpc(fn, args);
  if (error) throw new SyncRequestError(error.message || 'Sync request failed', error.code ?? '', status);
  return schema.parse(data);
}

/** A device document → the columns the server keeps (derived, local-only columns stay home). */
export function toServer(name: ReplicatedName, doc: Record<string, unknown>): Record<string, unknown> {
  const definition = definitionOf(name);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(definition.fields)) {
    if (definition.derived.includes(key)) continue;
    if (key in doc) out[key] = doc[key];
  }
  out._deleted = doc._deleted === true;
  return out;
}

/** A server row → the device document, with `_deleted`. */
export function fromServer(name: ReplicatedName, row: Record<string, unknown>): Record<string, unknown> & { _deleted: boolean } {
  // normalize builds a new object, so setting the flag on it copies nothing.
  const doc = definitionOf(name).normalize(row) as Record<string, unknown> & { _deleted: boolean };
  doc._deleted = row._deleted === true;
  return doc;
}
