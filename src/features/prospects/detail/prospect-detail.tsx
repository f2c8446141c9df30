// A prospect's page (/prospects?prospect={id}): header with stage and actions, contact and
// notes, stage history, estimates, requests, comments and portal.
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import type { Prospect } from '../../../db/collections/prospects';
import { can, useWorkspace } from '../../../db/react';
import { toast, toastError } from '../../../lib/toast-store';
import { convertToAccount, createEstimateFor, setArchived } from '../commands';
import { personName } from '../pipeline';
import { ProspectDialog } from '../prospect-dialog';
import { useProspectMove } from '../use-move';
import type { Team } from '../use-team';
import { ContactCard } from './contact-card';
import { ConvertDialog } from './convert-dialog';
import { DetailHeader, type HeaderActions } from './detail-header';
import { CommentsPanel, EstimatesPanel, PortalPanel, RequestsPanel } from './related';
import { StatusHistory } from './status-history';
import { useProspectDetail } from './use-prospect-detail';

function useActions(prospect: Prospect, open: { edit: () => void; convert: () => void }): Omit<HeaderActions, 'onMove'> {
  const { db, orgId, userId } = useWorkspace();
  const navigate = useNavigate();
  return {
    onEdit: open.edit,
    onConvert: open.convert,
    onNewEstimate: () =>
      void createEstimateFor(db, { orgId, userId }, prospect)
        .then((estimate) => navigate(`/estimates/${estimate.id}/edit`))
        .catch((error: unknown) => toastError(error)),
    onArchive: (archived) =>
      void setArchived(db, prospect.id, archived)
        .then(() => toast({ tone: 'success', description: archived ? `${personName(prospect)} is archived; find them under "Show archived" in the table.` : `${personName(prospect)} is back in the pipeline.` }))
        .catch((error: unknown) => toastError(error)),
  };
}

export function ProspectDetail({ id, backTo, team, accounts }: { id: string; backTo: string; team: Team; accounts: readonly { value: string; label: string }[] }) {
  const detail = useProspectDetail(id);
  if (detail.loading) return <PageSpinner label="Loading the prospect…" />;
  if (!detail.prospect) {
    return (
      <EmptyState icon={<UserX />} title="This prospect is not on this device" headingLevel="h1" action={<Link className={buttonClasses('secondary')} to={backTo}>Back to prospects</Link>}>
        It may have been deleted, or it has not synced to this device yet.
      </EmptyState>
    );
  }
  return <ProspectPage detail={{ ...detail, prospect: detail.prospect }} backTo={backTo} team={team} accounts={accounts} />;
}

type Detail = ReturnType<typeof useProspectDetail> & { prospect: Prospect };

function ProspectPage({ detail, backTo, team, accounts }: { detail: Detail; backTo: string; team: Team; accounts: readonly { value: string; label: string }[] }) {
  const { db, orgId, userId, role } = useWorkspace();
  const { prospect } = detail;
  const editable = can(role, 'editCustomers');
  const [editing, setEditing] = useState(false);
  const [converting, setConverting] = useState(false);
  const [busy, setBusy] = useState(false);
  const { move, dialog } = useProspectMove();
  const actions = useActions(prospect, { edit: () => setEditing(true), convert: () => setConverting(true) });
  const convert = async () => {
    setBusy(true);
    try {
      const { account, repointed } = await convertToAccount(db, { orgId, userId }, prospect);
      toast({ tone: 'success', description: `Created the account ${account.name}${repointed ? ` and moved ${repointed} ${repointed === 1 ? 'estimate' : 'estimates'} to it` : ''}.` });
      setConverting(false);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-5">
      <DetailHeader prospect={prospect} backTo={backTo} actions={editable ? { ...actions, onMove: (to) => move(prospect, to) } : null} />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <ContactCard prospect={prospect} account={detail.account} owner={team.names.get(prospect.owner_id ?? '')} />
        <StatusHistory prospect={prospect} names={team.names} />
        <EstimatesPanel estimates={detail.estimates} onNew={editable ? actions.onNewEstimate : null} />
        <RequestsPanel requests={detail.requests} />
        <CommentsPanel comments={detail.comments} />
        <PortalPanel portals={detail.portals} createHref={`/portals?create=prospect&prospect=${prospect.id}`} canCreate={can(role, 'managePortals')} />
      </div>
      {editable && (
        <>
          <ProspectDialog open={editing} prospect={prospect} options={{ team, accounts }} onClose={() => setEditing(false)} />
          <ConvertDialog prospect={prospect} estimates={detail.estimates} open={converting} busy={busy} onClose={() => setConverting(false)} onConfirm={() => void convert()} />
          {dialog}
        </>
      )}
    </div>
  );
}
