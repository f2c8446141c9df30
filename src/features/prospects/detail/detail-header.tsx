// The top of a prospect's page: who they are, their stage (changed here too, with a reason
// for won and lost), and what sales can do: edit, start an estimate, convert to an account,
// archive or restore. Viewers see the facts without controls.
import { Archive, ArchiveRestore, ArrowLeft, Building2, FilePlus2, Pencil } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import type { Prospect, ProspectStatus } from '../../../db/collections/prospects';
import { personName, STAGE, STAGES } from '../pipeline';

export type HeaderActions = {
  onMove: (to: ProspectStatus) => void;
  onEdit: () => void;
  onNewEstimate: () => void;
  onConvert: () => void;
  onArchive: (archived: boolean) => void;
};

const icon = (Icon: typeof Pencil) => <Icon aria-hidden="true" className="size-4" />;

export function DetailHeader({ prospect, backTo, actions }: { prospect: Prospect; backTo: string; actions: HeaderActions | null }) {
  return (
    <header className="flex flex-col gap-3">
      <Link to={backTo} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to prospects
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{personName(prospect)}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone={STAGE[prospect.status].tone}>
              <span data-testid="prospect-stage">{STAGE[prospect.status].label}</span>
            </Badge>
            {prospect.status_reason && <span>“{prospect.status_reason}”</span>}
            {prospect.company && <span>{prospect.company}</span>}
            {prospect.archived_at && <Badge>Archived</Badge>}
          </p>
        </div>
        {actions && (
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Stage" className="w-40">
              <Select value={prospect.status} onChange={(e) => actions.onMove(e.target.value as ProspectStatus)} options={STAGES.map((s) => ({ value: s, label: STAGE[s].label }))} />
            </Field>
            <Button variant="secondary" icon={icon(Pencil)} onClick={actions.onEdit}>
              Edit
            </Button>
            <Button variant="secondary" icon={icon(FilePlus2)} onClick={actions.onNewEstimate}>
              New estimate
            </Button>
            {!prospect.account_id && (
              <Button variant="secondary" icon={icon(Building2)} onClick={actions.onConvert}>
                Convert to account
              </Button>
            )}
            <Button variant="ghost" icon={icon(prospect.archived_at ? ArchiveRestore : Archive)} onClick={() => actions.onArchive(!prospect.archived_at)}>
              {prospect.archived_at ? 'Restore' : 'Archive'}
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}
