import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/field';
import { MarginText } from '../../components/ui/margin-text';
import type { Product } from '../../db/collections/products';
import { useWorkspace } from '../../db/react';
import { computeMargin } from '../../lib/money';
import { FormActions, useSave } from '../../components/ui/form-actions';
import { createProduct, updateProduct } from './commands';
import { centsToAmount, parseMoney } from './money-input';
import { EMPTY_PRODUCT_FORM, productFormSchema, skuKey, type ProductFormValues } from './schemas';

function formValuesOf(product: Product | null): ProductFormValues {
  if (!product) return EMPTY_PRODUCT_FORM;
  return {
    sku: product.sku,
    name: product.name,
    description: product.description,
    category: product.category,
    unit: product.unit,
    unitPrice: centsToAmount(product.unit_price_cents),
    unitCost: centsToAmount(product.unit_cost_cents),
    taxable: product.taxable,
    active: product.active,
  };
}

function previewMargin(price: string, cost: string) {
  const p = parseMoney(price, 'Unit price');
  const c = cost.trim() === '' ? null : parseMoney(cost, 'Unit cost');
  if (!p.ok || (c && !c.ok)) return null;
  return computeMargin(p.cents, c && c.ok ? c.cents : null);
}

/** Create (product null) or edit one product; every message sits beside its field. */
export function ProductDialog({
  open,
  product,
  catalogue,
  categories,
  onClose,
}: {
  open: boolean;
  product: Product | null;
  catalogue: readonly Product[];
  categories: readonly string[];
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} size="lg" title={product ? `Edit ${product.name}` : 'New product'}>
      {open && <ProductForm key={product?.id ?? 'new'} product={product} catalogue={catalogue} categories={categories} onDone={onClose} />}
    </Dialog>
  );
}

function ProductForm({
  product,
  catalogue,
  categories,
  onDone,
}: {
  product: Product | null;
  catalogue: readonly Product[];
  categories: readonly string[];
  onDone: () => void;
}) {
  const { db, orgId } = useWorkspace();
  const { saving, save } = useSave(onDone);
  const schema = useMemo(() => {
    const taken = new Set(catalogue.filter((p) => p.id !== product?.id && p.sku.trim() !== '').map((p) => skuKey(p.sku)));
    return productFormSchema((sku) => taken.has(skuKey(sku)));
  }, [catalogue, product?.id]);
  const { register, handleSubmit, control, formState: { errors } } = useForm<ProductFormValues, unknown, ReturnType<typeof schema.parse>>({
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(product),
    mode: 'onTouched',
  });
  const [price, cost] = useWatch({ control, name: ['unitPrice', 'unitCost'] });
  const margin = previewMargin(price, cost);

  const onSubmit = handleSubmit((values) =>
    save(async () => {
      if (product) await updateProduct(db, product.id, values);
      else await createProduct(db, orgId, values);
      return product ? `Saved ${values.name}.` : `Added ${values.name} to the catalogue.`;
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={product ? 'Edit product' : 'New product'} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <Input {...register('name')} autoComplete="off" invalid={Boolean(errors.name)} />
        </Field>
        <Field label="SKU" error={errors.sku?.message}>
          <Input {...register('sku')} autoComplete="off" placeholder="Unique, e.g. CF-100" spellCheck={false} invalid={Boolean(errors.sku)} />
        </Field>
        <Field label="Category" error={errors.category?.message}>
          <Input {...register('category')} list="product-categories" autoComplete="off" invalid={Boolean(errors.category)} />
        </Field>
        <datalist id="product-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Field label="Unit" error={errors.unit?.message}>
          <Input {...register('unit')} autoComplete="off" placeholder="each, ft, hour…" invalid={Boolean(errors.unit)} />
        </Field>
        <Field label="Unit price ($)" error={errors.unitPrice?.message}>
          <Input {...register('unitPrice')} inputMode="decimal" autoComplete="off" placeholder="0.00" invalid={Boolean(errors.unitPrice)} />
        </Field>
        <Field label="Unit cost ($, optional)" error={errors.unitCost?.message}>
          <Input {...register('unitCost')} inputMode="decimal" autoComplete="off" placeholder="0.00" invalid={Boolean(errors.unitCost)} />
        </Field>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600" data-testid="margin-preview">
        Margin per unit: <MarginText margin={margin} />
      </p>
      <Field label="Description" error={errors.description?.message}>
        <Textarea {...register('description')} className="min-h-20" invalid={Boolean(errors.description)} />
      </Field>
      <div className="flex flex-wrap gap-6">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-5 accent-brand-700" {...register('taxable')} />
          Taxable
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-5 accent-brand-700" {...register('active')} />
          Active (offered in estimates)
        </label>
      </div>
      <FormActions onCancel={onDone} submit={product ? 'Save changes' : 'Add product'} saving={saving} />
    </form>
  );
}
