// /accounts: the customer accounts (search, sort by name, open pipeline value or won revenue)
// and one account's page (?account={id}); ?new=1 opens the new-account form.
import { Building2, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageSpinner } from '../../components/ui/spinner';
import { can, useWorkspace } from '../../db/react';
import { AccountDetail } from './account-detail';
import { AccountDialog } from './account-dialog';
import { AccountList } from './account-list';
import { useAccounts, useTeamNames } from './use-accounts';
import { PageHeader } from '../../components/ui/page-header';

const paramsSchema = z.object({ account: z.string().uuid().nullable().catch(null), new: z.literal('1').nullable().catch(null) });

export function AccountsPage() {
  const { role } = useWorkspace();
  const [search, setSearch] = useSearchParams();
  const params = paramsSchema.parse({ account: search.get('account'), new: search.get('new') });
  const editable = can(role, 'editCustomers');
  const owners = useTeamNames();
  const data = useAccounts();
  const setNew = (open: boolean) =>
    setSearch((s) => {
      if (open) s.set('new', '1');
      else s.delete('new');
      return s;
    });

  if (params.account) return <AccountDetail id={params.account} owners={owners} />;
  const newButton = editable && (
    <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setNew(true)}>
      New account
    </Button>
  );
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title="Accounts" description="Customer companies, their contacts and their history with you." actions={newButton} />
      {data.loading ? (
        <PageSpinner label="Loading accounts…" />
      ) : data.accounts.length === 0 ? (
        <EmptyState icon={<Building2 />} title="No accounts yet" action={newButton || undefined}>
          {editable ? 'Add a customer company, or convert a prospect into one from their page.' : 'Accounts your team adds will show up here.'}
        </EmptyState>
      ) : (
        <AccountList accounts={data.accounts} figures={data.figures} owners={owners.names} figuresLoading={data.figuresLoading} />
      )}
      {editable && <AccountDialog open={params.new === '1'} account={null} owners={owners.options} onClose={() => setNew(false)} />}
    </div>
  );
}
