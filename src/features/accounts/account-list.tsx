// The accounts: search, sort by name, open pipeline value or won revenue, archived ones apart.
import { Building2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/badge';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { FilterBar, SearchInput } from '../../components/ui/filter-bar';
import { Select } from '../../components/ui/select';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '../../components/ui/table';
import type { Account } from '../../db/collections/accounts';
import { formatMoney } from '../../lib/money';
import { matchesWords } from '../../lib/text-search';
import { figuresOf, sortAccounts, type AccountFigures, type AccountSort } from './account-figures';

const SORTS: { value: AccountSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'open', label: 'Open pipeline value' },
  { value: 'won', label: 'Won revenue' },
];

type Props = { accounts: readonly Account[]; figures: ReadonlyMap<string, AccountFigures>; owners: ReadonlyMap<string, string>; figuresLoading: boolean };

function Filters({ search, sort, archived, onChange }: { search: string; sort: AccountSort; archived: boolean; onChange: (patch: Partial<{ search: string; sort: AccountSort; archived: boolean }>) => void }) {
  return (
    <FilterBar className="sm:grid-cols-3">
      <Field label="Search" className="sm:col-span-2">
        <SearchInput value={search} onChange={(e) => onChange({ search: e.target.value })} placeholder="Name, industry, e-mail or tag" />
      </Field>
      <Field label="Sort by">
        <Select value={sort} onChange={(e) => onChange({ sort: e.target.value as AccountSort })} options={SORTS} />
      </Field>
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:col-span-3">
        <input type="checkbox" className="size-5 accent-brand-700" checked={archived} onChange={(e) => onChange({ archived: e.target.checked })} />
        Show archived accounts instead
      </label>
    </FilterBar>
  );
}

export function AccountList({ accounts, figures, owners, figuresLoading }: Props) {
  const [filter, setFilter] = useState({ search: '', sort: 'name' as AccountSort, archived: false });
  const rows = useMemo(
    () => sortAccounts(accounts.filter((a) => a.archived === filter.archived && matchesWords(a.search, filter.search)), figures, filter.sort),
    [accounts, figures, filter],
  );
  const total = accounts.filter((a) => a.archived === filter.archived).length;
  const money = (cents: number) => (figuresLoading ? '…' : formatMoney(cents));
  return (
    <div className="flex flex-col gap-3">
      <Filters {...filter} onChange={(patch) => setFilter((f) => ({ ...f, ...patch }))} />
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="account-count">
        {rows.length === total ? `${total} ${filter.archived ? 'archived accounts' : 'accounts'}` : `${rows.length} of ${total} ${filter.archived ? 'archived accounts' : 'accounts'}`}
      </p>
      {rows.length === 0 ? (
        <EmptyState icon={<Building2 />} title="No account matches">
          Try another search, or show the other accounts.
        </EmptyState>
      ) : (
        <Table>
          <TableColumns columns={['Account', { label: 'Owner', className: 'hidden md:table-cell' }, { label: 'Open pipeline', className: 'text-right' }, { label: 'Won revenue', className: 'text-right' }]} />
          <TableBody>
            {rows.map((a) => {
              const f = figuresOf(figures, a.id);
              return (
                <TableRow key={a.id}>
                  <TableCell className="max-w-0 w-1/2">
                    <Link to={`/accounts?account=${a.id}`} className="block truncate font-medium text-slate-900 hover:underline" data-testid="account-link">
                      {a.name}
                    </Link>
                    <span className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                      {a.industry || 'No industry'} · {f.estimates} {f.estimates === 1 ? 'estimate' : 'estimates'}
                      {a.tags && a.tags.split(',').slice(0, 2).map((t) => <Badge key={t}>{t.trim()}</Badge>)}
                    </span>
                  </TableCell>
                  <TableCell className="hidden truncate md:table-cell">{owners.get(a.owner_id ?? '') ?? 'No owner'}</TableCell>
                  <TableCell className="text-right font-medium text-slate-900 tabular-nums">{money(f.open)}</TableCell>
                  <TableCell className="text-right font-medium text-slate-900 tabular-nums">{money(f.won)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
