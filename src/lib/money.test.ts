import { describe, expect, it } from 'vitest';
import cases from '../../supabase/tests/fixtures/totals-cases.json';
import { computeMargin, computeTotals, formatMargin, formatMoney, lineNetCents, marginTone, type TotalsItem } from './money';

describe('computeTotals over the cases shared with the database', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(computeTotals(c.items as TotalsItem[], { discountCents: c.discountCents, taxRate: c.taxRate })).toEqual(c.expected);
  });
});

describe('computeTotals', () => {
  const line = (overrides: Partial<TotalsItem> = {}): TotalsItem => ({
    quantity: 1,
    unitPriceCents: 10000,
    unitCostCents: 5000,
    discountPercent: 0,
    taxable: true,
    optional: false,
    selected: true,
    ...overrides,
  });

  it('accepts numbers and the numeric strings Postgres returns alike', () => {
    const fromNumbers = computeTotals([line({ quantity: 2.125, discountPercent: 12.5 })], { discountCents: 0, taxRate: 7.125 });
    const fromStrings = computeTotals([line({ quantity: '2.125', discountPercent: '12.500' })], { discountCents: 0, taxRate: '7.125' });
    expect(fromNumbers).toEqual(fromStrings);
  });

  it('ignores soft-deleted items', () => {
    const totals = computeTotals([line(), line({ deleted: true, unitPriceCents: 99999 })], { discountCents: 0, taxRate: 0 });
    expect(totals.subtotal).toBe(10000);
  });

  it('charges tax only on the discounted taxable share', () => {
    // Half the subtotal is taxable, so half of the $20 discount reduces the taxed amount.
    const totals = computeTotals([line(), line({ taxable: false })], { discountCents: 2000, taxRate: 10 });
    expect(totals.tax).toBe(900);
    expect(totals.total).toBe(20000 - 2000 + 900);
  });

  it('rejects quantities with more than three decimals', () => {
    expect(() => lineNetCents({ quantity: '1.0001', unitPriceCents: 1, discountPercent: 0 })).toThrow(RangeError);
  });

  it('rounds line nets half away from zero, also for credits', () => {
    expect(lineNetCents({ quantity: '0.5', unitPriceCents: 5, discountPercent: 0 })).toBe(3);
    expect(lineNetCents({ quantity: '-0.5', unitPriceCents: 5, discountPercent: 0 })).toBe(-3);
  });
});

describe('margin display', () => {
  it('formats money as US dollars', () => {
    expect(formatMoney(125000)).toBe('$1,250.00');
    expect(formatMoney(-2500)).toBe('-$25.00');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('shows the dollar margin and the percentage with one decimal', () => {
    expect(formatMargin(computeMargin(399361, 274361))).toBe('$1,250.00 (31.3%)');
    expect(formatMargin({ marginCents: 4000, marginPercent: 40 })).toBe('$40.00 (40.0%)');
  });

  it('shows N/A without margin data', () => {
    expect(computeMargin(10000, null)).toBeNull();
    expect(computeMargin(10000, 0)).toBeNull();
    expect(computeMargin(10000, -5)).toBeNull();
    expect(computeMargin(0, 500)).toBeNull();
    expect(computeMargin(-100, 500)).toBeNull();
    expect(formatMargin(null)).toBe('N/A');
    expect(formatMargin({ marginCents: null, marginPercent: null })).toBe('N/A');
  });

  it('colours margins: at least 40 % green, at least 20 % yellow, below red', () => {
    expect(marginTone(40)).toBe('green');
    expect(marginTone(39.9)).toBe('yellow');
    expect(marginTone(20)).toBe('yellow');
    expect(marginTone(19.9)).toBe('red');
    expect(marginTone(-5)).toBe('red');
    expect(marginTone(null)).toBe('none');
  });
});
