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
