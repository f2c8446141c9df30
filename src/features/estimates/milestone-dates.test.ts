// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMilestoneDates } from './milestone-dates';

describe('useMilestoneDates', () => {
  it('checks an end typed right after a start against the new start, before the start is saved', () => {
    const { result } = renderHook(() => useMilestoneDates({ start_date: null, end_date: null }));
    result.current.onStartDraft('2026-03-20');
    expect(result.current.parseEnd('2026-03-15')).toEqual({ ok: false, error: 'The end date cannot be before the start date' });
    expect(result.current.parseEnd('2026-03-25')).toEqual({ ok: true, value: '2026-03-25' });
  });

  it('falls back to the stored date once the typed one is saved or given up', () => {
    const { result } = renderHook(() => useMilestoneDates({ start_date: '2026-03-01', end_date: '2026-03-10' }));
    result.current.onEndDraft('2026-04-01');
    expect(result.current.parseStart('2026-03-15')).toEqual({ ok: true, value: '2026-03-15' });
    result.current.onEndDraft(undefined);
    expect(result.current.parseStart('2026-03-15')).toEqual({ ok: false, error: 'The start date cannot be after the end date' });
  });
});
