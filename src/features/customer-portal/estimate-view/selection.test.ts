import { describe, expect, it } from 'vitest';
import type { Snapshot } from './schemas';
import { initialSelection, isIncluded, selectedOptionalIds, selectionChanged, totalsFor } from './selection';

const item = (id: string, values: Partial<Snapshot['items'][number]>) => ({
  id, name: id, description: '', quantity: 1, unit: 'each', unit_price_cents: 10000, discount_percent: 0, taxable: true, optional: false, selected: true, sort_order: 0, line_net_cents: 10000, ...values,
});

const snapshot: Snapshot = {
  format: 1,
  estimate: { title: 'Deck', valid_until: null, tax_rate: 10, discount_cents: 0, subtotal_cents: 0, tax_cents: 0, total_cents: 0, notes: '', terms: '' },
  items: [
    item('a', { quantity: 20, unit_price_cents: 4500 }),
    item('b', { optional: true, selected: false, unit_price_cents: 30000, taxable: false }),
    item('c', { optional: true, selected: true, unit_price_cents: 20000 }),
  ],
};

describe('the customer’s choice of optional items', () => {
  it('starts from the sent choice', () => {
    const selection = initialSelection(snapshot);
    expect(selection).toEqual({ b: false, c: true });
    expect(selectedOptionalIds(snapshot, selection)).toEqual(['c']);
    expect(selectionChanged(snapshot, selection)).toBe(false);
    // 900 + 200 = 1,100.00; tax 10 % on 1,100 = 110.00.
    expect(totalsFor(snapshot, selection)).toMatchObject({ subtotal: 110000, tax: 11000, total: 121000 });
  });

  it('updates the totals at once when an option is switched', () => {
    const selection = { b: true, c: false };
    expect(selectedOptionalIds(snapshot, selection)).toEqual(['b']);
    expect(selectionChanged(snapshot, selection)).toBe(true);
    // 900 + 300 (not taxable) = 1,200.00; tax 10 % on 900 = 90.00.
    expect(totalsFor(snapshot, selection)).toMatchObject({ subtotal: 120000, tax: 9000, total: 129000 });
  });

  it('always includes items that are not optional', () => {
    expect(isIncluded(snapshot.items[0]!, { a: false })).toBe(true);
  });

  it('applies the discount again, clamped to the new subtotal', () => {
    const discounted = { ...snapshot, estimate: { ...snapshot.estimate, discount_cents: 100000, tax_rate: 0 } };
    expect(totalsFor(discounted, { b: false, c: false })).toMatchObject({ subtotal: 90000, discount: 90000, total: 0 });
  });
});
