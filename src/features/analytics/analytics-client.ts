// The page's side of the analytics worker: one worker per device database, started on the
// first visit to /analytics — or before it, while the app is idle (warm-up.tsx), from the
// saved facts only — and kept for the session (closed with the database), so coming back
// answers from facts already in memory. It tells the worker when the collections it reads
// change (local edits, pulled rows, other tabs), at most every REFRESH_MS, and only while a
// page listens; a change seen with nobody listening is caught up before the next answer.
import type { Observable, Subscription } from 'rxjs';
import type { AppDatabase } from '../../db/database';
import { dexieDatabaseName } from './device-reader';
import { SOURCES, type SourceNames } from './engine';
import type { AnalyticsQuery } from './summarize';
import type { FromWorker, ToWorker } from './worker-protocol';

const REFRESH_MS = 250;

export type AnalyticsClient = {
  /** Sends a query; the answer comes to the listeners with this id. */
  query(query: AnalyticsQuery): number;
  listen(listener: (message: FromWorker) => void): () => void;
};

const clients = new Map<AppDatabase, Client>();

function sourceNames(db: AppDatabase): SourceNames {
  return Object.fromEntries(SOURCES.map((s) => [s, dexieDatabaseName(db.name, db.collections[s].schema.version, s)])) as SourceNames;
}

/**
 * The database's client, its worker started if it was not. `warm`: for the idle warm-up, which
 * opens only saved facts; the page's first call opens them for real (a no-op in the worker when
 * the warm-up did).
 */
export function analyticsClientFor(db: AppDatabase, { warm = false } = {}): AnalyticsClient {
  const existing = clients.get(db);
  if (existing) {
    if (!warm) existing.open();
    return existing;
  }
  const client = createClient(db);
  clients.set(db, client);
  if (!warm) client.open();
  else client.send({ type: 'open', databaseName: db.name, sources: sourceNames(db), warm: true });
  return client;
}

type Client = AnalyticsClient & { send(message: ToWorker): void; open(): void };

function createClient(db: AppDatabase): Client {
  const worker = new Worker(new URL('./analytics.worker.ts', import.meta.url), { type: 'module', name: 'analytics' });
  const send = (message: ToWorker) => worker.postMessage(message);
  const listeners = new Set<(message: FromWorker) => void>();
  worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    for (const listener of listeners) listener(event.data);
  });
  let opening = false;

  let nextId = 0;
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = () => {
    if (listeners.size === 0) {
      dirty = true;
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      send({ type: 'refresh' });
    }, REFRESH_MS);
  };
  const subscriptions: Subscription[] = SOURCES.map((s) => (db.collections[s].$ as Observable<unknown>).subscribe(changed));

  const client: Client = {
    send,
    open() {
      if (opening) return;
      opening = true;
      send({ type: 'open', databaseName: db.name, sources: sourceNames(db) });
    },
    query(query) {
      if (dirty) {
        dirty = false;
        send({ type: 'refresh' });
      }
      const id = ++nextId;
      send({ type: 'query', id, query });
      return id;
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  db.onClose.push(() => {
    for (const subscription of subscriptions) subscription.unsubscribe();
    clearTimeout(timer);
    worker.terminate();
    clients.delete(db);
  });
  return client;
}
