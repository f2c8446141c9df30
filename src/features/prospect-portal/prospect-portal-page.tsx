// /prospect-portal/{token}: an anonymous token page (no customer-session guard, SPEC.md §6):
// the link token is the credential and the server checks it on every call. Opening it makes
// a customer session on this device (with the e-mailed code when the portal asks for it), so
// the portal is listed on /prospect-portal-selection and readable offline. /prospect-portal/
// {portal id} opens a portal this device signed in to with an access code.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PortalHome, type EstimateRenderer } from '../../components/portal/portal-home';
import { RequestQueuedNotice } from '../../components/portal/request-queued-notice';
import { SignInFlow } from '../../components/portal/sign-in-flow';
import { usePortalSession } from '../../components/portal/use-portal-session';
import { PageSpinner } from '../../components/ui/spinner';
import { endSession } from '../../lib/customer-sessions';
import { portalTokenSchema } from '../../lib/portal-api';
import { portalHomePath } from '../../lib/portal-credential';

// The request form loads when it is opened, not with the portal home.
const PortalRequestScreen = lazy(() => import('../../components/portal/portal-request-screen').then((m) => ({ default: m.PortalRequestScreen })));

export function ProspectPortalPage({ renderEstimate }: { renderEstimate: EstimateRenderer }) {
  const { token: key = '' } = useParams();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const session = usePortalSession('prospect', key);
  const token = key.length > 36 && portalTokenSchema.safeParse(key).success ? key : null;
  const basePath = `/prospect-portal/${encodeURIComponent(key)}`;
  const active = session.data;
  const refused = useCallback(() => {
    void (active ? endSession(active.record, 'refused') : Promise.resolve()).then(() => client.resetQueries({ queryKey: ['portal-session', 'prospect', key] }));
  }, [active, client, key]);

  if (session.isPending) return <PageSpinner label="Opening your portal…" />;
  if (!active) {
    // The same page for a link that does not work and for a portal this device is not signed in to.
    return <SignInFlow key={key} kind="prospect" initial={token ? { token } : null} onSignedIn={(signed) => (signed.routeKey === key || signed.portalId === key ? void session.refetch() : navigate(portalHomePath(signed.kind, signed.routeKey)))} />;
  }
  if (params.get('request') === 'new') {
    return (
      <Suspense fallback={<PageSpinner label="Opening the form…" />}>
        <PortalRequestScreen active={active} token={token} basePath={basePath} onRefused={refused} />
      </Suspense>
    );
  }
  return (
    <PortalHome
      kind="prospect"
      active={active}
      token={token}
      basePath={basePath}
      requestHref={`${basePath}?request=new`}
      onRefused={refused}
      renderEstimate={renderEstimate}
      notice={<RequestQueuedNotice />}
    />
  );
}
