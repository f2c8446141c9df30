// What a customer sees in their portal, from its data: branding and welcome, the estimates, a
// combined timeline, the conversation and their requests. The staff preview shows the same
// with nothing to click.
import type { ReactNode } from 'react';
import type { PortalHome } from '../../lib/portal-api';
import { Conversation, type PendingComment } from './conversation';
import { EstimateList } from './estimate-list';
import { OfflineNotice } from './offline-notice';
import { PortalFrame } from './portal-frame';
import { PortalTimeline } from './portal-timeline';
import { RequestList, type PendingRequest } from './request-list';

type Props = {
  home: PortalHome;
  offlineSince?: string | null;
  online?: boolean;
  pendingComments?: PendingComment[];
  pendingRequests?: PendingRequest[];
  onSend?: ((body: string) => Promise<void> | void) | null;
  onDiscard?: (key: string) => void;
  estimateHref?: ((id: string) => string) | null;
  requestHref?: string | null;
  actions?: ReactNode;
  notice?: ReactNode;
};

export function PortalHomeView({ home, offlineSince = null, online = true, pendingComments = [], pendingRequests = [], onSend = null, onDiscard, estimateHref = null, requestHref = null, actions, notice }: Props) {
  const name = home.contact ? [home.contact.first_name, home.contact.last_name].join(' ').trim() : '';
  return (
    <PortalFrame
      branding={{
        organization: home.organization,
        portalName: home.portal.name,
        brandColor: home.portal.brand_color,
        welcome: home.portal.welcome_message,
        ...(name ? { greeting: `Hello ${name}` } : {}),
      }}
      actions={actions}
    >
      {offlineSince && <OfflineNotice savedAt={offlineSince} />}
      {notice}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          <EstimateList estimates={home.estimates} hrefOf={estimateHref} />
          <PortalTimeline estimates={home.estimates} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Conversation comments={home.comments} pending={pendingComments} online={online && !offlineSince} onSend={onSend} {...(onDiscard ? { onDiscard } : {})} />
          <RequestList requests={home.requests} pending={pendingRequests} newHref={home.portal.allow_requests ? requestHref : null} />
        </div>
      </div>
    </PortalFrame>
  );
}
