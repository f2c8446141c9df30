// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({ status: 'loading' as string }));
vi.mock('../features/auth/use-auth', () => ({
  useAuth: () => ({ status: auth.status, session: null, user: null, signOut: async () => undefined }),
}));

const customer = vi.hoisted(() => ({ calls: 0, resolve: (_: unknown) => undefined as void }));
vi.mock('../features/customer-portal/session', () => ({
  checkCustomerSession: () => {
    customer.calls++;
    return new Promise((resolve) => (customer.resolve = resolve));
  },
}));

/** The guard loads the session check on demand; answers once it has asked. */
async function answerCustomerCheck(result: unknown) {
  await vi.waitFor(() => expect(customer.calls).toBeGreaterThan(0));
  customer.resolve(result);
}

const { StaffGuard } = await import('./guards');
const { CustomerSessionGuard } = await import('./customer-session-guard');
const { forgetSignOutRequested, markSignOutRequested } = await import('./sign-out');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, wrap: (ui: ReactElement) => ReactElement = (ui) => ui) {
  const router = createMemoryRouter(
    [
      { element: <StaffGuard />, children: [{ path: '/estimates/:id', element: <p>estimate page</p> }] },
      { element: <CustomerSessionGuard />, children: [{ path: '/portal/:token', element: <p>portal home</p> }] },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(wrap(<RouterProvider router={router} />));
}

afterEach(() => {
  cleanup();
  forgetSignOutRequested();
  customer.calls = 0;
});

describe('staff guard', () => {
  it('shows a spinner while the session is checked', () => {
    auth.status = 'loading';
    renderAt('/estimates/e-1');
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
  });

  it('sends a signed-out visitor to /auth with the path to return to', async () => {
    auth.status = 'signed-out';
    renderAt('/estimates/e-1?tab=lines');
    expect((await screen.findByTestId('where')).textContent).toBe(`/auth?redirect=${encodeURIComponent('/estimates/e-1?tab=lines')}`);
  });

  it('asks for the second factor when the session needs one', async () => {
    auth.status = 'mfa-required';
    renderAt('/estimates/e-1');
    expect((await screen.findByTestId('where')).textContent).toBe(`/auth?mfa=1&redirect=${encodeURIComponent('/estimates/e-1')}`);
  });

  it('after an explicit sign-out goes to plain /auth', async () => {
    auth.status = 'signed-out';
    markSignOutRequested();
    renderAt('/estimates/e-1');
    expect((await screen.findByTestId('where')).textContent).toBe('/auth');
  });

  it('after an explicit sign-out goes to plain /auth however often it renders', async () => {
    // StrictMode renders each component twice: the second render must choose as the first did.
    auth.status = 'signed-out';
    markSignOutRequested();
    renderAt('/estimates/e-1', (ui) => <StrictMode>{ui}</StrictMode>);
    expect((await screen.findByTestId('where')).textContent).toBe('/auth');
  });

  it('forgets the sign-out once signed in again', async () => {
    markSignOutRequested();
    auth.status = 'signed-in';
    renderAt('/estimates/e-1');
    await screen.findByText('estimate page');
    cleanup();
    auth.status = 'signed-out';
    renderAt('/estimates/e-1');
    expect((await screen.findByTestId('where')).textContent).toBe(`/auth?redirect=${encodeURIComponent('/estimates/e-1')}`);
  });

  it('lets a signed-in user through', async () => {
    auth.status = 'signed-in';
    renderAt('/estimates/e-1');
    expect(await screen.findByText('estimate page')).toBeTruthy();
  });
});

describe('customer session guard', () => {
  it('spins while checking, then sends a visitor without a session to /portal-auth', async () => {
    renderAt('/portal/tok-1');
    expect(screen.getByRole('status').textContent).toContain('Checking your portal session');
    await answerCustomerCheck({ status: 'none' });
    expect((await screen.findByTestId('where')).textContent).toBe(`/portal-auth?redirect=${encodeURIComponent('/portal/tok-1')}`);
  });

  it('lets a visitor with a valid customer session through', async () => {
    renderAt('/portal/tok-1');
    await answerCustomerCheck({ status: 'valid', prospectId: 'p-1' });
    expect(await screen.findByText('portal home')).toBeTruthy();
  });
});
