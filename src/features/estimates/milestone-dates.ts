// A milestone's start and end, checked against each other as typed: the end may not come
// before the start. Each date is compared with the other's latest typed value (or the stored
// one), so an end typed while the start's save is still on its way is checked against the new
// start, not the old one, and the two can never be saved into a pair the server refuses.
import { useRef } from 'react';
import type { Milestone } from '../../db/collections/milestones';
import { checkDateRange, parseDate, type Parsed } from './field-parsers';

type Dates = Pick<Milestone, 'start_date' | 'end_date'>;

export function useMilestoneDates(milestone: Dates) {
  const typed = useRef<{ start?: string | null; end?: string | null }>({});
  const start = () => (typed.current.start !== undefined ? typed.current.start : milestone.start_date);
  const end = () => (typed.current.end !== undefined ? typed.current.end : milestone.end_date);
  const parseStart = (text: string): Parsed<string | null> => {
    const parsed = parseDate(text);
    if (!parsed.ok) return parsed;
    return checkDateRange(parsed.value, end()) ? { ok: false, error: 'The start date cannot be after the end date' } : parsed;
  };
  const parseEnd = (text: string): Parsed<string | null> => {
    const parsed = parseDate(text);
    if (!parsed.ok) return parsed;
    const problem = checkDateRange(start(), parsed.value);
    return problem ? { ok: false, error: problem } : parsed;
  };
  return {
    parseStart,
    parseEnd,
    onStartDraft: (value: string | null | undefined) => void (typed.current.start = value),
    onEndDraft: (value: string | null | undefined) => void (typed.current.end = value),
  };
}
