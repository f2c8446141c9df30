import { Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import type { Product } from '../../db/collections/products';
import { useWorkspace } from '../../db/react';
import { toast, toastError } from '../../lib/toast-store';
import { importProducts } from './commands';
import { CSV_COLUMNS, planImport, type ImportPlan } from './csv';
import { countLabel } from '../../lib/count-label';
import { ImportReport } from './import-report';

const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Chosen = { fileName: string; plan: ImportPlan };

/**
 * Every row is checked, and what it would change is shown, before anything is written. A clean file imports in full; a file with
 * problems imports nothing unless the user explicitly asks for only its valid rows.
 */
export function ImportDialog({ open, catalogue, onClose }: { open: boolean; catalogue: readonly Product[]; onClose: () => void }) {
  const { db, orgId } = useWorkspace();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  const close = () => {
    setChosen(null);
    setFileError(null);
    onClose();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setChosen(null);
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError('This file is larger than 5 MB. Split it into smaller files.');
      return;
    }
    try {
      setChosen({ fileName: file.name, plan: planImport(await file.text(), catalogue) });
    } catch {
      setFileError('This file could not be read as text. Save it as CSV (UTF-8) and try again.');
    }
  };

  const run = async () => {
    if (!chosen) return;
    setImporting(true);
    try {
      const { created, updated } = await importProducts(db, orgId, chosen.plan.valid);
      const skipped = chosen.plan.invalidRows > 0 ? `; skipped ${countLabel(chosen.plan.invalidRows, 'row')} with problems` : '';
      toast({ tone: 'success', description: `Imported ${countLabel(created + updated, 'product')} (${created} new, ${updated} updated)${skipped}.` });
      close();
    } catch (error) {
      toastError(error);
    } finally {
      setImporting(false);
    }
  };

  const plan = chosen?.plan;
  const clean = plan !== undefined && plan.problems.length === 0 && plan.valid.length > 0;
  const partial = plan !== undefined && plan.problems.length > 0 && plan.valid.length > 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Import products from CSV"
      description={
        <>
          Columns: <span className="font-mono text-xs">{CSV_COLUMNS.join(', ')}</span>. <strong>sku</strong>, <strong>name</strong> and{' '}
          <strong>unit_price</strong> are required; a row whose SKU is already in the catalogue updates that product, and the report lists what changes before anything is written.
        </>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          {clean && (
            <Button onClick={run} disabled={importing}>
              Import {countLabel(plan.valid.length, 'product')}
            </Button>
          )}
          {partial && (
            <Button onClick={run} disabled={importing}>
              Import only the {countLabel(plan.valid.length, 'valid row')}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <label className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600">
          <Upload aria-hidden="true" className="size-4" />
          {chosen ? `${chosen.fileName} — choose another file` : 'Choose a CSV file'}
          <input type="file" accept=".csv,text/csv" className="sr-only" onChange={onFile} aria-label="CSV file" />
        </label>
        {fileError && (
          <p role="alert" className="text-sm text-red-700">
            {fileError}
          </p>
        )}
        {plan && <ImportReport plan={plan} />}
      </div>
    </Dialog>
  );
}
