// A portal home with a session: its data (live or this device's copy), its outbox, and the
// estimate opened from it (?estimate={id}) in the estimate view the page hands in.
import { ArrowLeft, LayoutGrid, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '../ui/button';
import { PageSpinner } from '../ui/spinner';
import { endSession, type ActiveSession } from '../../lib/customer-sessions';
import { useOnline } from '../../lib/use-online';
import type { PortalAccess, PortalEstimate, PortalKind } from '../../lib/portal-api';
import { InstallButton, usePortalManifest } from './install-button';
import { PortalHomeView } from './portal-home-view';
import { PortalProblem } from './portal-problem';
import { accessOf, usePortalData } from './use-portal-data';
import { usePortalOutbox } from './use-portal-outbox';

export type EstimateRenderer = (props: { portalId: string; estimate: PortalEstimate; access: PortalAccess; offline: boolean }) => ReactNode;

type Props = {
  kind: PortalKind;
  active: ActiveSession;
  /** The link token of a prospect token page (checked by the server on every call). */
  token: string | null;
  basePath: string;
  requestHref: string;
  onRefused: () => void;
  renderEstimate: EstimateRenderer;
  notice?: ReactNode;
};

export function PortalHome({ kind, active, token, basePath, requestHref, onRefused, renderEstimate, notice }: Props) {
  usePortalManifest();
  const online = useOnline();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = usePortalData(active, token, onRefused);
  const outbox = usePortalOutbox(active, token, onRefused);

  if (query.isPending) return <PageSpinner label="Opening your portal…" />;
  if (query.isError) return <PortalProblem onRetry={() => void query.refetch()} />;
  const { home, offlineSince } = query.data;

  const signOut = async () => {
    await endSession(active.record, 'signed_out');
    navigate(kind === 'customer' ? '/portal-selection' : '/prospect-portal-selection', { replace: true });
  };
  const actions = (
    <>
      <InstallButton />
      <Link to={kind === 'customer' ? '/portal-selection' : '/prospect-portal-selection'} className={buttonClasses('ghost', 'sm')}>
        <LayoutGrid aria-hidden="true" className="size-4" />
        Your portals
      </Link>
      <Button variant="ghost" size="sm" onClick={() => void signOut()} icon={<LogOut aria-hidden="true" className="size-4" />}>
        Sign out
      </Button>
    </>
  );

  const opened = params.get('estimate');
  const estimate = opened ? home.estimates.find((e) => e.estimate_id === opened) : undefined;
  if (estimate) {
    return (
      <div className="flex flex-col gap-4">
        <Link to={basePath} className={buttonClasses('ghost', 'sm', 'self-start')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to {home.portal.name}
        </Link>
        {renderEstimate({ portalId: home.portal.id, estimate, access: accessOf(active, token), offline: Boolean(offlineSince) })}
      </div>
    );
  }

  const pending = outbox.items.map((i) => ({ ...i, ...i.value }));
  return (
    <PortalHomeView
      home={home}
      offlineSince={offlineSince}
      online={online}
      pendingComments={pending.flatMap((p) => (p.kind === 'comment' ? [{ key: p.key, body: p.body, createdAt: p.createdAt, problem: p.problem }] : []))}
      pendingRequests={pending.flatMap((p) => (p.kind === 'request' ? [{ key: p.key, description: p.fields.description }] : []))}
      onSend={async (body) => void (await outbox.queue({ kind: 'comment', body }))}
      onDiscard={(key) => void outbox.discard(key)}
      estimateHref={(id) => `${basePath}?estimate=${encodeURIComponent(id)}`}
      requestHref={requestHref}
      actions={actions}
      notice={notice}
    />
  );
}
