import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER, filterEstimates, matchesSearch, type ListRow } from './estimate-list';

function row(values: Partial<ListRow> & { id: string }): ListRow {
  return {
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
    ...values,
  };
}

const rows = [
  row({ id: '1', number: 'EST-000001', title: 'Kitchen remodel', search: 'est-000001 kitchen remodel', status: 'sent', owner_id: 'u1', account_id: 'acc', created_at: '2026-01-10T10:00:00Z', total_cents: 500, margin_percent: 10 }),
  row({ id: '2', number: 'EST-000002', title: 'Deck', search: 'est-000002 deck', owner_id: 'u2', created_at: '2026-02-10T10:00:00Z', total_cents: 900, margin_percent: 45 }),
  row({ id: '3', number: 'EST-000010', title: 'Roof', search: 'est-000010 roof', owner_id: 'u1', created_at: '2026-03-10T10:00:00Z', total_cents: 100 }),
];
const customers = new Map([['acc', 'Harbor Café']]);

describe('matchesSearch', () => {
  it('matches the beginning of any word, case- and accent-insensitively', () => {
    expect(matchesSearch('kitchen remodel', 'REMO')).toBe(true);
    expect(matchesSearch('kitchen remodel', 'model')).toBe(false);
    expect(matchesSearch('est-000001 kitchen', '000001')).toBe(true);
    expect(matchesSearch('harbor cafe', 'café')).toBe(true);
  });
});

describe('filterEstimates', () => {
  const ids = (filter: Partial<typeof DEFAULT_FILTER>) => filterEstimates(rows, { ...DEFAULT_FILTER, ...filter }, customers).map((r) => r.id);

  it('searches number, title and customer name', () => {
    expect(ids({ search: 'deck' })).toEqual(['2']);
    expect(ids({ search: 'harbor' })).toEqual(['1']);
    expect(ids({ search: 'est-00001' })).toEqual(['3']);
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
