// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorReport } from '../lib/error-queue';

const recorded: ErrorReport[] = [];
vi.mock('../lib/error-queue', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/error-queue')>()),
  recordError: async (report: ErrorReport) => void recorded.push(report),
}));

const { ErrorBoundary } = await import('./error-boundary');
const { RouterErrorPage } = await import('./router-error-page');

function Bomb({ message }: { message: string }): never {
  throw new Error(message);
}

describe('crash screens', () => {
  let copied: string[];
  beforeEach(() => {
    recorded.length = 0;
    copied = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows "Something went wrong" with Try Again, Go Home and Report this error', () => {
    render(
      <ErrorBoundary>
        <Bomb message="boom" />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    for (const name of ['Try Again', 'Go Home', 'Report this error']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
  });

  it('clears the crash screen when the reset key changes, without remounting a healthy child', () => {
    let mounts = 0;
    function Healthy() {
      useState(() => ++mounts);
      return <p>healthy</p>;
    }
    const view = render(
      <ErrorBoundary resetKey="/a">
        <Bomb message="boom" />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    view.rerender(
      <ErrorBoundary resetKey="/b">
        <Healthy />
      </ErrorBoundary>,
    );
    expect(screen.getByText('healthy')).toBeTruthy();
    view.rerender(
      <ErrorBoundary resetKey="/c">
        <Healthy />
      </ErrorBoundary>,
    );
    expect(mounts).toBe(1);
  });

  it('Report this error copies a report with the error ID, route and version, says so, and queues it', async () => {
    const hex = 'abcdef0123456789abcdef0123456789';
    window.history.pushState({}, '', '/estimates/e-1?tab=lines');
    render(
      <ErrorBoundary kind="Auth Provider Error">
        <Bomb message={`request ${hex} failed`} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Auth Provider Error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Report this error' }));
    await waitFor(() => expect(screen.getByText(/Report copied to the clipboard/)).toBeTruthy());
    expect(copied).toHaveLength(1);
    expect(copied[0]).toContain('Error ID: abcdef01');
    expect(copied[0]).toContain('Route: /estimates/e-1?tab=lines');
    expect(copied[0]).toMatch(/Version: \S+/);
    expect(recorded).toEqual([expect.objectContaining({ errorId: 'abcdef01', route: '/estimates/e-1?tab=lines', source: 'Auth Provider Error' })]);
  });

  it('shows the report to copy by hand when the clipboard is refused', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => Promise.reject(new Error('denied')) } });
    render(
      <ErrorBoundary>
        <Bomb message="boom" />
      </ErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Report this error' }));
    const box = (await screen.findByLabelText('Error report')) as HTMLTextAreaElement;
    expect(box.value).toMatch(/Error ID: [0-9a-f]{8}/);
    expect(recorded).toHaveLength(1);
  });

  it('Try Again renders the children again', () => {
    function Flaky() {
      const [fail] = useState(() => !(globalThis as { healed?: boolean }).healed);
      if (fail) throw new Error('first render fails');
      return <p>recovered</p>;
    }
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    (globalThis as { healed?: boolean }).healed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('recovered')).toBeTruthy();
  });

  it('a route that fails to render shows the Router Error fallback', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Bomb message="route exploded" />, errorElement: <RouterErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Router Error')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });
});

describe('a lazy route whose file is gone', () => {
  it('reloads once, not in a loop', async () => {
    const { shouldReloadForChunkError } = await import('./router-error-page');
    const gone = new TypeError('Failed to fetch dynamically imported module: http://x/assets/page-abc.js');
    expect(shouldReloadForChunkError(gone, null, 100_000)).toBe(true);
    expect(shouldReloadForChunkError(gone, 95_000, 100_000)).toBe(false);
    expect(shouldReloadForChunkError(gone, 80_000, 100_000)).toBe(true);
    expect(shouldReloadForChunkError(new Error('boom'), null, 100_000)).toBe(false);
    expect(shouldReloadForChunkError(gone, null, 100_000, false)).toBe(false);
  });
});
