// Import prospects from a CSV file: every row is checked and shown before anything is written
// (components/csv-import-dialog.tsx). Duplicates by e-mail are never imported.
import { CsvImportDialog } from '../../components/csv-import-dialog';
import { emailKey, type Prospect } from '../../db/collections/prospects';
import { useWorkspace } from '../../db/react';
import { countLabel } from '../../lib/count-label';
import { importProspects } from './commands';
import { CSV_COLUMNS, MAX_IMPORT_ROWS, planImport, type ImportPlan } from './csv';
import { ImportReport } from './import-report';
import { personName } from './pipeline';
import type { Team } from './use-team';

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
  const plan = usePlan(existing, team);
  const write = async (p: ImportPlan) => {
    const count = await importProspects(db, { orgId, userId }, p.valid);
    const skipped = [p.invalidRows > 0 && `${countLabel(p.invalidRows, 'row')} with problems`, p.duplicates.length > 0 && countLabel(p.duplicates.length, 'duplicate')].filter(Boolean);
    return `Imported ${countLabel(count, 'prospect')}${skipped.length ? `; skipped ${skipped.join(' and ')}` : ''}.`;
  };
  const rows = MAX_IMPORT_ROWS.toLocaleString('en-US');
  return (
    <CsvImportDialog
      open={open}
      onClose={onClose}
      title="Import prospects from CSV"
      description={
        <>
          Columns: <span className="font-mono text-xs">{CSV_COLUMNS.join(', ')}</span>. <strong>first_name</strong>, <strong>last_name</strong> and <strong>email</strong> are
          required; a row whose e-mail is already a prospect&apos;s is shown as a duplicate and not imported. At most {rows} rows per file.
        </>
      }
      noun="prospect"
      tooLarge={`This file is larger than 5 MB. Split it into files of at most ${rows} rows.`}
      plan={plan}
      write={write}
      report={(p) => <ImportReport plan={p} owners={team.names} />}
    />
  );
}
