// Import products from a CSV file: what each row would change is shown before anything is written.
import { CsvImportDialog } from '../../components/csv-import-dialog';
import type { Product } from '../../db/collections/products';
import { useWorkspace } from '../../db/react';
import { countLabel } from '../../lib/count-label';
import { importProducts } from './commands';
import { CSV_COLUMNS, planImport, type ImportPlan } from './csv';
import { ImportReport } from './import-report';

export function ImportDialog({ open, catalogue, onClose }: { open: boolean; catalogue: readonly Product[]; onClose: () => void }) {
  const { db, orgId } = useWorkspace();
  const write = async (plan: ImportPlan) => {
    const { created, updated } = await importProducts(db, orgId, plan.valid);
    const skipped = plan.invalidRows > 0 ? `; skipped ${countLabel(plan.invalidRows, 'row')} with problems` : '';
    return `Imported ${countLabel(created + updated, 'product')} (${created} new, ${updated} updated)${skipped}.`;
  };
  return (
    <CsvImportDialog
      open={open}
      onClose={onClose}
      title="Import products from CSV"
      description={
        <>
          Columns: <span className="font-mono text-xs">{CSV_COLUMNS.join(', ')}</span>. <strong>sku</strong>, <strong>name</strong> and{' '}
          <strong>unit_price</strong> are required; a row whose SKU is already in the catalogue updates that product, and the report lists what changes before anything is written.
        </>
      }
      noun="product"
      tooLarge="This file is larger than 5 MB. Split it into smaller files."
      plan={(text) => planImport(text, catalogue)}
      write={write}
      report={(plan) => <ImportReport plan={plan} />}
    />
  );
}
