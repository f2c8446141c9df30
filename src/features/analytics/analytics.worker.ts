// The analytics worker: opens the facts (fact-cache.ts, or rebuilt from the device database),
// keeps them current when the page says the database changed, and answers queries, all off
// the main thread. Messages are handled one at a time, in order.
import { createEngine, type OpenOutcome } from './engine';
import type { FromWorker, ToWorker } from './worker-protocol';

const engine = createEngine({ indexedDB, IDBKeyRange });
let opened: OpenOutcome | null = null;
/** Opened by the idle warm-up (the bench reports it). */
let warmed = false;
/** Milliseconds the open took (the bench reports it). */
let openMs = 0;
/** Documents the open read after the saved facts (all estimates when it rebuilt them). */
let openRead = 0;
let newest = -1;
let last: Extract<ToWorker, { type: 'query' }> | null = null;
let queue: Promise<void> = Promise.resolve();
/** A refresh waiting in the queue covers any asked for meanwhile (a first sync asks often). */
let refreshWaiting = false;

const post = (message: FromWorker) => postMessage(message);

function answer(message: Extract<ToWorker, { type: 'query' }>, started: number) {
  const result = engine.summarize(message.query);
  post({ type: 'result', id: message.id, query: message.query, result, estimates: engine.size(), opened: opened ?? 'empty', openMs, openRead, warmed, workMs: performance.now() - started });
}

async function handle(message: ToWorker) {
  const started = performance.now();
  switch (message.type) {
    case 'open':
      if (opened) return;
      opened = message.warm ? await engine.warm(message.sources, message.databaseName) : await engine.open(message.sources, message.databaseName);
      if (!opened) return;
      warmed = message.warm === true;
      openMs = performance.now() - started;
      openRead = engine.lastRead();
      return;
    case 'query':
      if (message.id !== newest) return;
      last = message;
      answer(message, started);
      return;
    case 'refresh':
      if ((await engine.refresh()) && last) answer(last, started);
      return;
  }
}

addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'query') newest = message.id;
  if (message.type === 'refresh') {
    if (refreshWaiting) return;
    refreshWaiting = true;
  }
  queue = queue
    .then(() => {
      if (message.type === 'refresh') refreshWaiting = false;
      return handle(message);
    })
    .catch((error: unknown) => post({ type: 'error', id: message.type === 'query' ? message.id : newest, message: error instanceof Error ? error.message : String(error) }));
});
