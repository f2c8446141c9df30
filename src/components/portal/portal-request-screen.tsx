// The request form inside a portal (/portal/{token}/new-estimate, or ?request=new on a prospect
// token page): the portal's branding, the form prefilled with the person, and back home once
// the request is queued (it shows there as sent or as waiting for the connection).
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { buttonClasses } from '../ui/button';
import { PageSpinner } from '../ui/spinner';
import type { ActiveSession } from '../../lib/customer-sessions';
import { usePortalManifest } from './install-button';
import { PortalFrame } from './portal-frame';
import { PortalProblem } from './portal-problem';
import { PortalRequestForm } from './request-form';
import { Section } from './section';
import { accessOf, usePortalData } from './use-portal-data';
import { queuePortalMessage } from './use-portal-outbox';
import { useQueryClient } from '@tanstack/react-query';

type Props = { active: ActiveSession; token: string | null; basePath: string; onRefused: () => void };

export function PortalRequestScreen({ active, token, basePath, onRefused }: Props) {
  usePortalManifest();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = usePortalData(active, token, onRefused);
  if (query.isPending) return <PageSpinner label="Opening your portal…" />;
  if (query.isError) return <PortalProblem onRetry={() => void query.refetch()} />;
  const { home } = query.data;
  const back = (
    <Link to={basePath} className={buttonClasses('ghost', 'sm')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the portal
    </Link>
  );
  return (
    <PortalFrame branding={{ organization: home.organization, portalName: home.portal.name, brandColor: home.portal.brand_color }} actions={back}>
      <Section id="portal-new-request" title="Request new work">
        {home.portal.allow_requests ? (
          <PortalRequestForm
            contact={home.contact}
            onSubmit={async (fields) => {
              await queuePortalMessage({ active, access: accessOf(active, token), client, onRefused }, { kind: 'request', fields });
              navigate(basePath, { state: { requested: true } });
            }}
          />
        ) : (
          <p className="text-base text-slate-700">This portal does not take new requests. Please write to us in the conversation instead.</p>
        )}
      </Section>
    </PortalFrame>
  );
}
