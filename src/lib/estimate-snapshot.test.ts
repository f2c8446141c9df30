import { describe, expect, it } from 'vitest';
import { canonicalDecimal, canonicalSnapshot, sha256Hex, snapshotAndHash, type SnapshotEstimate, type SnapshotItem } from './estimate-snapshot';

const estimate: SnapshotEstimate = {
  id: '5b0c5a6e-0000-4000-8000-000000000001',
  title: 'Kitchen "A" \\ back\nporch',
  account_id: null,
  prospect_id: '5b0c5a6e-0000-4000-8000-0000000000ff',
  valid_until: '2026-12-31',
  tax_rate: 8.25,
  discount_cents: 1000,
  notes: 'Café — ünïcode ✓',
  terms: '',
};

function item(id: string, values: Partial<SnapshotItem> = {}): SnapshotItem {
  return {
    id,
    name: 'Tile',
    description: '',
    quantity: 2.5,
    unit: 'sq ft',
    unit_price_cents: 1999,
    unit_cost_cents: 1000,
    discount_percent: 0,
    taxable: true,
    optional: false,
    selected: true,
    sort_order: 0,
    ...values,
  };
}

describe('canonicalDecimal', () => {
  it.each([
    [2.5, '2.5'],
    [10, '10'],
    [0, '0'],
    [-0, '0'],
    [0.125, '0.125'],
    [8.25, '8.25'],
    [100, '100'],
    [1.1, '1.1'],
  ])('%s → %s', (value, text) => expect(canonicalDecimal(value)).toBe(text));

  it('refuses what is not a number', () => expect(() => canonicalDecimal(Number.NaN)).toThrow(RangeError));
});

describe('canonicalSnapshot', () => {
  it('has a fixed key order, no whitespace, and escapes strings like JSON', () => {
    const text = canonicalSnapshot(estimate, [item('00000000-0000-4000-8000-000000000002')]);
    expect(text.startsWith('{"format":1,"estimate":{"id":"5b0c5a6e-0000-4000-8000-000000000001","title":"Kitchen \\"A\\" \\\\ back\\nporch"')).toBe(true);
    expect(JSON.parse(text)).toMatchObject({ format: 1, estimate: { tax_rate: 8.25, discount_cents: 1000 }, items: [{ quantity: 2.5 }] });
    expect(text).not.toMatch(/\s"|": |, /);
  });

  it('never carries cost, margin or the estimate number', () => {
    const text = canonicalSnapshot({ ...estimate, number: 'DRAFT-12' } as SnapshotEstimate, [item('00000000-0000-4000-8000-000000000002')]);
    expect(text).not.toMatch(/cost|margin|number|DRAFT/);
  });

  it('orders items by sort order then id and leaves deleted items out', () => {
    const text = canonicalSnapshot(estimate, [
      item('00000000-0000-4000-8000-00000000000b', { sort_order: 1 }),
      item('00000000-0000-4000-8000-00000000000a', { sort_order: 1 }),
      item('00000000-0000-4000-8000-000000000009', { sort_order: 0, _deleted: true }),
      item('00000000-0000-4000-8000-000000000008', { sort_order: 0 }),
    ]);
    const ids = (JSON.parse(text) as { items: { id: string }[] }).items.map((i) => i.id.slice(-2));
    expect(ids).toEqual(['08', '0a', '0b']);
  });

  it('recomputes totals from the items (discount capped at the subtotal)', () => {
    const parsed = JSON.parse(canonicalSnapshot({ ...estimate, discount_cents: 10_000_000 }, [item('00000000-0000-4000-8000-000000000002')])) as {
      estimate: { subtotal_cents: number; discount_cents: number; total_cents: number };
      items: { line_net_cents: number }[];
    };
    expect(parsed.items[0]!.line_net_cents).toBe(4998);
    expect(parsed.estimate).toMatchObject({ subtotal_cents: 4998, discount_cents: 4998, total_cents: 0 });
  });

  it('changes whenever customer-visible content changes, and only then', async () => {
    const items = [item('00000000-0000-4000-8000-000000000002')];
    const base = await snapshotAndHash(estimate, items);
    expect(base.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await snapshotAndHash(estimate, [{ ...items[0]!, unit_cost_cents: 5 }])).sha256).toBe(base.sha256);
    expect((await snapshotAndHash(estimate, [{ ...items[0]!, quantity: 3 }])).sha256).not.toBe(base.sha256);
    expect((await snapshotAndHash({ ...estimate, terms: 'Net 30' }, items)).sha256).not.toBe(base.sha256);
  });
});

describe('sha256Hex', () => {
  it('matches the published test vector', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
