import type { RxReplicationState } from 'rxdb/plugins/replication';
import { combineLatest, filter, firstValueFrom } from 'rxjs';
import type { Doc } from './merge';
import type { Checkpoint } from './protocol';

type Upstream = NonNullable<RxReplicationState<Doc, Checkpoint>['internalReplicationState']>;

/**
 * A pulled row the device itself pushed a moment ago must reach RxDB only after RxDB recorded
 * the push's answer: before that, the row looks like an unpushed local change, is skipped, and
 * the checkpoint moves past it, so the server's columns (updated_at, final number, totals)
 * would stay stale on this device. RxDB holds realtime-triggered pulls back while a push runs,
 * but not the first pull after a start (it runs beside the first push, which re-sends what an
 * earlier start could not record) nor a pull already under way when a push begins. So a pull
 * waits, before it asks and before it hands the page over, for the first push pass and any
 * running push to finish; not for ever: a push that keeps failing must not stop pulls.
 */
export async function pushesSettled(replication: Pick<RxReplicationState<Doc, Checkpoint>, 'internalReplicationState'>, limitMs = 15_000): Promise<void> {
  const state = replication.internalReplicationState;
  if (!state) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    upstreamSettled(state),
    firstValueFrom(state.events.canceled.pipe(filter(Boolean))),
    new Promise((resolve) => (timer = setTimeout(resolve, limitMs))),
  ]);
  clearTimeout(timer);
}

async function upstreamSettled(state: Upstream): Promise<void> {
  await firstValueFrom(combineLatest([state.firstSyncDone.up, state.events.active.up]).pipe(filter(([done, active]) => done && !active)));
  // A RESYNC marks the upstream idle (active.up false) and only then pushes everything since
  // its checkpoint again, on the upstream queue: wait for that queue too, until no pass was
  // chained onto it while we waited.
  for (;;) {
    const queue = state.streamQueue.up;
    await queue.catch(() => undefined);
    if (queue === state.streamQueue.up) return;
  }
}
