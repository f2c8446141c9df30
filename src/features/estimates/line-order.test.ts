import { describe, expect, it } from 'vitest';
import { moveTo, sortOrderPatches } from './line-order';

describe('reordering', () => {
  const items = ['a', 'b', 'c', 'd'].map((id, sort_order) => ({ id, sort_order }));

  it('moves an entry and clamps to the ends', () => {
    expect(moveTo(items, 0, 2).map((i) => i.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(items, 3, -4).map((i) => i.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(items, 9, 0).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('patches only the sort orders that change', () => {
    expect(sortOrderPatches(moveTo(items, 1, 2))).toEqual([
      { id: 'c', sort_order: 1 },
      { id: 'b', sort_order: 2 },
    ]);
  });
});
