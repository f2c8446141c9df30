// What makes a collection pull now: each collection's replication pulls when its stream emits
// (a realtime notice, "sync now", a blocked pull's retry, a reconnect).
import { Subject } from 'rxjs';
import type { ReplicatedName } from '../src/db/database';

export type PullTriggers = {
  /** Each collection's pull stream, handed to its replication. */
  streams: ReadonlyMap<ReplicatedName, Subject<'RESYNC'>>;
  /** Pull one collection now. */
  one(name: ReplicatedName): void;
  /** Pull every collection now. */
  all(): void;
};

export function createPullTriggers(names: readonly ReplicatedName[]): PullTriggers {
  const streams = new Map<ReplicatedName, Subject<'RESYNC'>>(names.map((name) => [name, new Subject<'RESYNC'>()]));
  const one = (name: ReplicatedName) => streams.get(name)?.next('RESYNC');
  return { streams, one, all: () => names.forEach(one) };
}
