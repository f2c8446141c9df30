// The idle warm-up waits for the screen to settle: the quiet time asked with no stretch of
// main-thread work between two idle periods; an idle period cut short by a timer is no work.
import { describe, expect, it } from 'vitest';
import { whenQuiet } from './warm-up';

/** Idle callbacks run by hand: each call of `idle(after, remaining)` moves the clock and runs the waiting callback. */
function fakeIdle() {
  let clock = 0;
  let waiting: ((deadline: IdleDeadline) => void) | null = null;
  const env = {
    request: (callback: (deadline: IdleDeadline) => void) => {
      waiting = callback;
      return 1;
    },
    cancel: () => {
      waiting = null;
    },
    now: () => clock,
  };
  const idle = (after: number, remaining = 50) => {
    clock += after;
    const callback = waiting;
    waiting = null;
    callback?.({ didTimeout: false, timeRemaining: () => remaining });
  };
  return { env, idle, pending: () => waiting !== null };
}

describe('whenQuiet', () => {
  it('runs once the main thread has been quiet for the quiet time', () => {
    const { env, idle } = fakeIdle();
    let ran = 0;
    whenQuiet(() => ran++, 250, env);
    idle(0);
    for (let i = 0; i < 3; i++) idle(50);
    // An idle period cut short by a timer due, then the next one at once: no work between.
    idle(50, 4);
    idle(4);
    expect(ran).toBe(0);
    idle(50);
    expect(ran).toBe(1);
  });

  it('starts over after a stretch of work', () => {
    const { env, idle } = fakeIdle();
    let ran = 0;
    whenQuiet(() => ran++, 200, env);
    idle(0);
    idle(50);
    idle(50);
    idle(100); // 50 ms of work after the last idle period ended
    for (let i = 0; i < 2; i++) idle(50);
    expect(ran).toBe(0);
    idle(50, 10);
    idle(50); // 40 ms of work
    for (let i = 0; i < 3; i++) idle(50);
    expect(ran).toBe(0);
    idle(50);
    expect(ran).toBe(1);
  });

  it('can be cancelled', () => {
    const { env, idle, pending } = fakeIdle();
    let ran = 0;
    const cancel = whenQuiet(() => ran++, 100, env);
    idle(0);
    cancel();
    expect(pending()).toBe(false);
    for (let i = 0; i < 5; i++) idle(50);
    expect(ran).toBe(0);
  });
});
