// Rotating, revoking and deleting a portal, each confirmed first. Rotating: every link and the
// access code stop working and every session ends; one new link is made (and a revoked portal
// opens again). Revoking closes the portal; deleting removes it.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import type { Portal } from '../../db/collections/portals';
import { toast, toastError } from '../../lib/toast-store';
import { portalStatus } from './portal-status';
import { usePortalCommand, useRotate } from './queries';

type Action = 'rotate' | 'revoke' | 'delete';

const WORDS: Record<Action, { title: string; body: string; confirm: string }> = {
  rotate: { title: 'Rotate the link?', body: 'Every link and the access code stop working and everyone signed in is signed out. A new link is made for you to send.', confirm: 'Rotate link' },
  revoke: { title: 'Revoke the portal?', body: 'Nobody can open it any more: links, the access code and sessions stop working. Rotating the link opens it again.', confirm: 'Revoke portal' },
  delete: { title: 'Delete the portal?', body: 'The portal disappears for staff and customers. Its comments and requests stay with the customer.', confirm: 'Delete portal' },
};

export function DangerZone({ portal }: { portal: Portal }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Action | null>(null);
  const rotate = useRotate(portal.id);
  const revoke = usePortalCommand(portal.id, 'revoke_portal_token');
  const remove = usePortalCommand(portal.id, 'delete_portal');
  const busy = rotate.isPending || revoke.isPending || remove.isPending;
  const run = async (action: Action) => {
    try {
      if (action === 'rotate') {
        const issued = await rotate.mutateAsync();
        navigate(`/portals/${portal.id}`, { state: { issued } });
      } else if (action === 'revoke') {
        await revoke.mutateAsync(portal.id);
        toast({ tone: 'success', description: `${portal.name} is revoked.` });
      } else {
        await remove.mutateAsync(portal.id);
        toast({ tone: 'success', description: `${portal.name} was deleted.` });
        navigate('/portals');
      }
      setAsking(null);
    } catch (error) {
      toastError(error);
    }
  };
  const words = asking ? WORDS[asking] : null;
  return (
    <section aria-labelledby="danger-zone" className="flex flex-col gap-4 rounded-xl border border-red-200 bg-white p-5 shadow-sm">
      <h2 id="danger-zone" className="text-base font-semibold text-red-900">
        Access
      </h2>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => setAsking('rotate')}>
          {portalStatus(portal) === 'revoked' ? 'Rotate the link and open again' : 'Rotate the link'}
        </Button>
        {portalStatus(portal) !== 'revoked' && (
          <Button variant="danger" onClick={() => setAsking('revoke')}>
            Revoke portal
          </Button>
        )}
        <Button variant="danger" onClick={() => setAsking('delete')}>
          Delete portal
        </Button>
      </div>
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={words?.title ?? ''}
        description={words?.body}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button variant={asking === 'rotate' ? 'primary' : 'danger'} disabled={busy} onClick={() => asking && void run(asking)}>
              {words?.confirm}
            </Button>
          </>
        }
      />
    </section>
  );
}
