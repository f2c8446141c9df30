// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { useNewArrivals } from './use-new-arrivals';

it('reports only items that arrive after the first list, each once', () => {
  const onArrive = vi.fn();
  const { rerender } = renderHook(({ items }: { items: { id: string }[] | null }) => useNewArrivals(items, onArrive), { initialProps: { items: null as { id: string }[] | null } });
  rerender({ items: [{ id: 'a' }, { id: 'b' }] });
  expect(onArrive).not.toHaveBeenCalled();
  rerender({ items: [{ id: 'c' }, { id: 'a' }, { id: 'b' }] });
  expect(onArrive).toHaveBeenCalledWith([{ id: 'c' }]);
  rerender({ items: [{ id: 'a' }] });
  rerender({ items: [{ id: 'c' }, { id: 'a' }] });
  expect(onArrive).toHaveBeenCalledTimes(1);
});

it('calls news only what was made in the last quarter of an hour', async () => {
  const { isRecent } = await import('./use-new-arrivals');
  const now = Date.parse('2026-03-01T12:00:00.000Z');
  expect(isRecent('2026-03-01T11:50:00.000Z', now)).toBe(true);
  expect(isRecent('2026-03-01T11:40:00.000Z', now)).toBe(false);
});
