// The customer session guard, apart from the staff guard (guards.tsx) so that the portal's page
// of its own (portal-app.tsx) loads none of the staff sign-in code.
import { startTransition, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import type { CustomerSessionCheck } from '../features/customer-portal/session';

/** /portal/{token} and below: a valid customer session, or /portal-auth?redirect={path}. */
export function CustomerSessionGuard() {
  const { token = '' } = useParams();
  const location = useLocation();
  const [check, setCheck] = useState<{ token: string; result: CustomerSessionCheck } | null>(null);

  useEffect(() => {
    let active = true;
    // Loaded here, not with the app: staff pages never need the customer session code.
    import('../features/customer-portal/session')
      .then(({ checkCustomerSession }) => checkCustomerSession(token))
      .catch((): CustomerSessionCheck => ({ status: 'none' }))
      // A transition: where the page behind the guard is still loading, the spinner stays
      // until it is in, rather than a Suspense fallback in its place (portal-app.tsx).
      .then((result) => active && startTransition(() => setCheck({ token, result })));
    return () => {
      active = false;
    };
  }, [token]);

  if (!check || check.token !== token) return <PageSpinner label="Checking your portal session…" />;
  if (check.result.status !== 'valid') {
    return <Navigate to={`/portal-auth?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />;
  }
  return <Outlet />;
}
