import { describe, expect, it } from 'vitest';
import cases from '../../supabase/tests/fixtures/totals-cases.json';
import { estimateFigures, lineFigures, type FiguresItem } from './estimate-figures';

const line = (values: Partial<FiguresItem>): FiguresItem => ({
  quantity: 1,
  unit_price_cents: 0,
  unit_cost_cents: null,
  discount_percent: 0,
  taxable: true,
  optional: false,
  selected: true,
  ...values,
});

describe('estimateFigures', () => {
  it('gives the figures of a hand-computed estimate', () => {
    const figures = estimateFigures({ discount_cents: 1_000, tax_rate: 10 }, [
      // 2 × $50.00 less 10 % = $90.00, cost $60.00
      line({ quantity: 2, unit_price_cents: 5_000, unit_cost_cents: 3_000, discount_percent: 10 }),
      // 1.5 × $20.00 = $30.00, no cost known (counts as zero), not taxable
      line({ quantity: 1.5, unit_price_cents: 2_000, taxable: false }),
      // optional and not selected: not counted
      line({ unit_price_cents: 10_000, unit_cost_cents: 1_000, optional: true, selected: false }),
      // optional and selected: 3 × $3.33 = $9.99, cost $3.00
      line({ quantity: 3, unit_price_cents: 333, unit_cost_cents: 100, optional: true, selected: true }),
      // deleted on the device: not counted
      line({ unit_price_cents: 99_999, unit_cost_cents: 1, _deleted: true }),
    ]);
    // subtotal 9000 + 3000 + 999 = 12999; the $10.00 discount leaves 11999; the taxable 9999
    // carry 9999 × 11999 / 12999 of it, taxed at 10 % = 922.98 → 923.
    expect(figures).toEqual({
      subtotal: 12_999,
      discount: 1_000,
      price: 11_999,
      tax: 923,
      total: 12_922,
      cost: 6_300,
      marginCents: 5_699,
      // 5699 / 11999 = 47.496 %
      marginPercent: 47.5,
    });
  });

  it('has no margin data (N/A) without cost or price', () => {
    expect(estimateFigures({ discount_cents: 0, tax_rate: 8.25 }, [line({ unit_price_cents: 1_000 })]).marginPercent).toBeNull();
    expect(estimateFigures({ discount_cents: 0, tax_rate: 8.25 }, []).marginCents).toBeNull();
    const free = estimateFigures({ discount_cents: 5_000, tax_rate: 0 }, [line({ unit_price_cents: 5_000, unit_cost_cents: 100 })]);
    expect(free).toMatchObject({ price: 0, total: 0, marginCents: null, marginPercent: null });
  });

  it('agrees with the cases the database totals are checked against', () => {
    for (const c of cases) {
      const items = c.items.map((i) =>
        line({
          quantity: Number(i.quantity),
          unit_price_cents: i.unitPriceCents,
          unit_cost_cents: i.unitCostCents,
          discount_percent: Number(i.discountPercent),
          taxable: i.taxable,
          optional: i.optional,
          selected: i.selected,
        }),
      );
      const figures = estimateFigures({ discount_cents: c.discountCents, tax_rate: Number(c.taxRate) }, items);
      expect({ case: c.name, ...figures }).toEqual({ case: c.name, ...c.expected, price: c.expected.subtotal - c.expected.discount });
    }
  });
});

const twoLine = { quantity: 2, unit_price_cents: 10_000, unit_cost_cents: 6_000, discount_percent: 0, taxable: true, optional: false, selected: true };

describe('lineFigures and estimateFigures', () => {
  it('computes a line margin from net price and cost', () => {
    const totals = lineFigures({ ...twoLine, discount_percent: 10 });
    expect(totals.subtotal).toBe(18_000);
    expect(totals.cost).toBe(12_000);
    expect(totals.marginCents).toBe(6_000);
    expect(totals.marginPercent).toBe(33.3);
  });

  it('shows no margin for a line without cost, even when optional and unselected', () => {
    expect(lineFigures({ ...twoLine, unit_cost_cents: null }).marginPercent).toBeNull();
    expect(lineFigures({ ...twoLine, optional: true, selected: false }).subtotal).toBe(20_000);
  });

  it('applies the estimate discount and tax to the whole', () => {
    const totals = estimateFigures({ discount_cents: 4_000, tax_rate: 10 }, [twoLine, { ...twoLine, taxable: false }]);
    expect(totals.subtotal).toBe(40_000);
    expect(totals.discount).toBe(4_000);
    expect(totals.tax).toBe(1_800);
    expect(totals.total).toBe(37_800);
    expect(totals.marginPercent).toBe(33.3);
  });
});

