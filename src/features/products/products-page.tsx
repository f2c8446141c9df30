import { Download, EllipsisVertical, Package, Pencil, Plus, Power, PowerOff, Search, Upload } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Field, Input } from '../../components/ui/field';
import { MarginText } from '../../components/ui/margin-text';
import { Menu } from '../../components/ui/menu';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import type { Product } from '../../db/collections/products';
import { can, useLiveQuery, useWorkspace } from '../../db/react';
import { computeMargin, formatMoney } from '../../lib/money';
import { toast, toastError } from '../../lib/toast-store';
import { setProductActive } from './commands';
import { exportFileName, productsToCsv } from './csv';
import { downloadText } from './download';
import { ImportDialog } from './import-dialog';
import { ProductDialog } from './product-dialog';
import { allProducts, categoriesOf, filteredProducts, refusedProducts, type StatusFilter } from './queries';

const NO_CATEGORY = '\u0000none';
const ALL = '';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active only' },
  { value: 'inactive', label: 'Inactive only' },
  { value: 'all', label: 'All' },
];

type Editing = { product: Product | null } | null;

export function ProductsPage() {
  const { db, orgId, role } = useWorkspace();
  const editable = can(role, 'editProducts');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL);
  const [status, setStatus] = useState<StatusFilter>(editable ? 'all' : 'active');
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const term = useDeferredValue(search);

  const catalogue = useLiveQuery((d) => allProducts(d, orgId), [orgId]);
  const shown = useLiveQuery(
    (d) => filteredProducts(d, { orgId, search: term, status, category: category === ALL ? null : category === NO_CATEGORY ? '' : category }),
    [orgId, term, status, category],
  );
  const refused = useLiveQuery((d) => refusedProducts(d), []);
  const refusedReasons = useMemo(() => new Map((refused.result ?? []).map((f) => [f.doc_id, f.message || f.reason])), [refused.result]);

  const all = catalogue.result ?? [];
  const categories = useMemo(() => categoriesOf(all), [all]);
  const rows = shown.result ?? [];
  const filtering = term.trim() !== '' || category !== ALL || status !== 'all';

  const categoryOptions = [
    ...categories.map((c) => ({ value: c, label: c })),
    ...(all.some((p) => p.category.trim() === '') ? [{ value: NO_CATEGORY, label: 'No category' }] : []),
  ];

  const toggleActive = async (product: Product) => {
    try {
      await setProductActive(db, product.id, !product.active);
      toast({
        tone: 'success',
        description: product.active ? `${product.name} is inactive and no longer offered in new estimates.` : `${product.name} is active again.`,
      });
    } catch (error) {
      toastError(error);
    }
  };

  const clearFilters = () => {
    setSearch('');
    setCategory(ALL);
    setStatus('all');
  };

  const exportCsv = () => {
    downloadText(exportFileName(), productsToCsv(rows));
  };

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Products</h1>
          <p className="mt-1 text-sm text-slate-600">
            {editable ? 'The catalogue that estimates are built from.' : 'The catalogue that estimates are built from. Owners and admins maintain it.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" icon={<Download aria-hidden="true" className="size-4" />} onClick={exportCsv} disabled={rows.length === 0}>
            Export CSV
          </Button>
          {editable && (
            <>
              <Button variant="secondary" icon={<Upload aria-hidden="true" className="size-4" />} onClick={() => setImporting(true)}>
                Import CSV
              </Button>
              <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setEditing({ product: null })}>
                New product
              </Button>
            </>
          )}
        </div>
      </header>

      <div role="search" className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <Field label="Search">
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="SKU, name, category…" className="pl-9" autoComplete="off" />
          </div>
        </Field>
        <Field label="Category">
          <Select value={category} onChange={(e) => setCategory(e.target.value)} options={categoryOptions} placeholder="All categories" />
        </Field>
        <Field label="Status">
          <Select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} options={STATUS_OPTIONS} />
        </Field>
      </div>

      {shown.loading && shown.result === undefined ? (
        <Spinner label="Loading the catalogue…" />
      ) : rows.length === 0 ? (
        filtering && all.length > 0 ? (
          <EmptyState
            icon={<Search />}
            title="No products match"
            action={
              <Button variant="secondary" onClick={clearFilters}>
                Clear filters
              </Button>
            }
          >
            Try another search, category or status.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<Package />}
            title="No products yet"
            action={
              editable ? (
                <div className="flex flex-wrap justify-center gap-2">
                  <Button onClick={() => setEditing({ product: null })} icon={<Plus aria-hidden="true" className="size-4" />}>
                    New product
                  </Button>
                  <Button variant="secondary" onClick={() => setImporting(true)} icon={<Upload aria-hidden="true" className="size-4" />}>
                    Import CSV
                  </Button>
                </div>
              ) : undefined
            }
          >
            {editable ? 'Add the products and services you sell, one by one or from a CSV file.' : 'An owner or admin adds the products and services you sell.'}
          </EmptyState>
        )
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="product-count">
            {rows.length === all.length ? `${rows.length} products` : `${rows.length} of ${all.length} products`}
          </p>
          <Table>
            <TableHead>
              <tr>
                <TableHeader className="hidden xl:table-cell">SKU</TableHeader>
                <TableHeader>Name</TableHeader>
                <TableHeader className="hidden xl:table-cell">Category</TableHeader>
                <TableHeader className="text-right">Unit price</TableHeader>
                <TableHeader className="text-right">Unit cost</TableHeader>
                <TableHeader>Margin</TableHeader>
                {editable && (
                  <TableHeader>
                    <span className="sr-only">Actions</span>
                  </TableHeader>
                )}
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((p) => (
                <ProductRow
                  key={p.id}
                  product={p}
                  editable={editable}
                  refusal={refusedReasons.get(p.id)}
                  onEdit={() => setEditing({ product: p })}
                  onToggle={() => void toggleActive(p)}
                />
              ))}
            </TableBody>
          </Table>
        </>
      )}

      {editable && (
        <>
          <ProductDialog open={editing !== null} product={editing?.product ?? null} catalogue={all} categories={categories} onClose={() => setEditing(null)} />
          <ImportDialog open={importing} catalogue={all} onClose={() => setImporting(false)} />
        </>
      )}
    </div>
  );
}

function ProductRow({
  product: p,
  editable,
  refusal,
  onEdit,
  onToggle,
}: {
  product: Product;
  editable: boolean;
  refusal: string | undefined;
  onEdit: () => void;
  onToggle: () => void;
}) {
  return (
    <TableRow className={p.active ? undefined : 'bg-slate-50/60'}>
      <TableCell className="hidden font-mono text-xs whitespace-nowrap text-slate-600 xl:table-cell">{p.sku || '—'}</TableCell>
      <TableCell className="min-w-40">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{p.name}</span>
          {!p.active && <Badge>Inactive</Badge>}
          {refusal !== undefined && (
            <Badge tone="danger" className="cursor-help">
              <span title={refusal}>Not saved to the server</span>
            </Badge>
          )}
        </div>
        <div className="mt-0.5 text-xs text-slate-500 xl:hidden">
          {[p.sku, p.category].filter(Boolean).join(' · ') || 'No SKU or category'}
        </div>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap xl:table-cell">{p.category || <span className="text-slate-400">—</span>}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {formatMoney(p.unit_price_cents)}
        <span className="text-xs text-slate-500"> / {p.unit}</span>
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {p.unit_cost_cents === null ? <span className="text-slate-400">—</span> : formatMoney(p.unit_cost_cents)}
      </TableCell>
      <TableCell>
        <MarginText margin={computeMargin(p.unit_price_cents, p.unit_cost_cents)} />
      </TableCell>
      {editable && (
        <TableCell className="w-12 py-1 text-right">
          <Menu
            buttonLabel={`Actions for ${p.name}`}
            buttonClassName="min-h-11 min-w-11 justify-center text-slate-600 hover:bg-slate-100"
            button={<EllipsisVertical aria-hidden="true" className="size-5" />}
            entries={[
              { kind: 'action', label: 'Edit', icon: <Pencil aria-hidden="true" />, onSelect: onEdit },
              p.active
                ? { kind: 'action', label: 'Deactivate', icon: <PowerOff aria-hidden="true" />, onSelect: onToggle, danger: true }
                : { kind: 'action', label: 'Reactivate', icon: <Power aria-hidden="true" />, onSelect: onToggle },
            ]}
          />
        </TableCell>
      )}
    </TableRow>
  );
}
