// The app's one call for recording a crash or error report. The store is the local error queue
// in local-log.ts (Dexie, 100 entries, oldest dropped); this module only shapes the entry.
// local-log (and Dexie with it) is loaded only when there is something to record, to keep it
// out of the first download.

export type ErrorReport = {
  errorId: string;
  message: string;
  route: string;
  version: string;
  name?: string;
  stack?: string;
  severity?: string;
  source?: string;
};

/** Records a report in the local error queue; never throws. */
export async function recordError(report: ErrorReport): Promise<void> {
  const { appendLog, enqueueError } = await import('./local-log');
  await appendLog({ level: 'error', message: `Error ${report.errorId}: ${report.message}`, data: { route: report.route, source: report.source ?? null } });
  await enqueueError({
    message: report.message,
    error_id: report.errorId,
    name: report.name ?? null,
    stack: report.stack ?? null,
    route: report.route,
    version: report.version,
    severity: report.severity ?? null,
    context: report.source ? { source: report.source } : null,
  });
}

/** A fresh 8-character id for reports whose error text carries none. */
export function newErrorId(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
