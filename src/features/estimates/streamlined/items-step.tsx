// Items on a tablet: big catalogue tiles (a tap adds the product, or one more of it), quantity
// steppers, a free-form item, and each line's total and margin for the rep.
import { ChevronDown, ChevronUp, Minus, PackagePlus, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import type { Estimate } from '../../../db/collections/estimates';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import { listProducts } from '../../../db/queries';
import { useLiveQuery, useWorkspace } from '../../../db/react';
import { formatMoney } from '../../../lib/money';
import { toastError } from '../../../lib/toast-store';
import { DraftInput } from '../draft-input';
import { MarginText } from '../../../components/ui/margin-text';
import { addCustomLine, addOrCountProduct, patchDocument, removeDocument, stepQuantity } from '../commands';
import { centsText, decimalText, parseCost, parseDiscountPercent, parsePrice, parseQuantity, parseRequiredText } from '../field-parsers';
import { lineFigures } from '../../../db/estimate-figures';
import { useDraftField } from '../use-draft-field';

const parseName = parseRequiredText('The item name', 300);
const BIG = 'min-h-12 text-base';

export function ItemsStep({ estimate, items }: { estimate: Estimate; items: readonly EstimateItem[] }) {
  const { db, orgId } = useWorkspace();
  const [search, setSearch] = useState('');
  const [custom, setCustom] = useState(false);
  const { result: products } = useLiveQuery((d) => listProducts(d, { orgId, search, activeOnly: true, limit: 12 }), [orgId, search]);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="catalogue-heading" className="flex flex-col gap-3">
        <h2 id="catalogue-heading" className="text-lg font-semibold text-slate-900">
          Add from the catalogue
        </h2>
        <label className="relative block">
          <span className="sr-only">Search products</span>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-400" />
          <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search by name, SKU or category" className={`pl-12 ${BIG}`} />
        </label>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {(products ?? []).map((product) => {
            const count = items.filter((i) => i.product_id === product.id).reduce((sum, i) => sum + i.quantity, 0);
            return (
              <li key={product.id}>
                <button
                  type="button"
                  onClick={() => void addOrCountProduct(db, estimate, product).catch((e: unknown) => toastError(e))}
                  className="flex min-h-24 w-full flex-col justify-between gap-2 rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600 active:bg-brand-50"
                >
                  <span className="line-clamp-2 text-base font-medium text-slate-900">
                    <span className="sr-only">Add </span>
                    {product.name}
                  </span>
                  <span className="flex items-center justify-between gap-2 text-sm">
                    <span className="text-slate-600 tabular-nums">
                      {formatMoney(product.unit_price_cents)} / {product.unit}
                    </span>
                    {count > 0 ? (
                      <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">{decimalText(count)} added</span>
                    ) : (
                      <Plus aria-hidden="true" className="size-5 text-brand-700" />
                    )}
                  </span>
                </button>
              </li>
            );
          })}
          <li>
            <button
              type="button"
              onClick={() => setCustom(true)}
              className="flex min-h-24 w-full flex-col items-start justify-between gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 p-4 text-left text-base font-medium text-slate-700 hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <PackagePlus aria-hidden="true" className="size-6 text-brand-700" />
              Custom item
            </button>
          </li>
        </ul>
        {products && products.length === 0 && (
          <p className="text-base text-slate-600">{search ? 'No active product matches. Add a custom item instead.' : 'The catalogue is empty. Add a custom item instead.'}</p>
        )}
      </section>

      <section aria-labelledby="lines-heading" className="flex flex-col gap-3">
        <h2 id="lines-heading" className="text-lg font-semibold text-slate-900">
          On this estimate <span className="font-normal text-slate-500">({items.length})</span>
        </h2>
        {items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-base text-slate-600">Tap a product above to add it, or add a custom item.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {items.map((item) => (
              <LineRow key={item.id} item={item} />
            ))}
          </ol>
        )}
      </section>

      <CustomItemDialog open={custom} onClose={() => setCustom(false)} estimate={estimate} />
    </div>
  );
}

function LineRow({ item }: { item: EstimateItem }) {
  const { db } = useWorkspace();
  const [open, setOpen] = useState(false);
  const save = (patch: Partial<EstimateItem>) => patchDocument(db, 'estimate_items', item.id, patch);
  const quantity = useDraftField(decimalText(item.quantity), parseQuantity, (q) => save({ quantity: q }), (e) => toastError(e));
  const step = (delta: number) => void stepQuantity(db, item.id, delta).catch((e: unknown) => toastError(e));
  const totals = lineFigures(item);
  const name = item.name || 'Item';
  return (
    <li data-testid="flow-line" aria-label={name} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-48">
          <p className="truncate text-base font-medium text-slate-900">{name}</p>
          <p className="text-sm text-slate-600 tabular-nums">
            {formatMoney(item.unit_price_cents)} / {item.unit}
            {item.discount_percent > 0 && ` − ${decimalText(item.discount_percent)}%`}
          </p>
        </div>
        <div className="flex items-center gap-1" role="group" aria-label={`Change the quantity of ${name}`}>
          <Button variant="secondary" size="lg" className="w-12 shrink-0 px-0" aria-label={`One less ${name}`} disabled={item.quantity <= 1} onClick={() => step(-1)} icon={<Minus aria-hidden="true" className="size-5 shrink-0" />} />
          <div className="w-20 shrink-0">
            <Input
              aria-label={`Quantity of ${name}`}
              inputMode="decimal"
              value={quantity.text}
              onChange={(e) => quantity.onChange(e.target.value)}
              onBlur={quantity.onBlur}
              invalid={quantity.invalid}
              className="min-h-12 text-center text-base tabular-nums"
            />
          </div>
          <Button variant="secondary" size="lg" className="w-12 shrink-0 px-0" aria-label={`One more ${name}`} onClick={() => step(1)} icon={<Plus aria-hidden="true" className="size-5 shrink-0" />} />
        </div>
        <div className="ml-auto flex flex-col items-end">
          <span data-testid="flow-line-total" className="text-base font-semibold text-slate-900 tabular-nums">
            {formatMoney(totals.subtotal)}
          </span>
          <MarginText margin={totals} className="text-sm" />
        </div>
      </div>
      {quantity.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {quantity.error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">
        <Button variant="ghost" size="lg" aria-expanded={open} onClick={() => setOpen(!open)} icon={open ? <ChevronUp aria-hidden="true" className="size-5" /> : <ChevronDown aria-hidden="true" className="size-5" />}>
          {open ? 'Hide details' : 'Price and details'}
        </Button>
        <Button variant="ghost" size="lg" aria-label={`Remove ${name}`} onClick={() => void removeDocument(db, 'estimate_items', item.id).catch((e: unknown) => toastError(e))} icon={<Trash2 aria-hidden="true" className="size-5 text-red-700" />}>
          Remove
        </Button>
      </div>
      {open && (
        <div className="mt-2 grid grid-cols-2 gap-3">
          <DraftInput label="Item" stored={item.name} parse={parseName} save={(n) => save({ name: n })} className="col-span-2" inputClassName={BIG} />
          <DraftInput label="Unit price ($)" stored={centsText(item.unit_price_cents)} parse={parsePrice} save={(v) => save({ unit_price_cents: v })} inputMode="decimal" inputClassName={BIG} />
          <DraftInput label="Unit cost ($)" stored={centsText(item.unit_cost_cents)} parse={parseCost} save={(v) => save({ unit_cost_cents: v })} inputMode="decimal" inputClassName={BIG} />
          <DraftInput label="Discount %" stored={decimalText(item.discount_percent)} parse={parseDiscountPercent} save={(v) => save({ discount_percent: v })} inputMode="decimal" inputClassName={BIG} />
        </div>
      )}
    </li>
  );
}

type CustomDraft = { name: string; quantity: string; price: string; cost: string };
const EMPTY: CustomDraft = { name: '', quantity: '1', price: '', cost: '' };

function CustomItemDialog({ open, onClose, estimate }: { open: boolean; onClose: () => void; estimate: Estimate }) {
  const { db } = useWorkspace();
  const [draft, setDraft] = useState<CustomDraft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CustomDraft, string>>>({});
  const set = (key: keyof CustomDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  const submit = async () => {
    const name = parseName(draft.name);
    const quantity = parseQuantity(draft.quantity);
    const price = parsePrice(draft.price);
    const cost = parseCost(draft.cost);
    const found = {
      name: name.ok ? undefined : name.error,
      quantity: quantity.ok ? undefined : quantity.error,
      price: price.ok ? undefined : price.error,
      cost: cost.ok ? undefined : cost.error,
    };
    setErrors(found);
    if (!name.ok || !quantity.ok || !price.ok || !cost.ok) return;
    try {
      await addCustomLine(db, estimate, name.value, { quantity: quantity.value, unit_price_cents: price.value, unit_cost_cents: cost.value });
      setDraft(EMPTY);
      setErrors({});
      onClose();
    } catch (e) {
      toastError(e);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Custom item"
      description="An item that is not in the catalogue, priced for this estimate."
      actions={
        <>
          <Button variant="secondary" size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button size="lg" onClick={() => void submit()}>
            Add item
          </Button>
        </>
      }
    >
      <form
        className="grid grid-cols-2 gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Item" error={errors.name} className="col-span-2">
          <Input value={draft.name} onChange={set('name')} invalid={!!errors.name} className={BIG} />
        </Field>
        <Field label="Quantity" error={errors.quantity}>
          <Input value={draft.quantity} onChange={set('quantity')} invalid={!!errors.quantity} inputMode="decimal" className={BIG} />
        </Field>
        <Field label="Unit price ($)" error={errors.price}>
          <Input value={draft.price} onChange={set('price')} invalid={!!errors.price} inputMode="decimal" className={BIG} />
        </Field>
        <Field label="Unit cost ($)" hint="Optional; for your margin only" error={errors.cost} className="col-span-2 sm:col-span-1">
          <Input value={draft.cost} onChange={set('cost')} invalid={!!errors.cost} inputMode="decimal" className={BIG} />
        </Field>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
