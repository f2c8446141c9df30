// The catalogue's search, category and status filters, and the live queries they drive.
import { useDeferredValue, useMemo, useState } from 'react';
import { Field } from '../../components/ui/field';
import { SearchInput } from '../../components/ui/filter-bar';
import { Select } from '../../components/ui/select';
import { useLiveQuery, useWorkspace } from '../../db/react';
import { allProducts, categoriesOf, filteredProducts, refusedProducts, type StatusFilter } from './queries';

const NO_CATEGORY = '\u0000none';
const ALL = '';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active only' },
  { value: 'inactive', label: 'Inactive only' },
  { value: 'all', label: 'All' },
];

export function useCatalogue(editable: boolean) {
  const { orgId } = useWorkspace();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL);
  const [status, setStatus] = useState<StatusFilter>(editable ? 'all' : 'active');
  const term = useDeferredValue(search);
  const catalogue = useLiveQuery((d) => allProducts(d, orgId), [orgId]);
  const shown = useLiveQuery(
    (d) => filteredProducts(d, { orgId, search: term, status, category: category === ALL ? null : category === NO_CATEGORY ? '' : category }),
    [orgId, term, status, category],
  );
  const refused = useLiveQuery((d) => refusedProducts(d), []);
  const refusals = useMemo(() => new Map((refused.result ?? []).map((f) => [f.doc_id, f.message || f.reason])), [refused.result]);
  const all = catalogue.result ?? [];
  const categories = useMemo(() => categoriesOf(all), [all]);
  const filters = { search, setSearch, category, setCategory, status, setStatus, categories, hasUncategorized: all.some((p) => p.category.trim() === '') };
  return {
    filters,
    all,
    categories,
    rows: shown.result ?? [],
    loading: shown.loading && shown.result === undefined,
    filtering: term.trim() !== '' || category !== ALL || status !== 'all',
    refusals,
    clearFilters: () => {
      setSearch('');
      setCategory(ALL);
      setStatus('all');
    },
  };
}

export function ProductFilters({ filters: f }: { filters: ReturnType<typeof useCatalogue>['filters'] }) {
  const categoryOptions = [...f.categories.map((c) => ({ value: c, label: c })), ...(f.hasUncategorized ? [{ value: NO_CATEGORY, label: 'No category' }] : [])];
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <Field label="Search">
        <SearchInput value={f.search} onChange={(e) => f.setSearch(e.target.value)} placeholder="SKU, name, category…" autoComplete="off" />
      </Field>
      <Field label="Category">
        <Select value={f.category} onChange={(e) => f.setCategory(e.target.value)} options={categoryOptions} placeholder="All categories" />
      </Field>
      <Field label="Status">
        <Select value={f.status} onChange={(e) => f.setStatus(e.target.value as StatusFilter)} options={STATUS_OPTIONS} />
      </Field>
    </div>
  );
}
