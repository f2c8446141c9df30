// Range presets, a custom range, owner and account.
import { Field, Input } from '../../components/ui/field';
import { Select, type SelectOption } from '../../components/ui/select';
import { PRESET_LABELS, PRESETS, type Filters, type RangeAnswer } from './filters';

export function FiltersBar({
  filters,
  onChange,
  range,
  owners,
  accounts,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  range: RangeAnswer;
  owners: readonly SelectOption[];
  accounts: readonly SelectOption[];
}) {
  const custom = filters.preset === 'custom';
  const error = (field: 'from' | 'to') => (!range.ok && range.field === field ? range.error : undefined);
  return (
    <div role="search" aria-label="Analytics filters" className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-3">
      <Field label="Date range" className="col-span-2 sm:col-span-1">
        <Select value={filters.preset} onChange={(e) => onChange({ preset: e.target.value as Filters['preset'] })} options={PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] }))} />
      </Field>
      <Field label="Owner">
        <Select value={filters.ownerId} onChange={(e) => onChange({ ownerId: e.target.value })} placeholder="Everyone" options={owners} />
      </Field>
      <Field label="Account">
        <Select value={filters.accountId} onChange={(e) => onChange({ accountId: e.target.value })} placeholder="All accounts" options={accounts} />
      </Field>
      {custom && (
        <>
          <Field label="From" error={error('from')}>
            <Input type="date" value={filters.from} invalid={Boolean(error('from'))} onChange={(e) => onChange({ from: e.target.value })} />
          </Field>
          <Field label="To" error={error('to')}>
            <Input type="date" value={filters.to} invalid={Boolean(error('to'))} onChange={(e) => onChange({ to: e.target.value })} />
          </Field>
        </>
      )}
    </div>
  );
}
