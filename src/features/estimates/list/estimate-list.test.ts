import { describe, expect, it } from 'vitest';
import { newestFirst } from '../../../db/collections/estimates';
import { DEFAULT_FILTER, filterEstimates, isDefaultView, newestFirstOrder, type ListRow } from './estimate-list';

function row(values: Partial<ListRow> & { id: string }): ListRow {
  const created = values.created_at ?? '2026-01-01T00:00:00Z';
  return {
    newest_first: newestFirst(created),
    number: 'EST-000001',
    title: '',
    status: 'draft',
    owner_id: null,
    account_id: null,
    prospect_id: null,
    created_at: '2026-01-01T00:00:00Z',
    total_cents: 0,
    margin_cents: null,
    margin_percent: null,
    search: '',
    customer_name: '',
    accepted_version_id: null,
    ...values,
  };
}

const rows = [
  row({ id: '1', number: 'EST-000001', title: 'Kitchen remodel', search: 'est-000001 kitchen remodel harbor cafe', status: 'sent', owner_id: 'u1', account_id: 'acc', created_at: '2026-01-10T10:00:00Z', total_cents: 500, margin_percent: 10 }),
  row({ id: '2', number: 'EST-000002', title: 'Deck', search: 'est-000002 deck', owner_id: 'u2', created_at: '2026-02-10T10:00:00Z', total_cents: 900, margin_percent: 45 }),
  row({ id: '3', number: 'EST-000010', title: 'Roof', search: 'est-000010 roof', owner_id: 'u1', created_at: '2026-03-10T10:00:00Z', total_cents: 100 }),
];

describe('filterEstimates', () => {
  const ids = (filter: Partial<typeof DEFAULT_FILTER>) => filterEstimates(rows, { ...DEFAULT_FILTER, ...filter }).map((r) => r.id);

  it('searches number, title and customer name, combined with the filters', () => {
    expect(ids({ search: 'deck' })).toEqual(['2']);
    expect(ids({ search: 'harbor' })).toEqual(['1']);
    expect(ids({ search: 'est-00001' })).toEqual(['3']);
    expect(ids({ search: 'est' })).toEqual(['3', '2', '1']);
    expect(ids({ search: 'est', ownerId: 'u1' })).toEqual(['3', '1']);
    expect(ids({ search: '  ' })).toEqual(['3', '2', '1']);
  });

  it('filters by status, owner and date range', () => {
    expect(ids({ status: 'sent' })).toEqual(['1']);
    expect(ids({ ownerId: 'u1' })).toEqual(['3', '1']);
    expect(ids({ from: '2026-02-01', to: '2026-02-28' })).toEqual(['2']);
  });

  it('sorts by number naturally, by total and by margin with N/A last', () => {
    expect(ids({ sort: 'number', direction: 'asc' })).toEqual(['1', '2', '3']);
    expect(ids({ sort: 'total', direction: 'desc' })).toEqual(['2', '1', '3']);
    expect(ids({ sort: 'margin', direction: 'asc' })).toEqual(['1', '2', '3']);
    expect(ids({ sort: 'margin', direction: 'desc' })).toEqual(['2', '1', '3']);
  });
});

describe('the first screen and the full list', () => {
  it('sorts by date on the creation instant whatever the timestamp format, ties by id', () => {
    const same = [
      row({ id: 'b', created_at: '2026-05-01T10:00:00.5+00:00' }),
      row({ id: 'a', created_at: '2026-05-01T10:00:00.500Z' }),
      row({ id: 'c', created_at: '2026-05-01 12:00:00.000001+02' }),
      row({ id: 'd', created_at: '2026-05-01T10:00:00.123456+00:00' }),
    ];
    expect(filterEstimates(same, DEFAULT_FILTER).map((r) => r.id)).toEqual(['a', 'b', 'd', 'c']);
    expect(filterEstimates(same, { ...DEFAULT_FILTER, direction: 'asc' }).map((r) => r.id)).toEqual(['c', 'd', 'a', 'b']);
  });

  it("keeps the index walk's order (newest_first, then id) in the default view", () => {
    const many = Array.from({ length: 40 }, (_, i) => row({ id: `id-${String((i * 7) % 40).padStart(2, '0')}`, created_at: `2026-01-${String(1 + (i % 9)).padStart(2, '0')}T08:00:00Z` }));
    const byIndex = [...many].sort(newestFirstOrder).map((r) => r.id);
    expect(filterEstimates(many, DEFAULT_FILTER).map((r) => r.id)).toEqual(byIndex);
  });

  it('knows which view the first screen can show', () => {
    expect(isDefaultView(DEFAULT_FILTER)).toBe(true);
    expect(isDefaultView({ ...DEFAULT_FILTER, search: '  ' })).toBe(true);
    expect(isDefaultView({ ...DEFAULT_FILTER, search: 'k' })).toBe(false);
    expect(isDefaultView({ ...DEFAULT_FILTER, status: 'sent' })).toBe(false);
    expect(isDefaultView({ ...DEFAULT_FILTER, to: '2026-01-01' })).toBe(false);
    expect(isDefaultView({ ...DEFAULT_FILTER, direction: 'asc' })).toBe(false);
    expect(isDefaultView({ ...DEFAULT_FILTER, sort: 'total' })).toBe(false);
  });
});
