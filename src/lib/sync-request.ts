// A screen asking for a sync now (e.g. after discarding a refused change, so the server's
// version comes back at once rather than with the next notice). Features cannot reach the
// engine; the app listens here and asks the running one (src/app/sync-control.ts).
const listeners = new Set<() => void>();

export function requestSync(): void {
  for (const listener of [...listeners]) listener();
}

export function onSyncRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
