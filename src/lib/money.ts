// Money is integer cents end to end. computeTotals is the TypeScript twin of the database's
// private.compute_totals (supabase/migrations/20261122000300_estimates.sql): same rules, same
// rounding, proven equal by the shared cases in supabase/tests/fixtures/totals-cases.json.
// Arithmetic runs on exact integers (BigInt): quantities have at most 3 decimals and
// percentages at most 3, so everything scales to integers without floating-point error.

export type TotalsItem = {
  /** Up to 3 decimals, as a number or the numeric string Postgres returns. */
  quantity: number | string;
  unitPriceCents: number;
  /** null: no cost known, counted as zero. */
  unitCostCents: number | null;
  /** Line discount in percent (0–100), up to 3 decimals. */
  discountPercent: number | string;
  taxable: boolean;
  optional: boolean;
  selected: boolean;
  deleted?: boolean;
};

export type TotalsOptions = {
  /** Estimate discount in cents; clamped to [0, subtotal]. */
  discountCents: number;
  /** Tax rate in percent (8.25 = 8.25 %), up to 3 decimals. */
  taxRate: number | string;
};

export type Totals = {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  cost: number;
  /** null when there is no margin data (cost or price not positive). */
  marginCents: number | null;
  /** One decimal, e.g. 31.3; null like marginCents. */
  marginPercent: number | null;
};

export type MarginTone = 'green' | 'yellow' | 'red' | 'none';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatMoney(cents: number): string {
  return usd.format(cents / 100);
}

/** Decimal with at most 3 places → integer thousandths, exactly. */
function toMilli(value: number | string): bigint {
  const text = typeof value === 'number' ? value.toFixed(3) : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) throw new RangeError(`Not a decimal: ${String(value)}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > 3) throw new RangeError(`More than 3 decimals: ${String(value)}`);
  const milli = BigInt(whole || '0') * 1000n + BigInt((fraction + '000').slice(0, 3));
  return sign === '-' ? -milli : milli;
}

/** num / den rounded half away from zero; den > 0. */
export function roundHalfAwayFromZero(num: bigint, den: bigint): bigint {
  const sign = num < 0n ? -1n : 1n;
  const abs = num < 0n ? -num : num;
  return sign * ((2n * abs + den) / (2n * den));
}

export function lineNetCents(item: Pick<TotalsItem, 'quantity' | 'unitPriceCents' | 'discountPercent'>): number {
  const net = roundHalfAwayFromZero(
    toMilli(item.quantity) * BigInt(item.unitPriceCents) * (100_000n - toMilli(item.discountPercent)),
    100_000_000n,
  );
  return Number(net);
}

export function computeTotals(items: readonly TotalsItem[], options: TotalsOptions): Totals {
  let subtotal = 0n;
  let taxable = 0n;
  let costMilli = 0n;
  for (const item of items) {
    if (item.deleted || (item.optional && !item.selected)) continue;
    const net = BigInt(lineNetCents(item));
    subtotal += net;
    if (item.taxable) taxable += net;
    costMilli += toMilli(item.quantity) * BigInt(item.unitCostCents ?? 0);
  }
  const cost = roundHalfAwayFromZero(costMilli, 1000n);
  const requested = BigInt(Math.trunc(options.discountCents || 0));
  const discount = requested < 0n ? 0n : requested > subtotal ? (subtotal > 0n ? subtotal : 0n) : requested;
  const rate = toMilli(options.taxRate);
  // The discount is spread over the lines in proportion to their net, so the taxable lines
  // carry discount × taxable / subtotal of it; tax is rounded once, at the end.
  const tax =
    discount === 0n
      ? roundHalfAwayFromZero(taxable * rate, 100_000n)
      : roundHalfAwayFromZero(taxable * (subtotal - discount) * rate, subtotal * 100_000n);
  const price = subtotal - discount;
  const margin = computeMargin(Number(price), Number(cost));
  return {
    subtotal: Number(subtotal),
    discount: Number(discount),
    tax: Number(tax),
    total: Number(price + tax),
    cost: Number(cost),
    marginCents: margin?.marginCents ?? null,
    marginPercent: margin?.marginPercent ?? null,
  };
}

/** Margin of a pre-tax, post-discount price; null (N/A) unless cost and price are positive. */
export function computeMargin(
  priceCents: number,
  costCents: number | null | undefined,
): { marginCents: number; marginPercent: number } | null {
  if (costCents == null || !(costCents > 0) || !(priceCents > 0)) return null;
  const marginCents = priceCents - costCents;
  const tenths = roundHalfAwayFromZero(BigInt(marginCents) * 1000n, BigInt(priceCents));
  return { marginCents, marginPercent: Number(tenths) / 10 };
}

/** '$1,250.00 (31.3%)', or 'N/A' without margin data. */
export function formatMargin(margin: { marginCents: number | null; marginPercent: number | null } | null): string {
  if (!margin || margin.marginCents === null || margin.marginPercent === null) return 'N/A';
  return `${formatMoney(margin.marginCents)} (${margin.marginPercent.toFixed(1)}%)`;
}

/** ≥ 40 % green, ≥ 20 % yellow, otherwise red; 'none' without margin data. */
export function marginTone(marginPercent: number | null | undefined): MarginTone {
  if (marginPercent == null || Number.isNaN(marginPercent)) return 'none';
  if (marginPercent >= 40) return 'green';
  if (marginPercent >= 20) return 'yellow';
  return 'red';
}

const usdCompact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** '$12.5K': chart axes, where the exact amount is in the table beside the chart. */
export function formatMoneyCompact(cents: number): string {
  return usdCompact.format(cents / 100);
}
