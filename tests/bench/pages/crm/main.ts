// Baselines of the CRM bench, in the same browser and origin as the app: the organization's
// prospects in a plain Dexie table with indexes (search by word prefix; a board column's newest
// cards and its count), and one pass of the home page's pure summary over the same estimates,
// requests and comments. Driven by tests/bench/crm.ts.
import Dexie, { type Table } from 'dexie';
import { summarizeHome, type HomeComment, type HomeEstimate, type HomeRequest } from '../../../../src/features/home/dashboard';
import { indexWords, normalizeSearchText } from '../../../../src/lib/text-search';

export type CrmSetup = { url: string; anonKey: string; accessToken: string };
type Row = { id: string; first_name: string; last_name: string; email: string; phone: string; company: string; status: string; updated_at: string; archived_at: string | null };
/** IndexedDB keys cannot be booleans: archived is 0 or 1. */
type Stored = Row & { archived: 0 | 1; words: string[] };

const STAGES = ['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'];

let setup: CrmSetup;
let db: Dexie & { prospects: Table<Stored, string> };
let home: { estimates: HomeEstimate[]; requests: HomeRequest[]; comments: HomeComment[] } | null = null;

async function fetchAll<T extends { id: string }>(table: string, select = '*', filter = ''): Promise<T[]> {
  const rows: T[] = [];
  const headers = { apikey: setup.anonKey, Authorization: `Bearer ${setup.accessToken}` };
  for (let after = ''; ; ) {
    const response = await fetch(`${setup.url}/rest/v1/${table}?select=${select}&order=id.asc&limit=1000&_deleted=is.false${filter}${after ? `&id=gt.${after}` : ''}`, { headers });
    if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as T[];
    rows.push(...page);
    if (page.length < 1000) return rows;
    after = page[page.length - 1]!.id;
  }
}

/** The words a prospect is found by: the same normalized text as the collection's `search` column. */
function wordsOf(p: Row): string[] {
  return indexWords(normalizeSearchText(p.first_name, p.last_name, p.company, p.email, p.email.split('@')[1], p.phone));
}

const newestFirst = (a: Stored, b: Stored) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0);

const crmBench = {
  /** Documents in a collection's IndexedDB database of the app (RxDB's Dexie storage): how far a sync got. */
  async stored(name: string): Promise<number> {
    const known = (await indexedDB.databases()).some((d) => d.name === name);
    if (!known) return 0;
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      if (!idb.objectStoreNames.contains('docs')) return 0;
      return await new Promise<number>((resolve, reject) => {
        const req = idb.transaction('docs', 'readonly').objectStore('docs').count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    } finally {
      idb.close();
    }
  },

  /** Copies the organization's prospects into a plain Dexie table, and keeps the home page's documents. */
  async load(values: CrmSetup): Promise<{ prospects: number; open: number; estimates: number }> {
    setup = values;
    const rows = await fetchAll<Row>('prospects', 'id,first_name,last_name,email,phone,company,status,updated_at,archived_at');
    db = new Dexie('bench-crm-prospects') as typeof db;
    db.version(1).stores({ prospects: 'id, [archived+status+updated_at], *words' });
    await db.open();
    await db.prospects.clear();
    await db.prospects.bulkPut(rows.map((r) => ({ ...r, archived: r.archived_at ? 1 : 0, words: wordsOf(r) })));
    const estimates = await fetchAll<HomeEstimate>(
      'estimates',
      'id,number,title,status,owner_id,customer_name,total_cents,valid_until,sent_at,viewed_at,last_viewed_at,view_count,accepted_at,declined_at,changes_requested_at,updated_at',
    );
    const requests = await fetchAll<HomeRequest>('estimate_requests', 'id,name,email,company,description,status,source,created_at');
    const comments = (await fetchAll<HomeComment & { org_id: string }>('comments', 'id,estimate_id,portal_id,author_kind,author_name,body,created_at,org_id', '&author_kind=eq.customer'))
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
      .slice(0, 30);
    home = { estimates, requests, comments };
    return { prospects: await db.prospects.count(), open: rows.filter((r) => !r.archived_at).length, estimates: estimates.length };
  },

  /**
   * A search prefix as the table answers it: the open prospects having a word that begins with
   * it (multi-entry word index), newest change first. Returns ms and how many rows.
   */
  async search(prefix: string): Promise<{ ms: number; count: number }> {
    const term = normalizeSearchText(prefix);
    const t0 = performance.now();
    const rows = (await db.prospects.where('words').startsWith(term).distinct().toArray()).filter((p) => p.archived === 0);
    rows.sort(newestFirst);
    return { ms: performance.now() - t0, count: rows.length };
  },

  /** The board's first screen: each stage's `size` newest open cards and its count, on the compound index. ms per run. */
  async board(size: number, runs: number): Promise<{ samples: number[]; counts: Record<string, number> }> {
    const samples: number[] = [];
    const counts: Record<string, number> = {};
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await Promise.all(
        STAGES.map(async (status) => {
          const range = db.prospects.where('[archived+status+updated_at]').between([0, status, Dexie.minKey], [0, status, Dexie.maxKey]);
          const [cards, count] = await Promise.all([range.clone().reverse().limit(size).toArray(), range.count()]);
          if (cards.length === 0 && count > 0) throw new Error(`no cards for ${status}`);
          counts[status] = count;
        }),
      );
      samples.push(performance.now() - t0);
    }
    return { samples, counts };
  },

  /** ms of each of `runs` passes of summarizeHome over the loaded documents, and what the pipeline counts. */
  homePass(userId: string, today: string, runs: number): { samples: number[]; pipelineCount: number; needsAction: number } {
    if (!home) throw new Error('load() first');
    const samples: number[] = [];
    let pipelineCount = 0;
    let needsAction = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const summary = summarizeHome({ ...home, userId, today });
      samples.push(performance.now() - t0);
      pipelineCount = summary.pipeline.reduce((n, p) => n + p.count, 0);
      needsAction = summary.action.total;
    }
    return { samples, pipelineCount, needsAction };
  },
};

export type CrmBench = typeof crmBench;
(window as unknown as { crmBench: CrmBench }).crmBench = crmBench;
