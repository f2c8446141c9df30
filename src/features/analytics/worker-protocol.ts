// Messages between the analytics page and its worker (analytics.worker.ts).
import type { OpenOutcome, SourceNames } from './engine';
import type { AnalyticsQuery, AnalyticsResult } from './summarize';

export type ToWorker =
  /**
   * `warm`: the app is idle and may open analytics later: open from the saved facts only, if
   * there are any and little was written since (engine.warm()). A later open without it is
   * then a no-op, or does the whole work if the warm-up did not open.
   */
  | { type: 'open'; databaseName: string; sources: SourceNames; warm?: boolean }
  /** Only the newest query is answered; older ones still waiting are skipped. */
  | { type: 'query'; id: number; query: AnalyticsQuery }
  /** The device database changed: catch up, and answer the last query again if a figure moved. */
  | { type: 'refresh' };

export type FromWorker =
  | {
      type: 'result';
      id: number;
      /** The query answered (the page names its CSV files after its range). */
      query: AnalyticsQuery;
      result: AnalyticsResult;
      /** Estimates the facts hold (all of the organization's, any range). */
      estimates: number;
      /** How the facts were loaded when the worker opened. */
      opened: OpenOutcome;
      /** Milliseconds the worker took to open its facts. */
      openMs: number;
      /** Documents it read to catch up with the device database as it opened. */
      openRead: number;
      /** Whether the facts were opened by the idle warm-up, before the page asked for them. */
      warmed: boolean;
      /** Milliseconds the worker spent on this answer (catch-up and summary). */
      workMs: number;
    }
  | { type: 'error'; id: number; message: string };
