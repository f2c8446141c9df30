import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_REMOVE_DELAY_MS, toastError, toastStore, type ToastStore } from './toast-store';

describe('toasts (SPEC §8, §9)', () => {
  let store: ToastStore;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createToastStore();
  });
  afterEach(() => vi.useRealTimers());

  const open = () => store.getSnapshot().filter((t) => t.open);

  it('shows one toast at a time: a new one replaces the shown one', () => {
    store.show({ description: 'first' });
    store.show({ description: 'second' });
    expect(store.getSnapshot()).toHaveLength(1);
    expect(open().map((t) => t.description)).toEqual(['second']);
  });

  it('closes itself after 5 s by default', () => {
    store.show({ tone: 'error', description: 'x' });
    vi.advanceTimersByTime(4999);
    expect(open()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(open()).toHaveLength(0);
  });

  it('stays 10 s when critical', () => {
    store.show({ tone: 'critical', description: 'x' });
    vi.advanceTimersByTime(9999);
    expect(open()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(open()).toHaveLength(0);
  });

  it('is dropped 1,000,000 ms after it was dismissed', () => {
    const id = store.show({ description: 'x' });
    store.dismiss(id);
    expect(store.getSnapshot()).toHaveLength(1);
    expect(open()).toHaveLength(0);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('carries an action (Undo) and then stays 10 s, time to reach its button', () => {
    const run = vi.fn();
    store.show({ tone: 'success', description: 'Draft deleted', action: { label: 'Undo', run } });
    expect(open()[0]?.action?.label).toBe('Undo');
    open()[0]?.action?.run();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9999);
    expect(open()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(open()).toHaveLength(0);
  });

  it('titles each toast with its severity', () => {
    const titles = (['critical', 'error', 'warning', 'info'] as const).map((tone) => {
      store.show({ tone });
      return store.getSnapshot()[0]!.title;
    });
    expect(titles).toEqual(['Critical Error', 'Error', 'Warning', 'Notice']);
  });

  it('tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ description: 'x' });
    store.dismiss(id);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.show({ description: 'y' });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('toastError shows the catalogue message, never the raw text', () => {
    toastError(new Error('TypeError: Failed to fetch'));
    const [shown] = toastStore.getSnapshot();
    expect(shown).toMatchObject({ title: 'Error', description: 'Connection issue. Please check your internet and try again.' });
  });
});
