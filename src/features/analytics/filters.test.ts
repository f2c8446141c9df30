import { describe, expect, it } from 'vitest';
import { filtersToParams, parseFilters, rangeLabel, rangeOf, type Filters } from './filters';

const TODAY = new Date(2026, 2, 15, 16, 30);
const OWNER = '00000000-0000-4000-8000-00000000000a';
const base: Filters = { preset: 'last-90', from: '', to: '', ownerId: '', accountId: '' };

describe('analytics filters', () => {
  it('reads the URL, falling back to the defaults for anything unknown', () => {
    expect(parseFilters(new URLSearchParams(''))).toEqual(base);
    expect(parseFilters(new URLSearchParams(`range=this-year&owner=${OWNER}&account=nope`))).toEqual({ ...base, preset: 'this-year', ownerId: OWNER });
    expect(parseFilters(new URLSearchParams('range=forever&from=yesterday'))).toEqual(base);
    expect(parseFilters(new URLSearchParams('range=custom&from=2026-01-05&to=2026-02-01'))).toEqual({ ...base, preset: 'custom', from: '2026-01-05', to: '2026-02-01' });
  });

  it('writes only what differs from the defaults, and the dates only of a custom range', () => {
    expect(filtersToParams(base).toString()).toBe('');
    expect(filtersToParams({ ...base, preset: 'this-month', from: '2026-01-01', ownerId: OWNER }).toString()).toBe(`range=this-month&owner=${OWNER}`);
    const custom = { ...base, preset: 'custom' as const, from: '2026-01-05', to: '2026-02-01' };
    expect(parseFilters(filtersToParams(custom))).toEqual(custom);
  });

  it('turns presets into local day ranges ending today', () => {
    const range = (preset: Filters['preset']) => {
      const answer = rangeOf({ ...base, preset }, TODAY);
      if (!answer.ok) throw new Error(answer.error);
      return [answer.range.from, answer.range.to];
    };
    const end = new Date(2026, 2, 16);
    expect(range('this-month')).toEqual([new Date(2026, 2, 1), end]);
    expect(range('last-30')).toEqual([new Date(2026, 1, 14), end]);
    expect(range('last-90')).toEqual([new Date(2025, 11, 16), end]);
    expect(range('this-year')).toEqual([new Date(2026, 0, 1), end]);
  });

  it('checks a custom range and says what is wrong with it', () => {
    expect(rangeOf({ preset: 'custom', from: '2026-01-05', to: '2026-01-05' }, TODAY)).toEqual({ ok: true, range: { from: new Date(2026, 0, 5), to: new Date(2026, 0, 6) } });
    expect(rangeOf({ preset: 'custom', from: '', to: '2026-01-05' }, TODAY)).toEqual({ ok: false, field: 'from', error: 'Enter the first day of the range' });
    expect(rangeOf({ preset: 'custom', from: '2026-02-30', to: '2026-03-01' }, TODAY)).toMatchObject({ ok: false, field: 'from' });
    expect(rangeOf({ preset: 'custom', from: '2026-02-10', to: '2026-02-01' }, TODAY)).toEqual({ ok: false, field: 'to', error: 'The end date cannot be before the start date' });
  });

  it('labels a range by its first and last day', () => {
    expect(rangeLabel({ from: new Date(2026, 0, 1), to: new Date(2026, 3, 1) })).toBe('Jan 1, 2026 – Mar 31, 2026');
  });
});
