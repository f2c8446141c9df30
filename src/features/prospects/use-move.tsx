// Moving a prospect to another stage, from the board (drag or keyboard) or the detail page:
// won and lost ask for the reason first; every move is saved at once and confirmed.
import { useState } from 'react';
import type { Prospect, ProspectStatus } from '../../db/collections/prospects';
import { useWorkspace } from '../../db/react';
import { toast, toastError } from '../../lib/toast-store';
import { moveProspect } from './commands';
import { personName, STAGE } from './pipeline';
import { ReasonDialog } from './reason-dialog';

type Movable = Pick<Prospect, 'id' | 'status' | 'first_name' | 'last_name' | 'email' | 'company'>;

const SUGGESTIONS: Record<'won' | 'lost', readonly string[]> = {
  won: ['Accepted our estimate', 'Referral', 'Best price'],
  lost: ['Went with a competitor', 'Budget', 'No response', 'Project cancelled'],
};

export function useProspectMove() {
  const { db, orgId, userId } = useWorkspace();
  const [pending, setPending] = useState<{ prospect: Movable; to: 'won' | 'lost' } | null>(null);

  const commit = async (prospect: Movable, to: ProspectStatus, reason = '') => {
    try {
      await moveProspect(db, { orgId, userId }, prospect.id, to, reason);
      toast({ tone: 'success', description: `Moved ${personName(prospect)} to ${STAGE[to].label}.` });
    } catch (error) {
      toastError(error);
    }
  };

  const move = (prospect: Movable, to: ProspectStatus) => {
    if (prospect.status === to) return;
    if (to === 'won' || to === 'lost') setPending({ prospect, to });
    else void commit(prospect, to);
  };

  const dialog = (
    <ReasonDialog
      ask={
        pending && {
          title: `${pending.to === 'won' ? 'Won' : 'Lost'}: ${personName(pending.prospect)}`,
          description: pending.to === 'won' ? 'What won them over? The team learns from it.' : 'Why are they not going ahead? The team learns from it.',
          label: pending.to === 'won' ? 'Why we won' : 'Why we lost',
          confirm: `Move to ${STAGE[pending.to].label}`,
          suggestions: SUGGESTIONS[pending.to],
        }
      }
      onCancel={() => setPending(null)}
      onConfirm={(reason) => {
        if (pending) void commit(pending.prospect, pending.to, reason);
        setPending(null);
      }}
    />
  );
  return { move, dialog };
}
