// A small organization whose every figure is computed by hand in aggregate.test.ts; the
// engine test writes the same documents into a real device database.
import type { AnalyticsDocs, EstimateDoc, ItemDoc } from './facts';
import type { AnalyticsQuery } from './summarize';

const id = (tail: string) => `00000000-0000-4000-8000-${tail.padStart(12, '0')}`;
export const ID = {
  E1: id('e1'), E2: id('e2'), E3: id('e3'), E4: id('e4'), E5: id('e5'), E6: id('e6'), E7: id('e7'), E8: id('e8'),
  R1: id('f1'), R2: id('f2'), R3: id('f3'), R4: id('f4'),
};

export const ANN = '00000000-0000-4000-8000-00000000000a';
export const BOB = '00000000-0000-4000-8000-00000000000b';
const ACME = '00000000-0000-4000-8000-0000000000c1';
export const BIRCH = '00000000-0000-4000-8000-0000000000c2';
export const SHINGLES = '00000000-0000-4000-8000-0000000000d1';
export const HEAT_PUMP = '00000000-0000-4000-8000-0000000000d2';
const PERSON = '00000000-0000-4000-8000-0000000000b1';

/** A moment in the device's time zone, as a stored timestamp. */
const at = (month: number, day: number, hour = 0, year = 2026) => new Date(year, month - 1, day, hour).toISOString();
export const HOUR = 3_600_000;

function estimate(id: string, values: Partial<EstimateDoc>): EstimateDoc {
  return { id, status: 'draft', owner_id: null, account_id: null, created_at: at(1, 1), sent_at: null, viewed_at: null, accepted_at: null, discount_cents: 0, tax_rate: 0, ...values };
}

let itemCount = 0;
export function item(estimateId: string, values: Partial<ItemDoc>): ItemDoc {
  itemCount++;
  return {
    id: `aaaaaaaa-0000-4000-8000-${String(itemCount).padStart(12, '0')}`,
    estimate_id: estimateId,
    product_id: null,
    name: 'Line',
    quantity: 1,
    unit_price_cents: 0,
    unit_cost_cents: null,
    discount_percent: 0,
    taxable: true,
    optional: false,
    selected: true,
    ...values,
  };
}

const shingles = (estimateId: string, quantity: number, values: Partial<ItemDoc> = {}) =>
  item(estimateId, { product_id: SHINGLES, name: 'Shingles', quantity, unit_price_cents: 1_000, unit_cost_cents: 600, ...values });
const heatPump = (estimateId: string, values: Partial<ItemDoc> = {}) =>
  item(estimateId, { product_id: HEAT_PUMP, name: 'Heat pump', unit_price_cents: 50_000, unit_cost_cents: 30_000, ...values });

export const DOCS: AnalyticsDocs = {
  estimates: [
    // E1: 10 × $10 + $500 = $600.00, cost $360 → margin $240 (40.0 %); tax 10 % → total $660.
    estimate(ID.E1, { status: 'accepted', owner_id: ANN, account_id: ACME, created_at: at(1, 10), sent_at: at(1, 11), viewed_at: at(1, 11, 6), accepted_at: at(1, 13), tax_rate: 10 }),
    // E2: 4 × $10 + site visit $20 (no cost) = $60, less $10 = $50 (optional heat pump not
    // selected); cost $24 → margin $26 (52.0 %); no tax.
    estimate(ID.E2, { status: 'accepted', owner_id: BOB, account_id: BIRCH, created_at: at(2, 5), sent_at: at(2, 6), viewed_at: at(2, 7), accepted_at: at(2, 10), discount_cents: 1_000 }),
    // E3: heat pump $500, cost $300 → 40.0 %; tax 10 % → $550.
    estimate(ID.E3, { status: 'declined', owner_id: ANN, account_id: ACME, created_at: at(2, 20), sent_at: at(2, 21), viewed_at: at(2, 23), tax_rate: 10 }),
    // E4: 2.5 h of labour at $40, no cost known → $100, margin N/A.
    estimate(ID.E4, { status: 'expired', owner_id: ANN, created_at: at(3, 1), sent_at: at(3, 2) }),
    // E5: shingles sold below cost: $10, cost $12 → −$2 (−20.0 %).
    estimate(ID.E5, { status: 'draft', owner_id: BOB, account_id: BIRCH, created_at: at(3, 3) }),
    // E6: no items → $0, margin N/A.
    estimate(ID.E6, { status: 'sent', owner_id: BOB, account_id: ACME, created_at: at(3, 4), sent_at: at(3, 5) }),
    // E7: created before the range: never counted.
    estimate(ID.E7, { status: 'accepted', owner_id: ANN, account_id: ACME, created_at: at(12, 20, 0, 2025), sent_at: at(12, 21, 0, 2025), accepted_at: at(1, 5) }),
    // E8: 2 × $10 at 50 % off = $10, cost $12 → −20.0 %; tax 8.25 % of $10 = 82.5 ¢ → 83 ¢.
    estimate(ID.E8, { status: 'viewed', created_at: at(3, 10), sent_at: at(3, 10), viewed_at: at(3, 10, 12), tax_rate: 8.25 }),
  ],
  items: [
    shingles(ID.E1, 10),
    heatPump(ID.E1),
    shingles(ID.E2, 4),
    item(ID.E2, { name: 'Site visit', unit_price_cents: 2_000 }),
    heatPump(ID.E2, { optional: true, selected: false }),
    heatPump(ID.E3),
    item(ID.E4, { name: 'Labor', quantity: 2.5, unit_price_cents: 4_000 }),
    shingles(ID.E5, 1, { unit_cost_cents: 1_200 }),
    heatPump(ID.E7),
    shingles(ID.E8, 2, { discount_percent: 50 }),
  ],
  requests: [
    { id: ID.R1, created_at: at(1, 8), converted_estimate_id: ID.E1, prospect_id: null },
    { id: ID.R2, created_at: at(2, 1), converted_estimate_id: null, prospect_id: PERSON },
    { id: ID.R3, created_at: at(12, 1, 0, 2025), converted_estimate_id: null, prospect_id: null },
    { id: ID.R4, created_at: at(3, 20), converted_estimate_id: null, prospect_id: null },
  ],
  profiles: [
    { user_id: ANN, first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' },
    { user_id: BOB, first_name: 'Bob', last_name: 'Ray', email: 'bob@example.com' },
  ],
  accounts: [
    { id: ACME, name: 'Acme' },
    { id: BIRCH, name: 'Birch' },
  ],
  products: [
    { id: SHINGLES, name: 'Shingles' },
    { id: HEAT_PUMP, name: 'Heat pump' },
  ],
  prospects: [{ id: PERSON, account_id: BIRCH }],
};

export const Q1: AnalyticsQuery = {
  from: new Date(2026, 0, 1).getTime(),
  to: new Date(2026, 3, 1).getTime(),
  ownerId: '',
  accountId: '',
  withMargins: true,
  now: new Date(2026, 2, 31, 12).getTime(),
};
