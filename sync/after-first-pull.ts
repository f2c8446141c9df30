// Pull triggers that come while a replication makes its first pull wait for it, and go as one.
//
// Every trigger reaches RxDB as 'RESYNC' (sync/live-rows.ts), and RxDB's upstream answers a
// RESYNC by reading every document written since its own checkpoint to push what the server
// may lack. During a device's first pull that is every document the pull has written so far:
// a trigger then (the realtime subscription coming up, a realtime row, the browser going
// online) made the upstream read the whole pull again, page by page with its metadata, and it
// was still reading seconds after the pull ended, when the first live rows waited for it
// (measured: device B's first changes took 0.4-1.5 s instead of 20 ms after pulling 10,000
// estimates). Held until the first pull has ended, the upstream has followed the pull's own
// writes (which move its checkpoint without reading them) and the RESYNC finds nothing to read.
// The downstream loses nothing: the first pull reads the server after the trigger, and the held
// RESYNC still makes one more pull call, which covers whatever came meanwhile.
import { firstValueFrom, Observable, filter, type MonoTypeOperatorFunction } from 'rxjs';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { Doc } from './merge';
import type { Checkpoint } from './protocol';

/** Holds items until `firstPull` settles (fulfilled or not), then lets one through for all held, and the rest as they come. */
export function afterFirstPull<T>(firstPull: () => Promise<unknown>): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let done = false;
      let held: { item: T } | undefined;
      const release = () => {
        done = true;
        if (held && !subscriber.closed) subscriber.next(held.item);
        held = undefined;
      };
      // A microtask later: RxDB may subscribe while the replication is still being created.
      Promise.resolve().then(firstPull).then(release, release);
      const subscription = source.subscribe({
        next: (item) => (done ? subscriber.next(item) : (held = { item })),
        error: (error) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      return () => subscription.unsubscribe();
    });
}

/** Settles once the replication's first pull has ended, or it was cancelled first. */
export async function firstPullEnded(replication: RxReplicationState<Doc, Checkpoint>): Promise<void> {
  await replication.startPromise;
  const state = replication.internalReplicationState;
  if (!state || replication.isStopped()) return;
  await Promise.race([
    firstValueFrom(state.firstSyncDone.down.pipe(filter(Boolean))),
    firstValueFrom(state.events.canceled.pipe(filter(Boolean))),
  ]);
}
