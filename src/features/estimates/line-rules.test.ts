import { describe, expect, it } from 'vitest';
import {
  checkDateRange,
  estimateTotals,
  lineTotals,
  moveTo,
  parseCost,
  parseDiscountPercent,
  parsePrice,
  parseQuantity,
  parseRequiredText,
  parseTaxRate,
  sortOrderPatches,
} from './line-rules';

const line = { quantity: 2, unit_price_cents: 10_000, unit_cost_cents: 6_000, discount_percent: 0, taxable: true, optional: false, selected: true };

describe('field parsing', () => {
  it('accepts quantities with up to 3 decimals and refuses negatives', () => {
    expect(parseQuantity('2.5')).toEqual({ ok: true, value: 2.5 });
    expect(parseQuantity('-1')).toEqual({ ok: false, error: 'Quantity cannot be negative' });
    expect(parseQuantity('1.2345').ok).toBe(false);
    expect(parseQuantity('').ok).toBe(false);
  });

  it('turns dollars into cents and refuses negative prices', () => {
    expect(parsePrice('$1,250.50')).toEqual({ ok: true, value: 125_050 });
    expect(parsePrice('-3')).toEqual({ ok: false, error: 'A price cannot be negative' });
    expect(parsePrice('1.234').ok).toBe(false);
  });

  it('reads an empty cost as unknown', () => {
    expect(parseCost('')).toEqual({ ok: true, value: null });
    expect(parseCost('4.10')).toEqual({ ok: true, value: 410 });
    expect(parseCost('-4').ok).toBe(false);
  });

  it('keeps discounts and tax rates within 0–100 %', () => {
    expect(parseDiscountPercent('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseDiscountPercent('101')).toEqual({ ok: false, error: 'The discount must be between 0 and 100 %' });
    expect(parseDiscountPercent('-5')).toEqual({ ok: false, error: 'The discount must be between 0 and 100 %' });
    expect(parseTaxRate('8.25%')).toEqual({ ok: true, value: 8.25 });
    expect(parseTaxRate('100.5').ok).toBe(false);
  });

  it('refuses an empty title', () => {
    expect(parseRequiredText('Title', 10)('  ')).toEqual({ ok: false, error: 'Title cannot be empty' });
    expect(parseRequiredText('Title', 10)(' Deck ')).toEqual({ ok: true, value: 'Deck' });
    expect(parseRequiredText('Title', 3)('Deck').ok).toBe(false);
  });

  it('refuses an end date before the start', () => {
    expect(checkDateRange('2026-03-10', '2026-03-09')).toBe('The end date cannot be before the start date');
    expect(checkDateRange('2026-03-10', '2026-03-10')).toBeNull();
    expect(checkDateRange(null, '2026-03-09')).toBeNull();
  });
});

describe('line and estimate totals', () => {
  it('computes a line margin from net price and cost', () => {
    const totals = lineTotals({ ...line, discount_percent: 10 });
    expect(totals.subtotal).toBe(18_000);
    expect(totals.cost).toBe(12_000);
    expect(totals.marginCents).toBe(6_000);
    expect(totals.marginPercent).toBe(33.3);
  });

  it('shows no margin for a line without cost, even when optional and unselected', () => {
    expect(lineTotals({ ...line, unit_cost_cents: null }).marginPercent).toBeNull();
    expect(lineTotals({ ...line, optional: true, selected: false }).subtotal).toBe(20_000);
  });

  it('applies the estimate discount and tax to the whole', () => {
    const totals = estimateTotals([line, { ...line, taxable: false }], { discount_cents: 4_000, tax_rate: 10 });
    expect(totals.subtotal).toBe(40_000);
    expect(totals.discount).toBe(4_000);
    expect(totals.tax).toBe(1_800);
    expect(totals.total).toBe(37_800);
    expect(totals.marginPercent).toBe(33.3);
  });
});

describe('reordering', () => {
  const items = ['a', 'b', 'c', 'd'].map((id, sort_order) => ({ id, sort_order }));

  it('moves an entry and clamps to the ends', () => {
    expect(moveTo(items, 0, 2).map((i) => i.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(items, 3, -4).map((i) => i.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(items, 9, 0).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('patches only the sort orders that change', () => {
    expect(sortOrderPatches(moveTo(items, 1, 2))).toEqual([
      { id: 'c', sort_order: 1 },
      { id: 'b', sort_order: 2 },
    ]);
  });
});
