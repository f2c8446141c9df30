// Confirms turning a prospect into a customer account, saying exactly what will happen.
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { Estimate } from '../../../db/collections/estimates';
import type { Prospect } from '../../../db/collections/prospects';
import { personName } from '../pipeline';

export function ConvertDialog({ prospect, estimates, open, busy, onClose, onConfirm }: {
  prospect: Prospect;
  estimates: readonly Estimate[];
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const isLocked = (e: Estimate) => e.status === 'accepted' || e.status === 'declined';
  const locked = estimates.filter(isLocked).length;
  const moving = estimates.filter((e) => e.account_id === null && !isLocked(e)).length;
  const name = (prospect.company || personName(prospect)).slice(0, 200);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Convert to an account"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            Create account {name}
          </Button>
        </>
      }
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          A customer account <strong>{name}</strong> is created with their e-mail and phone.
        </li>
        <li>{personName(prospect)} becomes its contact.</li>
        <li>
          {moving > 0 ? `${moving} of their estimates move to the account.` : 'They have no open estimates to move.'}
          {locked > 0 && ` ${locked} accepted or declined ${locked === 1 ? 'estimate stays' : 'estimates stay'} as signed; the account lists ${locked === 1 ? 'it' : 'them'} through its contact.`}
        </li>
      </ul>
    </Dialog>
  );
}
