import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, productFormSchema, SKU_TAKEN, skuKey } from './schemas';

const taken = new Set(['cf-100']);
const schema = productFormSchema((sku) => taken.has(skuKey(sku)));

function errorsOf(values: Partial<typeof EMPTY_PRODUCT_FORM>) {
  const result = schema.safeParse({ ...EMPTY_PRODUCT_FORM, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('product form schema', () => {
  it('turns the typed strings into document values', () => {
    const result = schema.parse({ ...EMPTY_PRODUCT_FORM, sku: ' NEW-1 ', name: ' Cedar post ', unitPrice: '$1,200.00', unitCost: '' });
    expect(result).toEqual({
      sku: 'NEW-1',
      name: 'Cedar post',
      description: '',
      category: '',
      unit: 'each',
      unit_price_cents: 120000,
      unit_cost_cents: null,
      taxable: true,
      active: true,
    });
  });

  it('puts each message on its field', () => {
    expect(errorsOf({ name: '  ', unitPrice: '-4', unitCost: '-1', unit: '' })).toEqual({
      name: 'Enter a name',
      unitPrice: "Unit price can't be negative",
      unitCost: "Unit cost can't be negative",
      unit: 'Enter a unit, e.g. each',
    });
    expect(errorsOf({ name: 'x', unitPrice: '' })).toEqual({ unitPrice: 'Enter a unit price (0 is allowed)' });
  });

  it('refuses a SKU another product of the organization has, whatever its case', () => {
    expect(errorsOf({ name: 'x', unitPrice: '1', sku: 'CF-100' })).toEqual({ sku: SKU_TAKEN });
    expect(errorsOf({ name: 'x', unitPrice: '1', sku: 'CF-101' })).toEqual({});
    expect(errorsOf({ name: 'x', unitPrice: '1', sku: '' })).toEqual({});
  });
});
