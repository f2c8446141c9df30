// Import prospects from a CSV file: every row is checked and shown before anything is written.
// A clean file imports in full; a file with problems imports nothing unless the user explicitly
// asks for only its valid rows. Duplicates by e-mail are never imported.
import { Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { emailKey, type Prospect } from '../../db/collections/prospects';
import { useWorkspace } from '../../db/react';
import { toast, toastError } from '../../lib/toast-store';
import { importProspects } from './commands';
import { CSV_COLUMNS, MAX_IMPORT_ROWS, planImport, type ImportPlan } from './csv';
import { countLabel } from '../../lib/count-label';
import { ImportReport } from './import-report';
import { personName } from './pipeline';
import type { Team } from './use-team';

const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Chosen = { fileName: string; plan: ImportPlan };

function usePlan(existing: () => Promise<readonly Prospect[]>, team: Team) {
  const { userId } = useWorkspace();
  return async (text: string) => {
    const known = new Map<string, string>();
    for (const p of await existing()) if (p.email_key) known.set(p.email_key, personName(p));
    const byEmail = new Map([...team.emails].map(([id, email]) => [emailKey(email), id]));
    return planImport(text, { existing: known, team: byEmail, defaultOwner: userId });
  };
}

export function ImportDialog({ open, team, existing, onClose }: { open: boolean; team: Team; existing: () => Promise<readonly Prospect[]>; onClose: () => void }) {
  const { db, orgId, userId } = useWorkspace();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const plan = usePlan(existing, team);

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
    if (file.size > MAX_FILE_BYTES) return setFileError(`This file is larger than 5 MB. Split it into files of at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows.`);
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
      const count = await importProspects(db, { orgId, userId }, chosen.plan.valid);
      const skipped = [chosen.plan.invalidRows > 0 && `${countLabel(chosen.plan.invalidRows, 'row')} with problems`, chosen.plan.duplicates.length > 0 && countLabel(chosen.plan.duplicates.length, 'duplicate')].filter(Boolean);
      toast({ tone: 'success', description: `Imported ${countLabel(count, 'prospect')}${skipped.length ? `; skipped ${skipped.join(' and ')}` : ''}.` });
      close();
    } catch (error) {
      toastError(error);
    } finally {
      setImporting(false);
    }
  };

  const p = chosen?.plan;
  const clean = p !== undefined && p.problems.length === 0 && p.valid.length > 0;
  const partial = p !== undefined && p.problems.length > 0 && p.valid.length > 0;
  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Import prospects from CSV"
      description={
        <>
          Columns: <span className="font-mono text-xs">{CSV_COLUMNS.join(', ')}</span>. <strong>first_name</strong>, <strong>last_name</strong> and <strong>email</strong> are
          required; a row whose e-mail is already a prospect&apos;s is shown as a duplicate and not imported. At most {MAX_IMPORT_ROWS.toLocaleString('en-US')} rows per file.
        </>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          {clean && (
            <Button onClick={run} disabled={importing}>
              Import {countLabel(p.valid.length, 'prospect')}
            </Button>
          )}
          {partial && (
            <Button onClick={run} disabled={importing}>
              Import only the {countLabel(p.valid.length, 'valid row')}
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
        {p && <ImportReport plan={p} owners={team.names} />}
      </div>
    </Dialog>
  );
}
