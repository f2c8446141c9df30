// Facts + a query → every figure the analytics page shows. The estimates counted are those
// CREATED in the range (the estimates list's "Created from/to"), of the owner and account
// chosen; each figure then follows the rules written beside it. Cost and margin are left out
// entirely (null) unless the query asks for them (staff who may see them: access.ts).
import type { EstimateStatus } from '../../db/collections/estimates';
import { computeMargin, roundHalfAwayFromZero } from '../../lib/money';
import type { EstimateFact, Facts, RequestFact } from './facts';

export type AnalyticsQuery = {
  /** Creation time range [from, to) in milliseconds. */
  from: number;
  to: number;
  /** '' for everyone / every account. */
  ownerId: string;
  accountId: string;
  withMargins: boolean;
  /** The month axis of revenue stops at the current month. */
  now: number;
};

export type StatusRow = { status: EstimateStatus; count: number; totalCents: number };
type WinRate = { accepted: number; declined: number; expired: number; percent: number | null };
export type Durations = { count: number; medianMs: number | null; p90Ms: number | null };
export type MarginBucket = { label: string; min: number | null; max: number | null; count: number };
export type MarginSummary = { withData: number; withoutData: number; averagePercent: number | null; buckets: MarginBucket[] };
/** `month` is YYYY-MM in the device's time zone. */
export type MonthRow = { month: string; accepted: number; revenueCents: number };
export type ProductRow = { key: string; name: string; estimates: number; revenueCents: number; costCents: number | null; marginCents: number | null; marginPercent: number | null };
export type FunnelStep = { step: 'requests' | 'estimates' | 'sent' | 'accepted'; count: number };
export type OwnerRow = {
  ownerId: string | null;
  name: string;
  estimates: number;
  accepted: number;
  decided: number;
  winRatePercent: number | null;
  revenueCents: number;
  averageMarginPercent: number | null;
};

export type AnalyticsResult = {
  withMargins: boolean;
  estimates: number;
  pipeline: StatusRow[];
  /** Sent, viewed and changes requested: waiting on the customer. */
  open: { count: number; totalCents: number };
  winRate: WinRate;
  /** Accepted estimates: price before tax (subtotal less discount), by month of acceptance. */
  revenue: { accepted: number; revenueCents: number; byMonth: MonthRow[] };
  margin: MarginSummary | null;
  timeToView: Durations;
  timeToAccept: Durations;
  topByRevenue: ProductRow[];
  topByMargin: ProductRow[] | null;
  funnel: FunnelStep[];
  owners: OwnerRow[];
};

const TOP_PRODUCTS = 10;
/**
 * The lifecycle's order (ESTIMATE_STATUSES; a test keeps them equal). Not imported: the
 * collection module brings zod and the schema builders into the worker's bundle.
 */
export const STATUS_ORDER = ['draft', 'sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'expired', 'archived'] as const satisfies readonly EstimateStatus[];
const OPEN: ReadonlySet<EstimateStatus> = new Set(['sent', 'viewed', 'changes_requested']);
const SENT_OR_LATER: ReadonlySet<EstimateStatus> = new Set(['sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'expired']);
/** Margin % buckets; the edges at 20 and 40 are the colour thresholds of SPEC §9. */
const MARGIN_EDGES = [0, 10, 20, 30, 40, 50] as const;

/** part ÷ whole as a percentage with one decimal, rounded half away from zero; null for 0 ÷ 0. */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Number(roundHalfAwayFromZero(BigInt(part) * 1000n, BigInt(whole))) / 10;
}

/** The p-th percentile (0–100) with linear interpolation between ranks (as numpy's default); null without values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = ((sorted.length - 1) * p) / 100;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

function durations(values: number[]): Durations {
  const sorted = values.sort((a, b) => a - b);
  const round = (v: number | null) => (v === null ? null : Math.round(v));
  return { count: sorted.length, medianMs: round(percentile(sorted, 50)), p90Ms: round(percentile(sorted, 90)) };
}

/** Mean of margin percentages (one decimal each), to one decimal. */
function averagePercent(percents: readonly number[]): number | null {
  if (percents.length === 0) return null;
  const tenths = percents.reduce((sum, p) => sum + Math.round(p * 10), 0);
  return Number(roundHalfAwayFromZero(BigInt(tenths), BigInt(percents.length))) / 10;
}

function monthKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

function marginBuckets(percents: readonly number[]): MarginBucket[] {
  const edges = [null, ...MARGIN_EDGES, null];
  const buckets: MarginBucket[] = [];
  for (let i = 0; i < edges.length - 1; i++) {
    const min = edges[i] ?? null;
    const max = edges[i + 1] ?? null;
    const label = min === null ? `Below ${max}%` : max === null ? `${min}% and above` : `${min}–${max}%`;
    buckets.push({ label, min, max, count: percents.filter((p) => (min === null || p >= min) && (max === null || p < max)).length });
  }
  return buckets;
}

function inPopulation(fact: EstimateFact, query: AnalyticsQuery): boolean {
  return fact.created >= query.from && fact.created < query.to && (!query.ownerId || fact.ownerId === query.ownerId) && (!query.accountId || fact.accountId === query.accountId);
}

/**
 * Requests received in the range. With an owner chosen, only those converted into that
 * owner's estimates; with an account, those converted into its estimates or sent by one of
 * its people.
 */
function requestCount(facts: Facts, query: AnalyticsQuery): number {
  const matches = (r: RequestFact) => {
    if (r.created < query.from || r.created >= query.to) return false;
    const estimate = r.estimateId ? facts.estimates.get(r.estimateId) : undefined;
    if (query.ownerId && estimate?.ownerId !== query.ownerId) return false;
    if (query.accountId && estimate?.accountId !== query.accountId && (r.prospectId ? facts.prospectAccounts.get(r.prospectId) : null) !== query.accountId) return false;
    return true;
  };
  let count = 0;
  for (const request of facts.requests.values()) if (matches(request)) count++;
  return count;
}

function topProducts(facts: Facts, accepted: readonly EstimateFact[], withMargins: boolean) {
  const byKey = new Map<string, { revenue: number; cost: number; estimates: number }>();
  for (const fact of accepted) {
    for (const line of fact.products) {
      const entry = byKey.get(line.key) ?? { revenue: 0, cost: 0, estimates: 0 };
      entry.revenue += line.revenue;
      entry.cost += line.cost;
      entry.estimates += 1;
      byKey.set(line.key, entry);
    }
  }
  const rows: ProductRow[] = [...byKey].map(([key, e]) => {
    const margin = withMargins ? computeMargin(e.revenue, e.cost) : null;
    return {
      key,
      name: facts.products.get(key) ?? 'Unknown product',
      estimates: e.estimates,
      revenueCents: e.revenue,
      costCents: withMargins ? e.cost : null,
      marginCents: margin?.marginCents ?? null,
      marginPercent: margin?.marginPercent ?? null,
    };
  });
  const byName = (a: ProductRow, b: ProductRow) => a.name.localeCompare(b.name) || (a.key < b.key ? -1 : 1);
  const topByRevenue = rows
    .filter((r) => r.revenueCents > 0)
    .sort((a, b) => b.revenueCents - a.revenueCents || byName(a, b))
    .slice(0, TOP_PRODUCTS);
  const topByMargin = withMargins
    ? rows
        .filter((r) => r.marginCents !== null)
        .sort((a, b) => b.marginCents! - a.marginCents! || byName(a, b))
        .slice(0, TOP_PRODUCTS)
    : null;
  return { topByRevenue, topByMargin };
}

function ownerRows(facts: Facts, population: readonly EstimateFact[], withMargins: boolean): OwnerRow[] {
  const groups = new Map<string | null, EstimateFact[]>();
  for (const fact of population) {
    const list = groups.get(fact.ownerId);
    if (list) list.push(fact);
    else groups.set(fact.ownerId, [fact]);
  }
  return [...groups]
    .map(([ownerId, list]) => {
      const rate = winRate(list);
      const accepted = list.filter((f) => f.status === 'accepted');
      const margins = list.flatMap((f) => (f.figures.marginPercent === null ? [] : [f.figures.marginPercent]));
      return {
        ownerId,
        name: ownerId === null ? 'Unassigned' : (facts.owners.get(ownerId) ?? 'Former member'),
        estimates: list.length,
        accepted: rate.accepted,
        decided: rate.accepted + rate.declined + rate.expired,
        winRatePercent: rate.percent,
        revenueCents: accepted.reduce((sum, f) => sum + f.figures.price, 0),
        averageMarginPercent: withMargins ? averagePercent(margins) : null,
      };
    })
    .sort((a, b) => b.revenueCents - a.revenueCents || b.estimates - a.estimates || a.name.localeCompare(b.name));
}

/** accepted ÷ (accepted + declined + expired), by the estimates' current status. */
function winRate(population: readonly EstimateFact[]): WinRate {
  let accepted = 0;
  let declined = 0;
  let expired = 0;
  for (const f of population) {
    if (f.status === 'accepted') accepted++;
    else if (f.status === 'declined') declined++;
    else if (f.status === 'expired') expired++;
  }
  return { accepted, declined, expired, percent: percentOf(accepted, accepted + declined + expired) };
}

export function summarize(facts: Facts, query: AnalyticsQuery): AnalyticsResult {
  const population: EstimateFact[] = [];
  for (const fact of facts.estimates.values()) if (inPopulation(fact, query)) population.push(fact);

  const pipeline = STATUS_ORDER.map((status) => ({ status, count: 0, totalCents: 0 }));
  const index = new Map(pipeline.map((row) => [row.status, row]));
  for (const f of population) {
    const row = index.get(f.status)!;
    row.count++;
    row.totalCents += f.figures.total;
  }
  const open = pipeline.filter((r) => OPEN.has(r.status)).reduce((o, r) => ({ count: o.count + r.count, totalCents: o.totalCents + r.totalCents }), { count: 0, totalCents: 0 });

  const accepted = population.filter((f) => f.status === 'accepted');
  // Accepted on a device and not confirmed yet may lack the moment: its sending, else its creation.
  const acceptedAt = (f: EstimateFact) => f.accepted ?? f.sent ?? f.created;
  const months = [monthKey(query.from), monthKey(Math.max(query.from, Math.min(query.to - 1, query.now))), ...accepted.map((f) => monthKey(acceptedAt(f)))].sort();
  const byMonth = new Map(monthsBetween(months[0]!, months.at(-1)!).map((month) => [month, { month, accepted: 0, revenueCents: 0 }]));
  for (const f of accepted) {
    const row = byMonth.get(monthKey(acceptedAt(f)))!;
    row.accepted++;
    row.revenueCents += f.figures.price;
  }

  const margins = population.flatMap((f) => (f.figures.marginPercent === null ? [] : [f.figures.marginPercent]));
  const margin = query.withMargins
    ? { withData: margins.length, withoutData: population.length - margins.length, averagePercent: averagePercent(margins), buckets: marginBuckets(margins) }
    : null;

  const toView = population.flatMap((f) => (f.sent !== null && f.viewed !== null && f.viewed >= f.sent ? [f.viewed - f.sent] : []));
  const toAccept = accepted.flatMap((f) => (f.sent !== null && f.accepted !== null && f.accepted >= f.sent ? [f.accepted - f.sent] : []));

  return {
    withMargins: query.withMargins,
    estimates: population.length,
    pipeline,
    open,
    winRate: winRate(population),
    revenue: { accepted: accepted.length, revenueCents: accepted.reduce((sum, f) => sum + f.figures.price, 0), byMonth: [...byMonth.values()] },
    margin,
    timeToView: durations(toView),
    timeToAccept: durations(toAccept),
    ...topProducts(facts, accepted, query.withMargins),
    funnel: [
      { step: 'requests', count: requestCount(facts, query) },
      { step: 'estimates', count: population.length },
      { step: 'sent', count: population.filter((f) => f.sent !== null || SENT_OR_LATER.has(f.status)).length },
      { step: 'accepted', count: accepted.length },
    ],
    owners: ownerRows(facts, population, query.withMargins),
  };
}
