// The estimates list's search, filters and sort.
import { Field, Input } from '../../../components/ui/field';
import { FilterBar, SearchInput } from '../../../components/ui/filter-bar';
import { Select } from '../../../components/ui/select';
import { ESTIMATE_STATUSES } from '../../../db/collections/estimates';
import { statusLabel } from '../status-badge';
import type { ListFilter, SortKey } from './estimate-list';

const SORTS: { value: `${SortKey}:${'asc' | 'desc'}`; label: string }[] = [
  { value: 'date:desc', label: 'Newest first' },
  { value: 'date:asc', label: 'Oldest first' },
  { value: 'number:desc', label: 'Number, high to low' },
  { value: 'number:asc', label: 'Number, low to high' },
  { value: 'total:desc', label: 'Total, high to low' },
  { value: 'total:asc', label: 'Total, low to high' },
  { value: 'margin:desc', label: 'Margin, high to low' },
  { value: 'margin:asc', label: 'Margin, low to high' },
];

export function ListFilters({ filter, onChange, owners }: { filter: ListFilter; onChange: (patch: Partial<ListFilter>) => void; owners: ReadonlyMap<string, string> }) {
  return (
    <FilterBar className="grid-cols-2 sm:grid-cols-6">
      <Field label="Search" className="col-span-2 sm:col-span-6">
        <SearchInput value={filter.search} onChange={(e) => onChange({ search: e.target.value })} placeholder="Number, title or customer" />
      </Field>
      <Field label="Status" className="sm:col-span-2">
        <Select
          value={filter.status}
          onChange={(e) => onChange({ status: e.target.value as ListFilter['status'] })}
          placeholder="All statuses"
          options={ESTIMATE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
      </Field>
      <Field label="Owner" className="sm:col-span-2">
        <Select value={filter.ownerId} onChange={(e) => onChange({ ownerId: e.target.value })} placeholder="Anyone" options={[...owners].map(([value, label]) => ({ value, label }))} />
      </Field>
      <Field label="Sort" className="sm:col-span-2">
        <Select
          value={`${filter.sort}:${filter.direction}`}
          onChange={(e) => {
            const [sort, direction] = e.target.value.split(':') as [SortKey, 'asc' | 'desc'];
            onChange({ sort, direction });
          }}
          options={SORTS}
        />
      </Field>
      <Field label="Created from" className="sm:col-span-3">
        <Input type="date" value={filter.from} onChange={(e) => onChange({ from: e.target.value })} />
      </Field>
      <Field label="Created to" className="sm:col-span-3">
        <Input type="date" value={filter.to} onChange={(e) => onChange({ to: e.target.value })} />
      </Field>
    </FilterBar>
  );
}
