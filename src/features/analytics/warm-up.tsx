// Analytics warmed while the app is idle, so that opening /analytics after a page load is as
// quick as coming back to it: once the screen has settled (the main thread quiet for QUIET_MS),
// the worker starts and opens the saved facts (engine.warm(): nothing more when there are
// none, or when the documents written since would need a rebuild) while the page's code and
// the chart library load. The figures stay exact: changes written after the warm-up are read
// before the first answer (analytics-client.ts).
import { useEffect } from 'react';
import { useWorkspace } from '../../db/react';

/** How long the main thread must have been quiet before warming starts. */
const QUIET_MS = 150;
/** Main-thread work longer than this between two idle periods: the screen is still busy. */
const MAX_BUSY_MS = 30;

type Idle = {
  request(callback: (deadline: IdleDeadline) => void): number;
  cancel(id: number): void;
  now(): number;
};

const browserIdle = (): Idle | null =>
  typeof requestIdleCallback === 'function'
    ? { request: (callback) => requestIdleCallback(callback), cancel: (id) => cancelIdleCallback(id), now: () => performance.now() }
    : null;

/**
 * Calls `then` once the main thread has done no more than MAX_BUSY_MS of work at a time, for
 * `quietMs`; returns a cancel. The time from the end of one idle period to the start of the
 * next is the work between them (an idle period cut short by a timer due is no work). Without
 * idle callbacks (Safari), a second later.
 */
export function whenQuiet(then: () => void, quietMs = QUIET_MS, idle: Idle | null = browserIdle()): () => void {
  if (!idle) {
    const timer = setTimeout(then, 1000);
    return () => clearTimeout(timer);
  }
  let since = -1;
  let idleEnd = -1;
  let id = 0;
  const step = (deadline: IdleDeadline) => {
    const now = idle.now();
    if (since < 0 || now - idleEnd > MAX_BUSY_MS) since = now;
    idleEnd = now + deadline.timeRemaining();
    if (now - since >= quietMs) return then();
    id = idle.request(step);
  };
  id = idle.request(step);
  return () => idle.cancel(id);
}

/** Renders nothing; the app shell mounts it inside the workspace. */
export function AnalyticsWarmUp() {
  const { db } = useWorkspace();
  useEffect(() => {
    let cancelled = false;
    const cancel = whenQuiet(() => {
      // Marked for the bench (tests/bench/analytics.ts): when the warm-up began and its code was in.
      performance.mark('analytics:warm-up');
      // The page's code (which loads Recharts as it runs) beside the worker's start.
      const page = import('./analytics-page');
      void import('./analytics-client').then(({ analyticsClientFor }) => {
        if (!cancelled && !db.closed) analyticsClientFor(db, { warm: true });
      }, () => undefined);
      void Promise.all([page, import('./charts').then((charts) => charts.preloadCharts())]).then(() => performance.mark('analytics:warm-code'), () => undefined);
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [db]);
  return null;
}
