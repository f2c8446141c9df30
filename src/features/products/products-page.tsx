// The product catalogue: search and filters, the table with margins, CSV import and export,
// and the product dialog. Owners and admins maintain it; everyone else reads it.
import { Download, Package, Plus, Search, Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import type { Product } from '../../db/collections/products';
import { can, useWorkspace } from '../../db/react';
import { toast, toastError } from '../../lib/toast-store';
import { setProductActive } from './commands';
import { exportFileName, productsToCsv } from './csv';
import { downloadText } from '../../lib/download';
import { ImportDialog } from './import-dialog';
import { ProductDialog } from './product-dialog';
import { ProductFilters, useCatalogue } from './product-filters';
import { ProductTable } from './product-table';
import { PageHeader } from '../../components/ui/page-header';

type Editing = { product: Product | null } | null;
const icon = (Icon: typeof Plus) => <Icon aria-hidden="true" className="size-4" />;

function EmptyCatalogue({ editable, onNew, onImport }: { editable: boolean; onNew: () => void; onImport: () => void }) {
  const actions = editable ? (
    <div className="flex flex-wrap justify-center gap-2">
      <Button onClick={onNew} icon={icon(Plus)}>
        New product
      </Button>
      <Button variant="secondary" onClick={onImport} icon={icon(Upload)}>
        Import CSV
      </Button>
    </div>
  ) : undefined;
  return (
    <EmptyState icon={<Package />} title="No products yet" action={actions}>
      {editable ? 'Add the products and services you sell, one by one or from a CSV file.' : 'An owner or admin adds the products and services you sell.'}
    </EmptyState>
  );
}

function NoMatch({ onClear }: { onClear: () => void }) {
  const action = (
    <Button variant="secondary" onClick={onClear}>
      Clear filters
    </Button>
  );
  return (
    <EmptyState icon={<Search />} title="No products match" action={action}>
      Try another search, category or status.
    </EmptyState>
  );
}

function useToggleActive() {
  const { db } = useWorkspace();
  return (product: Product) =>
    void setProductActive(db, product.id, !product.active)
      .then(() =>
        toast({ tone: 'success', description: product.active ? `${product.name} is inactive and no longer offered in new estimates.` : `${product.name} is active again.` }),
      )
      .catch((error: unknown) => toastError(error));
}

export function ProductsPage() {
  const { role } = useWorkspace();
  const editable = can(role, 'editProducts');
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const catalogue = useCatalogue(editable);
  const toggleActive = useToggleActive();
  const { rows, all } = catalogue;

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title="Products"
        description={editable ? 'The catalogue that estimates are built from.' : 'The catalogue that estimates are built from. Owners and admins maintain it.'}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" icon={icon(Download)} onClick={() => downloadText(exportFileName(), productsToCsv(rows))} disabled={rows.length === 0}>
              Export CSV
            </Button>
            {editable && (
              <>
                <Button variant="secondary" icon={icon(Upload)} onClick={() => setImporting(true)}>
                  Import CSV
                </Button>
                <Button icon={icon(Plus)} onClick={() => setEditing({ product: null })}>
                  New product
                </Button>
              </>
            )}
          </div>
        }
      />
      <ProductFilters filters={catalogue.filters} />
      {catalogue.loading ? (
        <Spinner label="Loading the catalogue…" />
      ) : rows.length === 0 ? (
        catalogue.filtering && all.length > 0 ? (
          <NoMatch onClear={catalogue.clearFilters} />
        ) : (
          <EmptyCatalogue editable={editable} onNew={() => setEditing({ product: null })} onImport={() => setImporting(true)} />
        )
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="product-count">
            {rows.length === all.length ? `${rows.length} products` : `${rows.length} of ${all.length} products`}
          </p>
          <ProductTable rows={rows} editable={editable} refusals={catalogue.refusals} onEdit={(product) => setEditing({ product })} onToggle={toggleActive} />
        </>
      )}
      {editable && (
        <>
          <ProductDialog open={editing !== null} product={editing?.product ?? null} catalogue={all} categories={catalogue.categories} onClose={() => setEditing(null)} />
          <ImportDialog open={importing} catalogue={all} onClose={() => setImporting(false)} />
        </>
      )}
    </div>
  );
}
