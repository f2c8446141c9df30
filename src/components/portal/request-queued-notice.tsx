// On the portal home after a request was queued (kept apart from the request form, so the
// home does not load the form's code).
import { CheckCircle2 } from 'lucide-react';
import { useLocation } from 'react-router-dom';

/** On the portal home after a request was queued. */
export function RequestQueuedNotice() {
  const location = useLocation();
  if (!(location.state as { requested?: boolean } | null)?.requested) return null;
  return (
    <p role="status" data-testid="request-queued" className="flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-inset ring-emerald-200">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      Thank you — your request is on its way. You can follow it under “Your requests”.
    </p>
  );
}
