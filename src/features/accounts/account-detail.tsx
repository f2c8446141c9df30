// An account's page (/accounts?account={id}): its details and figures, contacts, estimates
// with totals and statuses, portal and notes; sales edit, archive and start estimates here.
import { Archive, ArchiveRestore, ArrowLeft, Building2, Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageSpinner } from '../../components/ui/spinner';
import type { Account } from '../../db/collections/accounts';
import type { Estimate } from '../../db/collections/estimates';
import type { Portal } from '../../db/collections/portals';
import type { Prospect } from '../../db/collections/prospects';
import { can, useLiveQuery, useWorkspace } from '../../db/react';
import { toast, toastError } from '../../lib/toast-store';
import { AccountDialog } from './account-dialog';
import { accountFigures, figuresOf } from './account-figures';
import { AccountEstimates, AccountFacts, AccountNumbers, AccountPortal, ContactsPanel } from './account-sections';
import { createEstimateForAccount, setArchived } from './commands';
import { accountById, contactsOf, estimatesOfAccount, portalsOfAccount } from './queries';

function useAccountDetail(id: string) {
  const account = useLiveQuery((db) => accountById(db, id), [id]);
  const contacts = useLiveQuery((db) => contactsOf(db, id), [id]);
  const contactIds = ((contacts.result ?? []) as Prospect[]).map((c) => c.id).sort();
  const key = contactIds.join(',');
  const estimates = useLiveQuery((db) => (contacts.result ? estimatesOfAccount(db, id, contactIds) : null), [id, key, contacts.result !== undefined]);
  const portals = useLiveQuery((db) => portalsOfAccount(db, id), [id]);
  const list = (estimates.result ?? []) as Estimate[];
  const figures = useMemo(() => {
    const contactOf = new Map(contactIds.map((c) => [c, id]));
    return figuresOf(accountFigures(list, contactOf), id);
    // contactIds is rebuilt each render; its joined key says when it changed.
  }, [list, key, id]);
  return {
    loading: account.loading,
    account: (account.result ?? null) as Account | null,
    contacts: (contacts.result ?? []) as Prospect[],
    estimates: list,
    portals: (portals.result ?? []) as Portal[],
    figures,
  };
}

export function AccountDetail({ id, owners }: { id: string; owners: { names: ReadonlyMap<string, string>; options: { value: string; label: string }[] } }) {
  const { db, orgId, userId, role } = useWorkspace();
  const navigate = useNavigate();
  const detail = useAccountDetail(id);
  const [editing, setEditing] = useState(false);
  const editable = can(role, 'editCustomers');
  if (detail.loading) return <PageSpinner label="Loading the account…" />;
  const { account } = detail;
  if (!account) {
    return (
      <EmptyState icon={<Building2 />} title="This account is not on this device" headingLevel="h1" action={<Link className={buttonClasses('secondary')} to="/accounts">Back to accounts</Link>}>
        It may have been deleted, or it has not synced to this device yet.
      </EmptyState>
    );
  }
  const newEstimate = () =>
    void createEstimateForAccount(db, { orgId, userId }, account.id)
      .then((e) => navigate(`/estimates/${e.id}/edit`))
      .catch((error: unknown) => toastError(error));
  const archive = (archived: boolean) =>
    void setArchived(db, account.id, archived)
      .then(() => toast({ tone: 'success', description: archived ? `${account.name} is archived.` : `${account.name} is active again.` }))
      .catch((error: unknown) => toastError(error));
  const icon = (Icon: typeof Pencil) => <Icon aria-hidden="true" className="size-4" />;
  return (
    <div className="flex flex-col gap-5">
      <Link to="/accounts" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to accounts
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{account.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {account.industry || 'Customer account'}
            {account.archived_at && <Badge>Archived</Badge>}
          </p>
        </div>
        {editable && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" icon={icon(Pencil)} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="ghost" icon={icon(account.archived_at ? ArchiveRestore : Archive)} onClick={() => archive(!account.archived_at)}>
              {account.archived_at ? 'Restore' : 'Archive'}
            </Button>
          </div>
        )}
      </header>
      <AccountNumbers figures={detail.figures} />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <AccountFacts account={account} owner={owners.names.get(account.owner_id ?? '')} />
        <div className="flex flex-col gap-5">
          <ContactsPanel contacts={detail.contacts} />
          <AccountPortal portals={detail.portals} accountId={account.id} canCreate={can(role, 'managePortals')} />
        </div>
        <AccountEstimates estimates={detail.estimates} onNew={editable ? newEstimate : null} />
      </div>
      {editable && <AccountDialog open={editing} account={account} owners={owners.options} onClose={() => setEditing(false)} />}
    </div>
  );
}
