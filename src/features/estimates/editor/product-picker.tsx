// Search the catalogue on this device and add a product as a line; works offline.
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Input } from '../../../components/ui/field';
import type { Product } from '../../../db/collections/products';
import { listProducts } from '../../../db/queries';
import { useLiveQuery, useWorkspace } from '../../../db/react';
import { formatMoney } from '../../../lib/money';

export function ProductPicker({ onPick }: { onPick: (product: Product) => void }) {
  const { orgId } = useWorkspace();
  const [search, setSearch] = useState('');
  const { result: products } = useLiveQuery((db) => listProducts(db, { orgId, search, activeOnly: true, limit: 8 }), [orgId, search]);
  return (
    <section aria-label="Product catalogue" className="rounded-xl border border-slate-200 bg-slate-50 p-3">
      <label className="relative block">
        <span className="sr-only">Search products</span>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search the catalogue by name, SKU or category" className="pl-9" />
      </label>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {(products ?? []).map((product) => (
          <li key={product.id}>
            <button
              type="button"
              onClick={() => onPick(product)}
              className="flex min-h-11 w-full items-center gap-2 rounded-lg bg-white px-3 py-2 text-left text-sm shadow-sm ring-1 ring-slate-200 hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Plus aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              {/* The name is the visible text with "Add" before it, so saying what is shown presses it. */}
              <span className="min-w-0 flex-1 truncate font-medium text-slate-800">
                <span className="sr-only">Add </span>
                {product.name}
              </span>
              <span className="text-xs text-slate-500 tabular-nums">
                {formatMoney(product.unit_price_cents)}/{product.unit}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {products && products.length === 0 && (
        <p className="mt-2 text-sm text-slate-500">{search ? 'No active product matches.' : 'The catalogue is empty. Add a custom line instead.'}</p>
      )}
    </section>
  );
}
