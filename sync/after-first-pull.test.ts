import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { afterFirstPull, firstPullEnded } from './after-first-pull';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A source piped through afterFirstPull of a first pull the test settles, and what came out. */
function held() {
  const pull = deferred();
  const source = new Subject<string>();
  const seen: string[] = [];
  const subscription = source.pipe(afterFirstPull(() => pull.promise)).subscribe((item) => seen.push(item));
  return { pull, source, seen, subscription };
}

describe('afterFirstPull', () => {
  it('holds what comes during the first pull and lets it through once, when the pull ends', async () => {
    const { pull, source, seen } = held();
    source.next('RESYNC');
    source.next('RESYNC');
    await tick();
    expect(seen).toEqual([]);
    pull.resolve();
    await tick();
    expect(seen).toEqual(['RESYNC']);
    source.next('RESYNC');
    expect(seen).toEqual(['RESYNC', 'RESYNC']);
  });

  it('lets nothing through when nothing came during the first pull', async () => {
    const source = new Subject<string>();
    const seen: string[] = [];
    source.pipe(afterFirstPull(() => Promise.resolve())).subscribe((item) => seen.push(item));
    await tick();
    expect(seen).toEqual([]);
  });

  it('releases what it held when the first pull fails or the replication is cancelled', async () => {
    const { pull, source, seen } = held();
    source.next('RESYNC');
    pull.reject(new Error('cancelled'));
    await tick();
    expect(seen).toEqual(['RESYNC']);
  });

  it('asks for the first pull only after the subscription, a microtask later (the replication may still be being created)', async () => {
    let asked = 0;
    const source = new Subject<string>();
    source.pipe(afterFirstPull(() => (asked++, Promise.resolve()))).subscribe();
    expect(asked).toBe(0);
    await tick();
    expect(asked).toBe(1);
  });

  it('emits nothing after unsubscribing', async () => {
    const { pull, source, seen, subscription } = held();
    source.next('RESYNC');
    subscription.unsubscribe();
    pull.resolve();
    await tick();
    expect(seen).toEqual([]);
  });
});

describe('firstPullEnded', () => {
  function replication(stopped = false) {
    const down = new BehaviorSubject(false);
    const canceled = new BehaviorSubject(false);
    const state = { firstSyncDone: { down }, events: { canceled } };
    return { down, canceled, replication: { startPromise: Promise.resolve(), internalReplicationState: state, isStopped: () => stopped } as never };
  }

  it('settles once the first pull is done', async () => {
    const { down, replication: r } = replication();
    let ended = false;
    void firstPullEnded(r).then(() => (ended = true));
    await tick();
    expect(ended).toBe(false);
    down.next(true);
    await tick();
    expect(ended).toBe(true);
  });

  it('settles when the replication is cancelled first, or was stopped already', async () => {
    const { canceled, replication: r } = replication();
    let ended = false;
    void firstPullEnded(r).then(() => (ended = true));
    canceled.next(true);
    await tick();
    expect(ended).toBe(true);
    await expect(firstPullEnded(replication(true).replication)).resolves.toBeUndefined();
  });
});
