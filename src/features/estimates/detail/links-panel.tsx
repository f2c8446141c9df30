// The estimate's working customer links, from the server (list_estimate_links): when and by
// whom each was made, how it reached the customer, its views. Staff who may edit copy one more
// link, revoke one, or rotate them all. The list reloads when the customer opens a link (the
// estimate's view count arrives by sync) and after every change.
import { Ban, Link2, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { RowsTable, TableCell } from '../../../components/ui/table';
import type { Estimate, EstimateStatus } from '../../../db/collections/estimates';
import { describeError } from '../../../lib/errors';
import { useOnline } from '../../../lib/use-online';
import { CopyLinkDialog } from './copy-link-dialog';
import { useEstimateLinks, useRefreshLinks, type EstimateLink } from './customer-links';
import { linkLabel, RevokeLinkDialog, RotateLinksDialog } from './link-dialogs';

/** A customer link exists once the estimate went out (the server refuses a draft). */
const LINKABLE: readonly EstimateStatus[] = ['sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'expired'];

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (at: string | null) => (at ? WHEN.format(new Date(at)) : '—');

/** Reloads the links when the customer's views change (not on the first render: the query loads then). */
function useReloadOnViews(estimate: Pick<Estimate, 'id' | 'view_count' | 'last_viewed_at'>) {
  const refresh = useRefreshLinks(estimate.id);
  const seen = useRef(`${estimate.view_count}|${estimate.last_viewed_at}`);
  useEffect(() => {
    const now = `${estimate.view_count}|${estimate.last_viewed_at}`;
    if (now === seen.current) return;
    seen.current = now;
    void refresh();
  }, [estimate.view_count, estimate.last_viewed_at, refresh]);
}

/** How the link reached the customer; an address on a line of its own, so the column stays narrow. */
function HowSent({ link }: { link: EstimateLink }) {
  return (
    <span data-testid="link-channel" data-channel={link.channel}>
      {link.channel === 'email' && link.sent_to ? (
        <>
          E-mailed to <span className="block text-xs break-all text-slate-600">{link.sent_to}</span>
        </>
      ) : (
        linkLabel(link)
      )}
      {link.expired && (
        <>
          {' '}
          <Badge tone="warning">Expired</Badge>
        </>
      )}
    </span>
  );
}

function LinkRows({ links, onRevoke }: { links: EstimateLink[]; onRevoke: ((link: EstimateLink) => void) | null }) {
  return (
    <RowsTable
      columns={['Made', 'How sent', 'Views']}
      actions={Boolean(onRevoke)}
      rows={links}
      cells={(l) => (
        <>
          <TableCell>
            <span className="block whitespace-nowrap">{when(l.created_at)}</span>
            <span className="block text-xs text-slate-600">{l.created_by_name ? `by ${l.created_by_name}` : 'by the server'}</span>
          </TableCell>
          <TableCell className="min-w-44">
            <HowSent link={l} />
          </TableCell>
          <TableCell className="whitespace-nowrap">
            <span data-testid="link-views" className="tabular-nums">
              {l.view_count}
            </span>
            {l.last_viewed_at && <span className="block text-xs text-slate-600">last {when(l.last_viewed_at)}</span>}
          </TableCell>
          {onRevoke && (
            <TableCell className="text-right">
              <Button variant="ghost" size="sm" onClick={() => onRevoke(l)} icon={<Ban aria-hidden="true" className="size-4" />} aria-label={`Revoke: ${linkLabel(l)}, made ${when(l.created_at)}`}>
                Revoke
              </Button>
            </TableCell>
          )}
        </>
      )}
    />
  );
}

function LinksBody({ estimateId, online, onRevoke }: { estimateId: string; online: boolean; onRevoke: ((link: EstimateLink) => void) | null }) {
  const links = useEstimateLinks(estimateId, online);
  if (!online && !links.data) return <p className="text-sm text-slate-600">The links are on the server: connect to see them.</p>;
  if (links.error && !links.data) return <p className="text-sm text-red-800">{describeError(links.error).message}</p>;
  if (!links.data) return <Spinner label="Loading the links…" />;
  if (links.data.length === 0) return <p className="text-sm text-slate-600">No link works now: the customer cannot open this estimate. Copy a new link to share it.</p>;
  return <LinkRows links={links.data} onRevoke={onRevoke} />;
}

export function LinksPanel({ estimate, canEdit }: { estimate: Estimate; canEdit: boolean }) {
  const online = useOnline();
  const [dialog, setDialog] = useState<'copy' | 'rotate' | null>(null);
  const [revoking, setRevoking] = useState<EstimateLink | null>(null);
  useReloadOnViews(estimate);
  if (!LINKABLE.includes(estimate.status)) return null;
  const offline = online ? undefined : 'Links need a connection';
  return (
    <section aria-labelledby="links-heading" data-testid="links-panel" className="flex flex-col gap-3 print:hidden">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="links-heading" className="text-lg font-semibold text-slate-900">
          Customer links
        </h2>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setDialog('copy')} disabled={!online} title={offline} icon={<Link2 aria-hidden="true" className="size-4" />}>
              Copy customer link
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDialog('rotate')} disabled={!online} title={offline} icon={<RefreshCw aria-hidden="true" className="size-4" />}>
              Rotate links
            </Button>
          </div>
        )}
      </div>
      <LinksBody estimateId={estimate.id} online={online} onRevoke={canEdit && online ? setRevoking : null} />
      <CopyLinkDialog open={dialog === 'copy'} onClose={() => setDialog(null)} estimate={estimate} />
      <RotateLinksDialog estimateId={estimate.id} open={dialog === 'rotate'} onClose={() => setDialog(null)} />
      <RevokeLinkDialog estimateId={estimate.id} link={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}
