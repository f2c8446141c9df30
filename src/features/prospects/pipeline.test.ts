import { describe, expect, it } from 'vitest';
import { prospects, type Prospect } from '../../db/collections/prospects';
import { countByStage, DEFAULT_TABLE_FILTER, filterProspects, movePatch, needsReason, personName, statusHistory } from './pipeline';

const ORG = '11111111-1111-4111-8111-111111111111';
const RITA = '33333333-3333-4333-8333-333333333333';
let n = 0;
const p = (values: Partial<Prospect>) =>
  prospects.create({ id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, org_id: ORG, updated_at: `2026-01-${String(10 + n).padStart(2, '0')}T00:00:00.000Z`, ...values });

describe('moves', () => {
  it('asks a reason for won and lost only, and writes it only there', () => {
    expect(['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'].filter((s) => needsReason(s as Prospect['status']))).toEqual(['won', 'lost']);
    const at = new Date('2026-03-01T10:00:00.000Z');
    const server = JSON.stringify([{ status: 'qualified', from: null, at: '2026-02-01T00:00:00.000Z', by: null, reason: '' }]);
    const won = movePatch({ status: 'qualified', status_history: server }, 'won', '  Signed ', RITA, at);
    expect(won).toMatchObject({ status: 'won', status_reason: 'Signed', status_changed_at: '2026-03-01T10:00:00.000Z' });
    expect(JSON.parse(won.status_history)).toEqual([
      { status: 'qualified', from: null, at: '2026-02-01T00:00:00.000Z', by: null, reason: '' },
      { status: 'won', from: 'qualified', at: '2026-03-01T10:00:00.000Z', by: RITA, reason: 'Signed', local: true },
    ]);
    expect(movePatch({ status: 'won', status_history: 'broken' }, 'contacted', 'ignored', RITA, at)).toMatchObject({ status: 'contacted', status_reason: '' });
  });

  it('names a person by name, else e-mail, else company', () => {
    expect(personName(p({ first_name: 'Ana', last_name: 'Lopez' }))).toBe('Ana Lopez');
    expect(personName(p({ email: 'ana@example.com', company: 'Harbor' }))).toBe('ana@example.com');
    expect(personName(p({ company: 'Harbor' }))).toBe('Harbor');
  });
});

describe('status history', () => {
  it("reads the server's entries and adds the device's own move until it syncs", () => {
    const history = JSON.stringify([
      { status: 'new', from: null, at: '2026-01-01T00:00:00.000Z', by: null, reason: '' },
      { status: 'qualified', from: 'new', at: '2026-01-05T00:00:00.000Z', by: RITA, reason: '' },
      { status: 'nonsense' },
    ]);
    const synced = p({ status: 'qualified', status_history: history });
    expect(statusHistory(synced).map((e) => [e.status, e.from, e.by, e.pending])).toEqual([
      ['new', null, null, false],
      ['qualified', 'new', RITA, false],
    ]);
    const moved = { ...synced, ...movePatch(synced, 'lost', 'Budget', RITA, new Date('2026-01-09T00:00:00.000Z')) };
    expect(statusHistory(moved).at(-1)).toEqual({ status: 'lost', from: 'qualified', at: '2026-01-09T00:00:00.000Z', by: RITA, reason: 'Budget', pending: true });
    // A stage the history does not end with (written before histories): shown at the end.
    expect(statusHistory({ ...synced, status: 'won', status_reason: 'x', status_changed_at: '2026-01-10T00:00:00.000Z' }).at(-1)).toMatchObject({ status: 'won', from: 'qualified', pending: true });
  });

  it('starts from the creation when nothing came from the server yet, and survives bad JSON', () => {
    const fresh = p({ status: 'new', created_at: '2026-02-02T00:00:00.000Z', status_history: 'not json' });
    expect(statusHistory(fresh)).toEqual([{ status: 'new', from: null, at: '2026-02-02T00:00:00.000Z', by: null, reason: '', pending: false }]);
  });
});

describe('the table', () => {
  const rows = [
    p({ first_name: 'Ana', last_name: 'Lopez', company: 'Harbor Cafe', status: 'new', source: 'request_form', owner_id: RITA }),
    p({ first_name: 'Bo', last_name: 'Kim', company: 'Summit Roofing', status: 'won', status_reason: 'x', source: 'manual' }),
    p({ first_name: 'Cy', last_name: 'Adams', email: 'cy@harbor.example', status: 'qualified', source: 'import', owner_id: RITA }),
    p({ first_name: 'Di', last_name: 'Old', status: 'lost', status_reason: 'x', archived_at: '2026-01-30T00:00:00.000Z' }),
  ];
  const names = (list: readonly Prospect[]) => list.map((r) => r.first_name);

  it('filters by stage, source, owner (or none) and archive, newest change first by default', () => {
    expect(names(filterProspects(rows, DEFAULT_TABLE_FILTER))).toEqual(['Cy', 'Bo', 'Ana']);
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, status: 'won' }))).toEqual(['Bo']);
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, source: 'import' }))).toEqual(['Cy']);
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, ownerId: RITA }))).toEqual(['Cy', 'Ana']);
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, ownerId: 'none' }))).toEqual(['Bo']);
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, archived: true }))).toEqual(['Di']);
  });

  it('searches name, e-mail and company by word prefix, or takes the index answer', () => {
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, search: 'harb' }))).toEqual(['Cy', 'Ana']);
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, search: 'lop harb' }))).toEqual(['Ana']);
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, search: 'harbor.example' }))).toEqual(['Cy']);
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, search: 'anything' }, new Set([rows[1]!.id])))).toEqual(['Bo']);
  });

  it('sorts by name, company or stage in either direction', () => {
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, sort: 'name', direction: 'asc' }))).toEqual(['Ana', 'Bo', 'Cy']);
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, sort: 'company', direction: 'desc' }))).toEqual(['Bo', 'Ana', 'Cy']);
    expect(names(filterProspects(rows, { ...DEFAULT_TABLE_FILTER, sort: 'status', direction: 'asc' }))).toEqual(['Ana', 'Cy', 'Bo']);
  });

  it('counts the open prospects per stage', () => {
    expect(countByStage(rows)).toEqual({ new: 1, contacted: 0, qualified: 1, proposal: 0, won: 1, lost: 0 });
  });
});
