// /prospects: the pipeline as a board or a table, the request inbox, and the page of one
// prospect or request, chosen by the address (?view=board|table|requests, ?prospect={id},
// ?request={id}, ?new=1 opens the new-prospect form). Everything reads and writes the device
// database, offline too.
import { Plus, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import type { Account } from '../../db/collections/accounts';
import type { Prospect } from '../../db/collections/prospects';
import { listAccounts } from '../../db/queries';
import { can, useLiveQuery, useWorkspace } from '../../db/react';
import { Board } from './board/board';
import { ProspectDetail } from './detail/prospect-detail';
import { ImportDialog } from './import-dialog';
import { ProspectDialog } from './prospect-dialog';
import { allProspects, newRequests } from './queries';
import { RequestDetail } from './requests/request-detail';
import { RequestInbox } from './requests/request-inbox';
import { useRequestArrivals } from './requests/use-request-arrivals';
import { ProspectTable } from './table/prospect-table';
import { useTeam } from './use-team';
import { ViewTabs, type View } from './view-tabs';

const paramsSchema = z.object({
  view: z.enum(['board', 'table', 'requests']).catch('board'),
  prospect: z.string().uuid().nullable().catch(null),
  request: z.string().uuid().nullable().catch(null),
  new: z.literal('1').nullable().catch(null),
});

function useAccountOptions() {
  const { orgId } = useWorkspace();
  const accounts = useLiveQuery((db) => listAccounts(db, { orgId }), [orgId]);
  return useMemo(() => {
    const list = ((accounts.result ?? []) as Account[]).filter((a) => !a.archived);
    return { options: list.map((a) => ({ value: a.id, label: a.name })), names: new Map(list.map((a) => [a.id, a.name])) };
  }, [accounts.result]);
}

function Actions({ editable, onNew, onImport }: { editable: boolean; onNew: () => void; onImport: () => void }) {
  return (
    <>
      {editable && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" icon={<Upload aria-hidden="true" className="size-4" />} onClick={onImport}>
            Import CSV
          </Button>
          <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={onNew}>
            New prospect
          </Button>
        </div>
      )}
    </>
  );
}

export function ProspectsPage() {
  const { db, orgId, role } = useWorkspace();
  const [search, setSearch] = useSearchParams();
  const params = paramsSchema.parse({ view: search.get('view'), prospect: search.get('prospect'), request: search.get('request'), new: search.get('new') });
  const editable = can(role, 'editCustomers');
  const team = useTeam();
  const accounts = useAccountOptions();
  const waiting = useLiveQuery((d) => newRequests(d, orgId), [orgId]);
  const [importing, setImporting] = useState(false);
  useRequestArrivals();
  const view: View = params.view;
  const setNew = (open: boolean) =>
    setSearch((s) => {
      if (open) s.set('new', '1');
      else s.delete('new');
      return s;
    });

  if (params.prospect) return <ProspectDetail id={params.prospect} backTo={`/prospects?view=${view}`} team={team} accounts={accounts.options} />;
  if (params.request) return <RequestDetail id={params.request} />;
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Prospects</h1>
        <p className="mt-1 text-sm text-slate-600">Everyone who might become a customer, and where they stand.</p>
      </header>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ViewTabs view={view} waiting={(waiting.result as unknown[] | undefined)?.length ?? 0} />
        <Actions editable={editable} onNew={() => setNew(true)} onImport={() => setImporting(true)} />
      </div>
      {view === 'board' && <Board owners={team.names} movable={editable} />}
      {view === 'table' && <ProspectTable team={team} accounts={accounts.names} />}
      {view === 'requests' && <RequestInbox />}
      {editable && (
        <>
          <ProspectDialog open={params.new === '1'} prospect={null} options={{ team, accounts: accounts.options }} onClose={() => setNew(false)} />
          <ImportDialog open={importing} team={team} existing={async () => (await allProspects(db, orgId).exec()).map((d) => d.toJSON() as Prospect)} onClose={() => setImporting(false)} />
        </>
      )}
    </div>
  );
}
