import { describe, expect, it } from 'vitest';
import { products } from '../../db/collections/products';
import { planImport, productsToCsv } from './csv';

const ORG = '11111111-1111-4111-8111-111111111111';
const existing = [
  products.create({ id: '22222222-2222-4222-8222-222222222222', org_id: ORG, sku: 'CF-100', name: 'Cedar fence', category: 'Fencing', unit: 'ft', unit_price_cents: 4_000, unit_cost_cents: 2_750, taxable: true, active: true }),
];

describe('planImport', () => {
  it('validates every row and reports each problem by row and column', () => {
    const csv = [
      'SKU,Name,Category,Unit,Unit Price,Unit Cost,Taxable,Active',
      'CF-100,Cedar fence,Fencing,ft,45.00,27.50,yes,yes',
      'NEW-1,,Fencing,ft,-3,1.234,maybe,no',
      '',
      'NEW-2,Gate latch,Hardware,each,12,,,',
      'new-2,Gate latch again,Hardware,each,12,,,',
    ].join('\n');
    const plan = planImport(csv, existing);
    expect(plan.rows).toBe(4);
    expect(plan.invalidRows).toBe(2);
    expect(plan.problems).toEqual([
      { row: 3, field: 'taxable', message: 'Use yes or no (true/false, 1/0)' },
      { row: 3, field: 'name', message: 'Enter a name' },
      { row: 3, field: 'unit_price', message: "Unit price can't be negative" },
      { row: 3, field: 'unit_cost', message: 'Unit cost can have at most 2 decimals' },
      { row: 6, field: 'sku', message: 'SKU new-2 is already on row 5' },
    ]);
    expect(plan.valid.map((r) => [r.row, r.values.sku, r.existingId])).toEqual([
      [2, 'CF-100', existing[0]!.id],
      [5, 'NEW-2', null],
    ]);
    expect(plan.valid[1]!.values).toMatchObject({ unit_price_cents: 1200, unit_cost_cents: null, taxable: true, active: true });
    expect(plan.valid.map((r) => r.changes)).toEqual([[{ column: 'unit_price', from: '$40.00', to: '$45.00' }], []]);
  });

  it('lists what each update changes, and leaves out rows equal to their product', () => {
    const csv = ['sku,name,unit_price,unit_cost,active', 'cf-100,Cedar fence,40,27.50,no', 'CF-100X,Cedar post,12,,yes'].join('\n');
    const plan = planImport(csv, existing);
    expect(plan.valid.map((r) => [r.values.sku, r.existingId, r.changes])).toEqual([
      ['cf-100', existing[0]!.id, [{ column: 'active', from: 'yes', to: 'no' }]],
      ['CF-100X', null, []],
    ]);
    expect(planImport('sku,name,unit_price\nCF-100,Cedar fence,40\n', existing)).toMatchObject({ rows: 1, valid: [], unchanged: 1, problems: [] });
  });

  it('refuses a file without the columns it needs, before looking at rows', () => {
    const plan = planImport('name,colour\nCedar,red\n', existing);
    expect(plan.valid).toEqual([]);
    expect(plan.problems).toEqual([
      { row: 1, field: 'sku', message: 'The header has no sku column' },
      { row: 1, field: 'unit_price', message: 'The header has no unit_price column' },
      { row: 1, field: 'colour', message: expect.stringContaining('Unknown column') },
    ]);
  });

  it('says so when a file is empty or has no rows', () => {
    expect(planImport('', existing).problems).toEqual([{ row: 1, field: 'file', message: 'The file is empty' }]);
    expect(planImport('sku,name,unit_price\n', existing).problems).toEqual([{ row: 2, field: 'file', message: 'The file has a header but no product rows' }]);
  });

  it('needs a SKU on every row, since rows are matched by SKU', () => {
    const plan = planImport('sku,name,unit_price\n,Nameless,1\n', existing);
    expect(plan.problems).toEqual([{ row: 2, field: 'sku', message: expect.stringContaining('needs a SKU') }]);
  });

  it('reads back what the export writes, formulas and quotes included', () => {
    const product = products.create({
      id: '33333333-3333-4333-8333-333333333333',
      org_id: ORG,
      sku: 'EXP-1',
      name: '=HYPERLINK("x") "quoted", with comma',
      category: 'Odd',
      unit_price_cents: 123456,
      unit_cost_cents: 100,
      taxable: false,
      active: false,
      description: 'line one\nline two',
    });
    const csv = productsToCsv([product]);
    expect(csv.split('\r\n')[1]).toMatch(/^EXP-1,"'=HYPERLINK/);
    const plan = planImport(csv, []);
    expect(plan.problems).toEqual([]);
    expect(plan.valid[0]!.values).toEqual({
      sku: 'EXP-1',
      name: product.name,
      description: 'line one\nline two',
      category: 'Odd',
      unit: 'each',
      unit_price_cents: 123456,
      unit_cost_cents: 100,
      taxable: false,
      active: false,
    });
  });
});
