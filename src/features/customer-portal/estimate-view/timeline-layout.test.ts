import { describe, expect, it } from 'vitest';
import type { CustomerMilestone } from './schemas';
import { milestoneBars } from './timeline-layout';

const m = (id: string, start: string | null, end: string | null): CustomerMilestone => ({ id, title: id, description: '', start_date: start, end_date: end, status: 'planned' });

describe('milestoneBars', () => {
  it('places bars on one axis from the first start to the last end', () => {
    const bars = milestoneBars([m('a', '2026-12-01', '2026-12-05'), m('b', '2026-12-06', '2026-12-10')]);
    expect(bars).toEqual([
      { id: 'a', left: 0, width: 50 },
      { id: 'b', left: 50, width: 50 },
    ]);
  });

  it('treats a single date as one day, and leaves undated milestones without a bar', () => {
    const bars = milestoneBars([m('a', '2026-12-01', null), m('b', null, null), m('c', '2026-12-02', '2026-12-02')]);
    expect(bars).toEqual([
      { id: 'a', left: 0, width: 50 },
      { id: 'b', left: null, width: null },
      { id: 'c', left: 50, width: 50 },
    ]);
  });

  it('has no bars without dates', () => {
    expect(milestoneBars([m('a', null, null)])).toEqual([{ id: 'a', left: null, width: null }]);
  });
});
