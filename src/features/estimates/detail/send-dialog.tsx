// Sending an estimate: the recipient's address (prefilled from the customer), then status 'sent'
// on this device; the server issues the customer link and e-mails it when this syncs, so a send
// made offline goes out once the tablet is back online.
import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import type { Estimate } from '../../../db/collections/estimates';
import { useWorkspace } from '../../../db/react';
import { toast, toastError } from '../../../lib/toast-store';
import { sendEstimate } from '../commands';

const emailSchema = z
  .string()
  .transform((s) => s.trim())
  .refine((s) => s !== '', 'Enter the customer’s e-mail address')
  .refine((s) => s.length <= 254 && z.email().safeParse(s).success, 'Enter a valid e-mail address, like name@example.com');

export function checkRecipient(text: string): { ok: true; value: string } | { ok: false; error: string } {
  const result = emailSchema.safeParse(text);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: result.error.issues[0]?.message ?? 'Enter a valid e-mail address' };
}

export function SendDialog({ open, onClose, estimate, suggestedEmail }: { open: boolean; onClose: () => void; estimate: Estimate; suggestedEmail: string }) {
  const { db } = useWorkspace();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts from the address used before, else the customer's own.
  useEffect(() => {
    if (open) {
      setEmail(estimate.sent_to_email || suggestedEmail);
      setError(null);
    }
    // Only on opening: a sync while the dialog is open must not overwrite what is typed.
  }, [open]);

  const submit = async () => {
    const checked = checkRecipient(email);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    setBusy(true);
    try {
      await sendEstimate(db, estimate.id, checked.value);
      onClose();
      toast({
        tone: 'success',
        title: 'Estimate sent',
        description: navigator.onLine ? `It is e-mailed to ${checked.value}.` : `Saved on this device; it will be e-mailed to ${checked.value} when you’re back online.`,
      });
    } catch (e) {
      toastError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Send the estimate"
      description="The customer gets an e-mail with a link to view, comment on and accept this estimate."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy} icon={<Send aria-hidden="true" className="size-4" />}>
            Send
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Recipient e-mail" error={error} hint={suggestedEmail ? undefined : 'This customer has no e-mail address on file; type the one to send to.'}>
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} invalid={error !== null} />
        </Field>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
