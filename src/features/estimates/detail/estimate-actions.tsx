// What staff can do with an estimate from its page: edit, send, revise, duplicate, hand over
// in tablet mode, print, archive (customer links are in the links panel). Each button shows only where the
// status and the member's role allow it (the server enforces the same).
import { Archive, Copy, Pencil, PencilLine, Printer, Send, Tablet } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import type { Estimate, EstimateStatus } from '../../../db/collections/estimates';
import type { Milestone } from '../../../db/collections/milestones';
import { can, useWorkspace } from '../../../db/react';
import { toast, toastError } from '../../../lib/toast-store';
import { duplicateEstimate, REVISABLE, reviseDeclined, reviseEstimate, setStatus } from '../commands';
import { SendDialog } from './send-dialog';

const SENDABLE: readonly EstimateStatus[] = ['draft', 'changes_requested', 'expired'];
const ARCHIVABLE: readonly EstimateStatus[] = ['draft', 'sent', 'viewed', 'changes_requested', 'expired', 'accepted', 'declined'];
const LOCKED: readonly EstimateStatus[] = ['accepted', 'declined', 'archived'];

type Props = { estimate: Estimate; items: EstimateItem[]; milestones: Milestone[]; suggestedEmail: string };

function useEstimateActions({ estimate, items, milestones }: Props) {
  const { db, userId } = useWorkspace();
  const navigate = useNavigate();
  const archive = () =>
    void setStatus(db, estimate.id, 'archived')
      .then(() => toast({ tone: 'success', title: 'Estimate archived', description: navigator.onLine ? undefined : 'Saved on this device; it goes out when you are back online.' }))
      .catch((e: unknown) => toastError(e));
  const revise = () => {
    const revision = estimate.status === 'declined' ? reviseDeclined(db, estimate, items, milestones, userId) : reviseEstimate(db, estimate);
    void revision
      .then((draft) => {
        toast({ tone: 'success', title: draft.id === estimate.id ? 'Back to draft for your changes' : 'A new draft revises the declined estimate' });
        navigate(`/estimates/${draft.id}/edit`);
      })
      .catch((e: unknown) => toastError(e));
  };
  const duplicate = () =>
    void duplicateEstimate(db, estimate, items, milestones, userId)
      .then((copy) => navigate(`/estimates/${copy.id}/edit`))
      .catch((e: unknown) => toastError(e));
  return { archive, revise, duplicate };
}

export function EstimateActions(props: Props) {
  const { estimate, items, suggestedEmail } = props;
  const { role } = useWorkspace();
  const [dialog, setDialog] = useState<'send' | null>(null);
  const { archive, revise, duplicate } = useEstimateActions(props);
  const canEdit = can(role, 'editEstimates');
  const status = estimate.status;
  const icon = (Icon: typeof Send) => <Icon aria-hidden="true" className="size-4" />;
  return (
    <div className="flex flex-wrap gap-2 print:hidden" role="group" aria-label="Actions">
      {canEdit && status === 'draft' && (
        <Link to={`/estimates/${estimate.id}/edit`} className={buttonClasses('primary')}>
          {icon(Pencil)} Edit
        </Link>
      )}
      {canEdit && SENDABLE.includes(status) && (
        <Button variant="secondary" icon={icon(Send)} onClick={() => setDialog('send')} disabled={items.length === 0} title={items.length === 0 ? 'Add a line first' : undefined}>
          Send
        </Button>
      )}
      {canEdit && (REVISABLE.includes(status) || status === 'declined') && (
        <Button
          variant={status === 'changes_requested' ? 'primary' : 'secondary'}
          icon={icon(PencilLine)}
          onClick={revise}
          title={status === 'declined' ? 'Declined estimates are locked: the revision is a new draft' : 'Back to draft to change it, then send it again'}
        >
          Revise
        </Button>
      )}
      {canEdit && (
        <Button variant="secondary" icon={icon(Copy)} onClick={duplicate}>
          Duplicate
        </Button>
      )}
      {canEdit && !LOCKED.includes(status) && (
        <Link to={`/estimates/${estimate.id}/streamlined`} className={buttonClasses('secondary')}>
          {icon(Tablet)} Tablet mode
        </Link>
      )}
      <Button variant="secondary" icon={icon(Printer)} onClick={() => window.print()}>
        Print
      </Button>
      {canEdit && ARCHIVABLE.includes(status) && (
        <Button variant="ghost" icon={icon(Archive)} onClick={archive}>
          Archive
        </Button>
      )}
      <SendDialog open={dialog === 'send'} onClose={() => setDialog(null)} estimate={estimate} suggestedEmail={suggestedEmail} />
    </div>
  );
}
