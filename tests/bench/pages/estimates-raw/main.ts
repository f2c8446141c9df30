// Baselines of the estimates bench, in the same browser as the app: the same estimates in a
// plain Dexie table with indexes (first page by date; search by word prefix), and the pure
// totals function over an estimate's items. Driven by tests/bench/estimates.ts.
import Dexie, { type Table } from 'dexie';
import { normalizeSearchText } from '../../../../src/lib/text-search';
import { computeTotals, type TotalsItem } from '../../../../src/lib/money';

export type RawSetup = { url: string; anonKey: string; accessToken: string };
type Row = Record<string, unknown> & { id: string; created_at: string; number: string; title: string; account_id: string | null };
type Stored = Row & { words: string[] };

let setup: RawSetup;
let db: Dexie & { estimates: Table<Stored, string> };

async function fetchAll<T extends { id: string }>(table: string, select = '*', filter = ''): Promise<T[]> {
  const rows: T[] = [];
  const headers = { apikey: setup.anonKey, Authorization: `Bearer ${setup.accessToken}` };
  for (let after = ''; ; ) {
    const response = await fetch(`${setup.url}/rest/v1/${table}?select=${select}&order=id.asc&limit=1000${filter}${after ? `&id=gt.${after}` : ''}`, { headers });
    if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as T[];
    rows.push(...page);
    if (page.length < 1000) return rows;
    after = page[page.length - 1]!.id;
  }
}

/** Every word of number, title and customer that a search prefix can match (as the list's search). */
function wordsOf(text: string): string[] {
  return [...new Set(normalizeSearchText(text).split(/[\s-]+/).filter(Boolean))];
}

const rawBench = {
  /** Copies the organization's estimates from the server into a plain Dexie table; returns how many. */
  async load(values: RawSetup): Promise<number> {
    setup = values;
    const accounts = await fetchAll<{ id: string; name: string }>('accounts', 'id,name');
    const names = new Map(accounts.map((a) => [a.id, a.name]));
    const rows = await fetchAll<Row>('estimates', '*', '&_deleted=is.false');
    db = new Dexie('bench-raw-estimates') as typeof db;
    db.version(1).stores({ estimates: 'id, created_at, *words' });
    await db.open();
    await db.estimates.clear();
    await db.estimates.bulkPut(rows.map((r) => ({ ...r, words: wordsOf(`${r.number} ${r.title} ${names.get(r.account_id ?? '') ?? ''}`) })));
    return db.estimates.count();
  },

  /** The list's first page (newest first) by the created_at index: samples in ms. */
  async firstPage(size: number, runs: number): Promise<number[]> {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const page = await db.estimates.orderBy('created_at').reverse().limit(size).toArray();
      samples.push(performance.now() - t0);
      if (page.length === 0) throw new Error('the raw table is empty');
    }
    return samples;
  },

  /**
   * A search prefix, newest first, first page, the faster of two indexed plans: the multi-entry
   * word index (all matches, then sorted), or the date index walked newest first until the page
   * is full. Returns ms and the number of matches.
   */
  async search(prefix: string, size: number): Promise<{ ms: number; count: number }> {
    const term = normalizeSearchText(prefix);
    let t0 = performance.now();
    const matches = await db.estimates.where('words').startsWith(term).distinct().toArray();
    matches.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, size);
    const byWord = performance.now() - t0;
    t0 = performance.now();
    await db.estimates.orderBy('created_at').reverse().filter((e) => e.words.some((w) => w.startsWith(term))).limit(size).toArray();
    const byDate = performance.now() - t0;
    return { ms: Math.min(byWord, byDate), count: matches.length };
  },

  /** One run of computeTotals over the estimate's items (mean of many runs, the timer is coarse). */
  async totals(estimateId: string, runs: number): Promise<{ ms: number; items: number; totalCents: number }> {
    const rows = await fetchAll<{ id: string } & Record<string, unknown>>('estimate_items', '*', `&estimate_id=eq.${estimateId}&_deleted=is.false`);
    const [estimate] = await fetchAll<{ id: string; discount_cents: number; tax_rate: number }>('estimates', 'id,discount_cents,tax_rate', `&id=eq.${estimateId}`);
    if (!estimate) throw new Error(`no estimate ${estimateId}`);
    const items: TotalsItem[] = rows.map((r) => ({
      quantity: r.quantity as number,
      unitPriceCents: r.unit_price_cents as number,
      unitCostCents: r.unit_cost_cents as number | null,
      discountPercent: r.discount_percent as number,
      taxable: r.taxable as boolean,
      optional: r.optional as boolean,
      selected: r.selected as boolean,
    }));
    const options = { discountCents: estimate.discount_cents, taxRate: estimate.tax_rate };
    let total = 0;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) total = computeTotals(items, options).total;
    return { ms: (performance.now() - t0) / runs, items: items.length, totalCents: total };
  },
};

export type RawBench = typeof rawBench;
(window as unknown as { rawBench: RawBench }).rawBench = rawBench;
