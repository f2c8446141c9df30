// The product form and a CSV row share one validator: strings in, document values out, with
// the message for each field (SPEC: messages beside the fields, input kept).
import { z } from 'zod';
import { parseMoney } from './money-input';

export type ProductValues = {
  sku: string;
  name: string;
  description: string;
  category: string;
  unit: string;
  unit_price_cents: number;
  unit_cost_cents: number | null;
  taxable: boolean;
  active: boolean;
};

export type ProductFormValues = {
  sku: string;
  name: string;
  description: string;
  category: string;
  unit: string;
  unitPrice: string;
  unitCost: string;
  taxable: boolean;
  active: boolean;
};

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  sku: '',
  name: '',
  description: '',
  category: '',
  unit: 'each',
  unitPrice: '',
  unitCost: '',
  taxable: true,
  active: true,
};

export const SKU_TAKEN = 'Another product already uses this SKU';

/** SKUs compare trimmed and case-insensitively, the way people read them. */
export function skuKey(sku: string): string {
  return sku.trim().toLowerCase();
}

const requiredPrice = z.string().transform((text, ctx) => {
  if (text.trim() === '') {
    ctx.addIssue({ code: 'custom', message: 'Enter a unit price (0 is allowed)' });
    return z.NEVER;
  }
  const parsed = parseMoney(text, 'Unit price');
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.cents;
});

const optionalCost = z.string().transform((text, ctx) => {
  if (text.trim() === '') return null;
  const parsed = parseMoney(text, 'Unit cost');
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.cents;
});

export const productFields = {
  sku: z.string().trim().max(100, 'SKU must be 100 characters or fewer'),
  name: z.string().trim().min(1, 'Enter a name').max(200, 'Name must be 200 characters or fewer'),
  description: z.string().trim().max(5000, 'Description must be 5,000 characters or fewer'),
  category: z.string().trim().max(100, 'Category must be 100 characters or fewer'),
  unit: z.string().trim().min(1, 'Enter a unit, e.g. each').max(20, 'Unit must be 20 characters or fewer'),
  unitPrice: requiredPrice,
  unitCost: optionalCost,
  taxable: z.boolean(),
  active: z.boolean(),
};

/**
 * `skuTaken(sku)` says whether another product of the organization (not the one edited) has
 * that SKU; the server's unique index is the final word, this catches it before sync.
 */
export function productFormSchema(skuTaken: (sku: string) => boolean) {
  return z
    .object(productFields)
    .superRefine((value, ctx) => {
      if (value.sku !== '' && skuTaken(value.sku)) ctx.addIssue({ code: 'custom', path: ['sku'], message: SKU_TAKEN });
    })
    .transform(toProductValues);
}

/** Parsed form or CSV fields → the product's columns. */
export function toProductValues(v: z.infer<z.ZodObject<typeof productFields>>): ProductValues {
  return {
    sku: v.sku,
    name: v.name,
    description: v.description,
    category: v.category,
    unit: v.unit,
    unit_price_cents: v.unitPrice,
    unit_cost_cents: v.unitCost,
    taxable: v.taxable,
    active: v.active,
  };
}
