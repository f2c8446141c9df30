// The baseline of the analytics bench, in the same browser and origin as the app: the device
// database's documents (read as the analytics worker reads them), then the pure aggregation
// over them, timed pass by pass. Driven by tests/bench/analytics.ts.
import { aggregate } from '../../../../src/features/analytics/aggregate';
import { openExisting, readAll, type RawDoc } from '../../../../src/features/analytics/device-reader';
import { docsOf, SOURCES, type Source, type SourceNames } from '../../../../src/features/analytics/engine';
import type { AnalyticsDocs } from '../../../../src/features/analytics/facts';
import type { AnalyticsQuery } from '../../../../src/features/analytics/summarize';

let docs: AnalyticsDocs | null = null;

const analyticsBench = {
  /** Documents (deleted ones too) in each collection's IndexedDB database: how far a sync got. */
  async counts(sources: SourceNames): Promise<Record<Source, number>> {
    const env = { indexedDB, IDBKeyRange };
    const counts = {} as Record<Source, number>;
    for (const source of SOURCES) {
      const db = await openExisting(env, sources[source]);
      counts[source] = db ? await new Promise<number>((resolve, reject) => {
        const req = db.transaction('docs', 'readonly').objectStore('docs').count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      }) : 0;
      db?.close();
    }
    return counts;
  },
  /** Reads every document of the analytics collections; how many estimates and items there are. */
  async load(sources: SourceNames): Promise<{ estimates: number; items: number; readMs: number }> {
    const env = { indexedDB, IDBKeyRange };
    const started = performance.now();
    const all = {} as Record<Source, RawDoc[]>;
    for (const source of SOURCES) {
      const db = await openExisting(env, sources[source]);
      all[source] = db ? await readAll(db) : [];
      db?.close();
    }
    docs = docsOf(all);
    return { estimates: docs.estimates.length, items: docs.items.length, readMs: performance.now() - started };
  },
  /** Milliseconds of each of `runs` passes of aggregate() over the loaded documents. */
  pass(query: AnalyticsQuery, runs: number): { samples: number[]; estimatesInRange: number } {
    if (!docs) throw new Error('load() first');
    const samples: number[] = [];
    let estimatesInRange = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      estimatesInRange = aggregate(docs, query).estimates;
      samples.push(performance.now() - started);
    }
    return { samples, estimatesInRange };
  },
};

export type AnalyticsBench = typeof analyticsBench;
(window as unknown as { analyticsBench: AnalyticsBench }).analyticsBench = analyticsBench;
