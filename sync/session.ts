// A sync session: from startSync to stop(). It knows whether it has stopped and owns the
// timers its parts set, so that nothing set during the session runs after it.

export type Session = {
  stopped(): boolean;
  /** Runs `fn` after `ms`, unless the session stopped meanwhile. */
  later(ms: number, fn: () => void): void;
  stop(): void;
};

export function createSession(): Session {
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  return {
    stopped: () => stopped,
    later(ms, fn) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopped) fn();
      }, ms);
      timers.add(timer);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
