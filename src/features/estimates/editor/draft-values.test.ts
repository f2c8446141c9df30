import { describe, expect, it, vi } from 'vitest';
import { createDraftStore, typedTotals, withDrafts } from './draft-values';
import { estimateFigures } from '../../../db/estimate-figures';

const line = (id: string, quantity: number, price: number, cost: number | null = null) => ({
  id,
  quantity,
  unit_price_cents: price,
  unit_cost_cents: cost,
  discount_percent: 0,
  taxable: true,
  optional: false,
  selected: true,
});
const items = [line('a', 1, 1000, 600), line('b', 2, 2500, 1000)];
const estimate = { id: 'e', discount_cents: 0, tax_rate: 10 };

describe('draft store', () => {
  it('tells subscribers about changes only, and keeps snapshots stable in between', () => {
    const store = createDraftStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const empty = store.all();
    store.set('a', 'quantity', undefined);
    expect(listener).not.toHaveBeenCalled();
    expect(store.all()).toBe(empty);

    store.set('a', 'quantity', 3);
    const one = store.all();
    const lineA = store.get('a');
    store.set('a', 'quantity', 3);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.all()).toBe(one);

    store.set('b', 'quantity', 5);
    expect(store.get('a')).toBe(lineA);
    expect(store.get('b')).toEqual({ quantity: 5 });

    store.set('a', 'quantity', undefined);
    expect(store.get('a')).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('typed totals', () => {
  it('are the shared totals function over the drafts laid on the stored values', () => {
    const store = createDraftStore();
    expect(typedTotals(items, estimate, store.all())).toEqual(estimateFigures({ discount_cents: 0, tax_rate: 10 }, items));

    store.set('b', 'quantity', 4);
    store.set('a', 'unit_cost_cents', null);
    store.set('e', 'discount_cents', 500);
    const typed = [withDrafts(items[0]!, store.get('a')), withDrafts(items[1]!, store.get('b'))];
    expect(typed[1]!.quantity).toBe(4);
    expect(typed[0]!.unit_cost_cents).toBeNull();
    expect(typedTotals(items, estimate, store.all())).toEqual(estimateFigures({ discount_cents: 500, tax_rate: 10 }, typed));
    expect(typedTotals(items, estimate, store.all()).subtotal).toBe(1000 + 4 * 2500);
  });

  it('ignore drafts of columns the document does not have', () => {
    expect(withDrafts(items[0]!, { nope: 1, quantity: 2 })).toEqual({ ...items[0], quantity: 2 });
    expect(withDrafts(items[0]!, undefined)).toBe(items[0]);
  });
});
