// The table's search (name, e-mail, company) and filters (stage, source, owner, archived).
import { Field } from '../../../components/ui/field';
import { FilterBar, SearchInput } from '../../../components/ui/filter-bar';
import { Select } from '../../../components/ui/select';
import { SOURCE_LABEL, SOURCES, STAGE, STAGES, type TableFilter } from '../pipeline';

export function TableFilters({ filter, onChange, owners }: { filter: TableFilter; onChange: (patch: Partial<TableFilter>) => void; owners: readonly { value: string; label: string }[] }) {
  return (
    <FilterBar className="grid-cols-2 sm:grid-cols-6">
      <Field label="Search" className="col-span-2 sm:col-span-6">
        <SearchInput value={filter.search} onChange={(e) => onChange({ search: e.target.value })} placeholder="Name, e-mail or company" />
      </Field>
      <Field label="Stage" className="sm:col-span-2">
        <Select
          value={filter.status}
          onChange={(e) => onChange({ status: e.target.value as TableFilter['status'] })}
          placeholder="All stages"
          options={STAGES.map((s) => ({ value: s, label: STAGE[s].label }))}
        />
      </Field>
      <Field label="Source" className="sm:col-span-2">
        <Select
          value={filter.source}
          onChange={(e) => onChange({ source: e.target.value as TableFilter['source'] })}
          placeholder="All sources"
          options={SOURCES.map((s) => ({ value: s, label: SOURCE_LABEL[s] }))}
        />
      </Field>
      <Field label="Owner" className="col-span-2 sm:col-span-2">
        <Select value={filter.ownerId} onChange={(e) => onChange({ ownerId: e.target.value })} placeholder="Anyone" options={[...owners, { value: 'none', label: 'No owner' }]} />
      </Field>
      <label className="col-span-2 flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:col-span-6">
        <input type="checkbox" className="size-5 accent-brand-700" checked={filter.archived} onChange={(e) => onChange({ archived: e.target.checked })} />
        Show archived prospects instead
      </label>
    </FilterBar>
  );
}
