import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import { useAuth } from '../features/auth/use-auth';
import { forgetSignOutRequested, signOutRequested } from './sign-out';

function returnPath(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

function staffRedirect(status: 'signed-out' | 'mfa-required', path: string): string {
  const redirect = encodeURIComponent(path);
  return status === 'mfa-required' ? `/auth?mfa=1&redirect=${redirect}` : `/auth?redirect=${redirect}`;
}

/** Staff routes: a spinner while the session is checked, /auth when there is none. */
export function StaffGuard() {
  const { status } = useAuth();
  const location = useLocation();
  useEffect(() => {
    if (status === 'signed-in') forgetSignOutRequested();
  }, [status]);
  if (status === 'loading') return <PageSpinner label="Checking your session…" />;
  if (status === 'signed-out') {
    const to = signOutRequested() ? '/auth' : staffRedirect(status, returnPath(location));
    return <Navigate to={to} replace />;
  }
  if (status === 'mfa-required') return <Navigate to={staffRedirect(status, returnPath(location))} replace />;
  return <Outlet />;
}

/** /communities/{id}… → /estimates/{id}…, keeping the id exactly as given. */
export function LegacyRedirect({ to }: { to: (id: string) => string }) {
  const { id = '' } = useParams();
  const location = useLocation();
  return <Navigate to={`${to(encodeURIComponent(id))}${location.search}${location.hash}`} replace />;
}
