// Deleting a draft that was never sent, from the list (a row action) and from the editor's
// header. No confirmation: the toast offers Undo, which puts the same estimate back.
import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { Estimate } from '../../../db/collections/estimates';
import { deleteDraft, isNeverSentDraft, restoreDraft } from '../../../db/new-estimate';
import { can, useWorkspace } from '../../../db/react';
import { toast, toastError } from '../../../lib/toast-store';

type Deletable = Pick<Estimate, 'id' | 'number' | 'title' | 'status' | 'sent_at' | 'version_number'>;

const nameOf = (estimate: Deletable) => (estimate.title ? `${estimate.number} ${estimate.title}` : estimate.number);

/** Deletes the draft and shows the toast with Undo; `after` runs once it is deleted (e.g. leave the editor). */
function useDeleteDraft(after?: () => void) {
  const { db, role } = useWorkspace();
  const allowed = (estimate: Deletable) => can(role, 'editEstimates') && isNeverSentDraft(estimate);
  const remove = async (estimate: Deletable) => {
    try {
      const saved = await deleteDraft(db, estimate.id);
      after?.();
      toast({
        tone: 'success',
        title: 'Draft deleted',
        description: `${nameOf(estimate)} was deleted.`,
        action: { label: 'Undo', run: () => void restoreDraft(db, saved).catch((error: unknown) => toastError(error)) },
      });
    } catch (error) {
      toastError(error);
    }
  };
  return { allowed, remove };
}

/** The list's row action: an icon button named for the draft it deletes. */
export function DeleteDraftIconButton({ estimate }: { estimate: Deletable }) {
  const { allowed, remove } = useDeleteDraft();
  if (!allowed(estimate)) return null;
  return (
    <button
      type="button"
      onClick={() => void remove(estimate)}
      aria-label={`Delete draft ${nameOf(estimate)}`}
      title="Delete draft"
      className="relative z-10 rounded-md p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <Trash2 aria-hidden="true" className="size-4" />
    </button>
  );
}

/** The editor header's button; after deleting, `onDeleted` leaves the page. */
export function DeleteDraftButton({ estimate, onDeleted }: { estimate: Deletable; onDeleted: () => void }) {
  const { allowed, remove } = useDeleteDraft(onDeleted);
  if (!allowed(estimate)) return null;
  return (
    <Button variant="secondary" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => void remove(estimate)}>
      Delete draft
    </Button>
  );
}
