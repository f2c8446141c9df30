import { describe, expect, it } from 'vitest';
import { keepUnchanged } from './stable-rows';

describe('keepUnchanged', () => {
  const a = { id: 'a', quantity: 1, name: 'Tiles' };
  const b = { id: 'b', quantity: 2, name: 'Grout' };

  it('keeps the objects of unchanged documents and the array when nothing changed', () => {
    const previous = [a, b];
    expect(keepUnchanged(previous, [{ ...a }, { ...b }])).toBe(previous);
    const next = keepUnchanged(previous, [{ ...a }, { ...b, quantity: 3 }]);
    expect(next).not.toBe(previous);
    expect(next[0]).toBe(a);
    expect(next[1]).toEqual({ ...b, quantity: 3 });
  });

  it('follows reorders, additions and removals', () => {
    const previous = [a, b];
    const reordered = keepUnchanged(previous, [{ ...b }, { ...a }]);
    expect(reordered).toEqual([b, a]);
    expect(reordered[0]).toBe(b);
    expect(keepUnchanged(previous, [{ ...a }])).toEqual([a]);
    const added = keepUnchanged(previous, [{ ...a }, { ...b }, { id: 'c', quantity: 1, name: 'Sealant' }]);
    expect(added).toHaveLength(3);
    expect(added[1]).toBe(b);
  });

  it('sees a column that appears or goes', () => {
    const withExtra: { id: string; quantity: number; name: string; extra?: boolean } = { ...a, extra: true };
    expect(keepUnchanged<typeof withExtra>([a], [withExtra])[0]).not.toBe(a);
  });
});
