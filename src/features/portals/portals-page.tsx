// /portals: every customer and prospect portal with its status, last access and views;
// search and filters; owners and admins create portals here (also arriving from an account or
// a prospect with ?create=account:{id} or ?create=prospect:{id}).
import { Globe, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { SearchInput } from '../../components/ui/filter-bar';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { can, useWorkspace } from '../../db/react';
import { CreatePortalDialog, type CreateStart } from './create-portal-dialog';
import { filterPortals, portalRows, type PortalFilters } from './portal-list';
import { PortalTable } from './portal-table';
import { personName, useAccounts, usePortals, useProspects } from './queries';
import { parseCreateParam } from './schemas';
import { PageHeader } from '../../components/ui/page-header';

function useRows(orgId: string) {
  const portals = usePortals(orgId);
  const accounts = useAccounts(orgId).result;
  const prospects = useProspects(orgId).result;
  const rows = useMemo(() => {
    const names = new Map<string, string>([...(accounts ?? []).map((a) => [a.id, a.name] as const), ...(prospects ?? []).map((p) => [p.id, personName(p)] as const)]);
    return portalRows(portals.result ?? [], names);
  }, [portals.result, accounts, prospects]);
  return { rows, loading: portals.loading && portals.result === undefined };
}

function Filters({ filters, onChange }: { filters: PortalFilters; onChange: (f: PortalFilters) => void }) {
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <Field label="Search">
        <SearchInput value={filters.search} onChange={(e) => onChange({ ...filters, search: e.target.value })} placeholder="Portal or customer…" autoComplete="off" />
      </Field>
      <Field label="Kind">
        <Select value={filters.kind} onChange={(e) => onChange({ ...filters, kind: e.target.value as PortalFilters['kind'] })} options={[{ value: 'customer', label: 'Customer portals' }, { value: 'prospect', label: 'Prospect portals' }]} placeholder="All kinds" />
      </Field>
      <Field label="Status">
        <Select value={filters.status} onChange={(e) => onChange({ ...filters, status: e.target.value as PortalFilters['status'] })} options={[{ value: 'active', label: 'Active' }, { value: 'expired', label: 'Expired' }, { value: 'revoked', label: 'Revoked' }]} placeholder="Any status" />
      </Field>
    </div>
  );
}

export function PortalsPage() {
  const { orgId, role } = useWorkspace();
  const manage = can(role, 'managePortals');
  const [params, setParams] = useSearchParams();
  const asked = parseCreateParam(params.get('create'));
  const [creating, setCreating] = useState<CreateStart | null>(null);
  const start = manage ? (creating ?? (asked === 'blank' ? { kind: 'customer' as const, customerId: '' } : asked)) : null;
  const [filters, setFilters] = useState<PortalFilters>({ search: '', kind: '', status: '' });
  const { rows, loading } = useRows(orgId);
  const shown = filterPortals(rows, filters);
  const close = () => {
    setCreating(null);
    if (params.has('create')) setParams((p) => (p.delete('create'), p), { replace: true });
  };
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title="Portals"
        description="Customer and prospect portals: what each shows, who has access, and their activity."
        actions={
          manage && (
            <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating({ kind: 'customer', customerId: '' })}>
              New portal
            </Button>
          )
        }
      />
      <Filters filters={filters} onChange={setFilters} />
      {loading ? (
        <Spinner label="Loading portals…" />
      ) : shown.length === 0 ? (
        <EmptyState icon={<Globe />} title={rows.length ? 'No portals match' : 'No portals yet'}>
          {rows.length ? 'Try another search, kind or status.' : manage ? 'Create a portal for an account or a prospect to share estimates, a timeline and a conversation.' : 'Owners and admins create portals.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {shown.length === rows.length ? `${rows.length} portals` : `${shown.length} of ${rows.length} portals`}
          </p>
          <PortalTable rows={shown} />
        </>
      )}
      <CreatePortalDialog start={start} onClose={close} />
    </div>
  );
}
