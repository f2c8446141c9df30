// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createToastStore } from '../../lib/toast-store';
import { Toaster } from './toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('shows one toast at a time, announces errors, closes after 5 s and on dismiss', () => {
  const store = createToastStore();
  render(<Toaster store={store} />);
  // The live regions are there before any toast, so the first one is announced too.
  expect(screen.getByRole('status').textContent).toBe('');
  expect(screen.getByRole('alert').textContent).toBe('');
  act(() => void store.show({ tone: 'warning', description: 'first' }));
  expect(screen.getByRole('status').textContent).toContain('first');
  act(() => void store.show({ tone: 'error', description: 'second' }));
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
  expect(screen.getByRole('alert').textContent).toContain('Error');
  expect(screen.getByRole('alert').textContent).toContain('second');

  act(() => vi.advanceTimersByTime(5000));
  expect(screen.queryByTestId('toast')).toBeNull();

  act(() => void store.show({ tone: 'info', description: 'third' }));
  expect(screen.getByRole('status').textContent).toContain('Notice');
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
  expect(screen.queryByTestId('toast')).toBeNull();
});
