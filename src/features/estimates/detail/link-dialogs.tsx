// The two confirmations of the links panel: revoking one link, and rotating (every link stops
// working and one new link is issued, shown once to copy).
import { Ban, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast, toastError } from '../../../lib/toast-store';
import { MakeLinkActions, ShownLink, useMadeLink } from './copy-link-dialog';
import { useRevokeLink, useRotateLinks, type EstimateLink } from './customer-links';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function linkLabel(link: Pick<EstimateLink, 'channel' | 'sent_to'>): string {
  if (link.channel === 'email') return link.sent_to ? `E-mailed to ${link.sent_to}` : 'E-mailed';
  return 'Copied link';
}

export function RevokeLinkDialog({ estimateId, link, onClose }: { estimateId: string; link: EstimateLink | null; onClose: () => void }) {
  const revoke = useRevokeLink(estimateId);
  const confirm = () =>
    link &&
    revoke.mutate(link.id, {
      onSuccess: () => {
        onClose();
        toast({ tone: 'success', description: 'The link no longer opens the estimate.' });
      },
      onError: (e) => toastError(e),
    });
  return (
    <Dialog
      open={link !== null}
      onClose={onClose}
      title="Revoke this link?"
      description={link ? `${linkLabel(link)}, made ${DAY.format(new Date(link.created_at))}. Whoever has it can no longer open the estimate; the other links keep working.` : undefined}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={revoke.isPending} icon={<Ban aria-hidden="true" className="size-4" />}>
            Revoke link
          </Button>
        </>
      }
    />
  );
}

export function RotateLinksDialog({ estimateId, open, onClose }: { estimateId: string; open: boolean; onClose: () => void }) {
  const rotate = useRotateLinks(estimateId);
  const { link, copied, make } = useMadeLink(open, rotate);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={link ? 'Links rotated' : 'Rotate the customer links?'}
      description={
        link
          ? 'Every earlier link stopped working. This is the only link now; send it to the customer.'
          : 'Every link of this estimate stops working, the e-mailed one included, and one new link is made. Use it when a link reached the wrong person.'
      }
      actions={
        <MakeLinkActions made={link !== null} onClose={onClose}>
          <Button variant="danger" onClick={make} disabled={rotate.isPending} icon={<RefreshCw aria-hidden="true" className="size-4" />}>
            Revoke all and make a new link
          </Button>
        </MakeLinkActions>
      }
    >
      {link && <ShownLink link={link} copied={copied} />}
    </Dialog>
  );
}
