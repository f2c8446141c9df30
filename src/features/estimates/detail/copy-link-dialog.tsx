// A customer link to copy and share another way than the e-mail (online only). It is one more
// link: the one the customer was e-mailed keeps working.
import { Link2 } from 'lucide-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import type { Estimate } from '../../../db/collections/estimates';
import { toastError } from '../../../lib/toast-store';
import { useIssueLink, type IssueEstimateLink } from './customer-links';

/** A link shown once (only its hash is kept), copied to the clipboard when the browser lets us. */
export function ShownLink({ link, copied }: { link: string; copied: boolean }) {
  return (
    <Field label="Link" hint={copied ? 'Copied to the clipboard.' : 'Select the link and copy it.'}>
      <Input readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="customer-link" />
    </Field>
  );
}

/** Whether the shown link went to the clipboard; a dialog that opens again starts afresh (`reset` clears its mutation). */
function useCopiedFlag(open: boolean, reset: () => void) {
  const state = useState(false);
  const setCopied = state[1];
  useEffect(() => {
    if (open) {
      reset();
      setCopied(false);
    }
  }, [open, reset, setCopied]);
  return state;
}

/** Copies `url`; resolves whether the clipboard took it (without permission the link stays on screen). */
function copyToClipboard(url: string): Promise<boolean> {
  return navigator.clipboard.writeText(url).then(
    () => true,
    () => false,
  );
}

/** A dialog's link-making call (`making` answers the link's URL): `make` runs it and copies the link when the browser lets us. */
export function useMadeLink(open: boolean, making: UseMutationResult<string, Error, void>) {
  const [copied, setCopied] = useCopiedFlag(open, making.reset);
  const make = () => making.mutate(undefined, { onSuccess: (url) => void copyToClipboard(url).then(setCopied), onError: (e) => toastError(e) });
  return { link: making.data ?? null, copied, make };
}

/** The actions of a link-making dialog: Cancel and `children` (the button that makes it), then Done once the link is shown. */
export function MakeLinkActions({ made, onClose, children }: { made: boolean; onClose: () => void; children: ReactNode }) {
  if (made) return <Button onClick={onClose}>Done</Button>;
  return (
    <>
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      {children}
    </>
  );
}

export function CopyLinkDialog({ open, onClose, estimate, issue }: { open: boolean; onClose: () => void; estimate: Pick<Estimate, 'id'>; issue?: IssueEstimateLink }) {
  const mutation = useIssueLink(estimate.id, issue);
  const { link, copied, make } = useMadeLink(open, mutation);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Customer link"
      description="Anyone with the link can view and accept this estimate. This makes one more link: the links sent before keep working."
      actions={
        <MakeLinkActions made={link !== null} onClose={onClose}>
          <Button onClick={make} disabled={mutation.isPending} icon={<Link2 aria-hidden="true" className="size-4" />}>
            Create and copy link
          </Button>
        </MakeLinkActions>
      }
    >
      {link && <ShownLink link={link} copied={copied} />}
    </Dialog>
  );
}
