import { useState } from 'react';
import { toast, toastError } from '../../lib/toast-store';
import { Button } from './button';

/**
 * Saving a form: `save` runs the write, toasts the sentence it resolves and closes (`onDone`);
 * a failed write toasts why and leaves the form open with what was typed.
 */
export function useSave(onDone: () => void) {
  const [saving, setSaving] = useState(false);
  const save = async (write: () => Promise<string>) => {
    setSaving(true);
    try {
      toast({ tone: 'success', description: await write() });
      onDone();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

/** The Cancel and submit buttons at the foot of a form. */
export function FormActions({ onCancel, submit, saving }: { onCancel: () => void; submit: string; saving: boolean }) {
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        {submit}
      </Button>
    </div>
  );
}
