// A customer link to copy and share another way than the e-mail (online only).
import { Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import type { Estimate } from '../../../db/collections/estimates';
import { toastError } from '../../../lib/toast-store';
import { useIssueLink, type IssueEstimateLink } from './customer-links';

/** A new link replaces the previous one (the server keeps one active link per estimate). */
export function CopyLinkDialog({ open, onClose, estimate, issue }: { open: boolean; onClose: () => void; estimate: Pick<Estimate, 'id'>; issue?: IssueEstimateLink }) {
  const mutation = useIssueLink(issue);
  const [copied, setCopied] = useState(false);
  const link = mutation.data ?? null;
  const { reset } = mutation;

  useEffect(() => {
    if (open) {
      reset();
      setCopied(false);
    }
  }, [open, reset]);

  const create = () =>
    mutation.mutate(estimate.id, {
      onSuccess: (url) =>
        // Without clipboard permission the link stays on screen to copy by hand.
        void navigator.clipboard.writeText(url).then(
          () => setCopied(true),
          () => undefined,
        ),
      onError: (e) => toastError(e),
    });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Customer link"
      description="Anyone with the link can view and accept this estimate. A new link turns off the one sent before."
      actions={
        link ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={create} disabled={mutation.isPending} icon={<Link2 aria-hidden="true" className="size-4" />}>
              Create and copy link
            </Button>
          </>
        )
      }
    >
      {link && (
        <Field label="Link" hint={copied ? 'Copied to the clipboard.' : 'Select the link and copy it.'}>
          <Input readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="customer-link" />
        </Field>
      )}
    </Dialog>
  );
}
