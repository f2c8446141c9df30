// The CSV import dialog of the products and prospects screens: a file is read and every row is
// checked and shown (the feature's report) before anything is written. A clean file imports in
// full; a file with problems imports nothing unless the user explicitly asks for only its valid
// rows. What a row means, the report and the write belong to the feature.
import { Upload } from 'lucide-react';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { countLabel } from '../lib/count-label';
import { toast, toastError } from '../lib/toast-store';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';

const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** What every feature's import plan tells the dialog. */
export type CheckedImport = { valid: readonly unknown[]; problems: readonly unknown[] };

export type CsvImportProps<Plan extends CheckedImport> = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** Singular noun of what a row becomes ("product"), for the import button. */
  noun: string;
  /** Shown when the file is over 5 MB. */
  tooLarge: string;
  plan: (text: string) => Plan | Promise<Plan>;
  /** Writes the plan's valid rows; resolves the sentence of the success toast. */
  write: (plan: Plan) => Promise<string>;
  report: (plan: Plan) => ReactNode;
};

type Chosen<Plan> = { fileName: string; plan: Plan };

function useImport<Plan extends CheckedImport>({ onClose, tooLarge, plan, write }: CsvImportProps<Plan>) {
  const [chosen, setChosen] = useState<Chosen<Plan> | null>(null);
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
    if (file.size > MAX_FILE_BYTES) return setFileError(tooLarge);
    try {
      setChosen({ fileName: file.name, plan: await plan(await file.text()) });
    } catch {
      setFileError('This file could not be read as text. Save it as CSV (UTF-8) and try again.');
    }
  };
  const run = async () => {
    if (!chosen) return;
    setImporting(true);
    try {
      toast({ tone: 'success', description: await write(chosen.plan) });
      close();
    } catch (error) {
      toastError(error);
    } finally {
      setImporting(false);
    }
  };
  return { chosen, fileError, importing, close, onFile, run };
}

export function CsvImportDialog<Plan extends CheckedImport>(props: CsvImportProps<Plan>) {
  const { chosen, fileError, importing, close, onFile, run } = useImport(props);
  const plan = chosen?.plan;
  const clean = plan !== undefined && plan.problems.length === 0 && plan.valid.length > 0;
  const partial = plan !== undefined && plan.problems.length > 0 && plan.valid.length > 0;
  return (
    <Dialog
      open={props.open}
      onClose={close}
      size="lg"
      title={props.title}
      description={props.description}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          {(clean || partial) && (
            <Button onClick={run} disabled={importing}>
              {clean ? `Import ${countLabel(plan.valid.length, props.noun)}` : `Import only the ${countLabel(plan.valid.length, 'valid row')}`}
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
        {plan && props.report(plan)}
      </div>
    </Dialog>
  );
}
