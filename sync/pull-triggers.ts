// What makes a collection pull now: each collection's replication pulls when its stream emits
// (a realtime notice, "sync now", a blocked pull's retry, a reconnect); a notice's row goes
// down the same stream, to be applied without a pull when that is safe (sync/live-rows.ts).
import { Subject } from 'rxjs';
import type { ReplicatedName } from '../src/db/database';
import type { PullStreamItem } from './live-rows';

export type PullTriggers = {
  /** Each collection's pull stream, handed to its replication. */
  streams: ReadonlyMap<ReplicatedName, Subject<PullStreamItem>>;
  /** Pull one collection now. */
  one(name: ReplicatedName): void;
  /** A row a realtime notice carried. */
  row(name: ReplicatedName, row: Record<string, unknown>): void;
  /** Pull every collection now. */
  all(): void;
};

export function createPullTriggers(names: readonly ReplicatedName[]): PullTriggers {
  const streams = new Map<ReplicatedName, Subject<PullStreamItem>>(names.map((name) => [name, new Subject<PullStreamItem>()]));
  const one = (name: ReplicatedName) => streams.get(name)?.next('RESYNC');
  return { streams, one, all: () => names.forEach(one), row: (name, row) => streams.get(name)?.next({ row }) };
}
