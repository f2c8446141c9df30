// A joined channel and its postgres_changes bindings, and who it acts as.
import { identifyCaller } from '../api-auth';
import type { Claims, Keys } from '../keys';
import type { Condition } from './filters';
import type { Message } from './protocol';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

/** Role and claims a channel's changes are checked with; `key` groups equal ones. */
export type Auth = { role: string; claims: Claims; key: string };

export type Binding = {
  id: number;
  event: '*' | ChangeType;
  /** '*' for every schema. */
  schema: string;
  /** null for every table of the schema. */
  table: string | null;
  /** The filter exactly as the client sent it (also the grouping key), with its parsed form. */
  filter: string | null;
  conditions: Condition[];
};

export type Channel = {
  topic: string;
  joinRef: string | null;
  bindings: Binding[];
  auth: Auth;
  broadcast: { self: boolean; ack: boolean };
  send(message: Message): void;
  /** Closes the channel from the server side (token expired or rejected). */
  shutdown(reason: string): void;
};

export async function authFromToken(keys: Keys, token: string): Promise<Auth> {
  const caller = await identifyCaller(keys, token);
  return { role: caller.role, claims: caller.claims, key: `${caller.role}\u0000${JSON.stringify(caller.claims)}` };
}

export const bindingCoversTable = (b: Binding, schema: string, table: string) =>
  (b.schema === '*' || b.schema === schema) && (b.table === null || b.table === table);

export const bindingWantsEvent = (b: Binding, type: ChangeType) => b.event === '*' || b.event === type;

/** A stable integer id per binding, as Realtime's phash2 of the binding parameters. */
export function bindingId(params: { event: string; schema: string; table: string | null; filter: string | null }): number {
  const text = JSON.stringify([params.event, params.schema, params.table, params.filter]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 2 ** 27;
}
