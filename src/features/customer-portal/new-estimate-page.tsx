// /portal/{token}/new-estimate: the request form inside the customer portal.
import { Navigate, useParams } from 'react-router-dom';
import { PortalRequestScreen } from '../../components/portal/portal-request-screen';
import { usePortalSession } from '../../components/portal/use-portal-session';
import { PageSpinner } from '../../components/ui/spinner';
import { useSignInAgain } from './sign-in-again';

export function PortalNewEstimatePage() {
  const { token = '' } = useParams();
  const session = usePortalSession('customer', token);
  const again = useSignInAgain(session.data);
  if (session.isPending) return <PageSpinner label="Opening your portal…" />;
  if (!session.data) return <Navigate to={again.target} replace />;
  return <PortalRequestScreen active={session.data} token={null} basePath={`/portal/${encodeURIComponent(token)}`} onRefused={again.refused} />;
}
