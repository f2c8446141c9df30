import { describe, expect, it } from 'vitest';
import { ganttLayout } from './gantt-layout';

describe('ganttLayout', () => {
  it('places bars on one axis from the first start to the last end, ends inclusive', () => {
    const layout = ganttLayout([
      { id: 'a', title: 'Demolition', start_date: '2026-03-01', end_date: '2026-03-10' },
      { id: 'b', title: 'Build', start_date: '2026-03-11', end_date: '2026-03-20' },
    ]);
    expect(layout.start).toBe('2026-03-01');
    expect(layout.end).toBe('2026-03-20');
    expect(layout.days).toBe(20);
    expect(layout.bars).toEqual([
      { id: 'a', title: 'Demolition', left: 0, width: 50, start: '2026-03-01', end: '2026-03-10' },
      { id: 'b', title: 'Build', left: 50, width: 50, start: '2026-03-11', end: '2026-03-20' },
    ]);
  });

  it('gives a one-date milestone a one-day bar and leaves undated ones off the axis', () => {
    const layout = ganttLayout([
      { id: 'a', title: 'Visit', start_date: '2026-01-05', end_date: null },
      { id: 'b', title: 'Later', start_date: null, end_date: null },
      { id: 'c', title: 'Finish', start_date: '2026-01-06', end_date: '2026-01-08' },
    ]);
    expect(layout.bars[0]).toMatchObject({ left: 0, width: 25 });
    expect(layout.bars[1]).toMatchObject({ left: null, width: null });
    expect(layout.bars[2]).toMatchObject({ left: 25, width: 75 });
  });

  it('marks each month the range touches', () => {
    const layout = ganttLayout([{ id: 'a', title: 'Long', start_date: '2026-01-20', end_date: '2026-03-05' }]);
    expect(layout.ticks.map((t) => t.label)).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026']);
    expect(layout.ticks[0]!.left).toBe(0);
  });

  it('has no axis without dates', () => {
    expect(ganttLayout([]).bars).toEqual([]);
    expect(ganttLayout([{ id: 'a', title: 'x', start_date: null, end_date: null }]).start).toBeNull();
  });
});
