// /portal/{token}: the customer portal home, behind the customer session guard. A session the
// server stops accepting (revoked, rotated, expired) is cleared and the browser goes to
// /portal-auth?redirect={this path}.
import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { PortalHome } from '../../components/portal/portal-home';
import { RequestQueuedNotice } from '../../components/portal/request-queued-notice';
import { usePortalSession } from '../../components/portal/use-portal-session';
import { PageSpinner } from '../../components/ui/spinner';
import { useSignInAgain } from './sign-in-again';

// The estimate view loads when an estimate is opened, not with the portal home.
const PortalEstimateView = lazy(() => import('./portal-estimate').then((m) => ({ default: m.PortalEstimateView })));

export function PortalHomePage() {
  const { token = '' } = useParams();
  const session = usePortalSession('customer', token);
  const again = useSignInAgain(session.data);
  if (session.isPending) return <PageSpinner label="Opening your portal…" />;
  if (!session.data) return <Navigate to={again.target} replace />;
  const basePath = `/portal/${encodeURIComponent(token)}`;
  return (
    <PortalHome
      kind="customer"
      active={session.data}
      token={null}
      basePath={basePath}
      requestHref={`${basePath}/new-estimate`}
      onRefused={again.refused}
      renderEstimate={(props) => (
        <Suspense fallback={<PageSpinner label="Opening the estimate…" />}>
          <PortalEstimateView {...props} />
        </Suspense>
      )}
      notice={<RequestQueuedNotice />}
    />
  );
}
