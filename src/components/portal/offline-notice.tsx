import { WifiOff } from 'lucide-react';
import { formatMoment } from './format';

/** The portal is shown from this device's copy: say so, and from when. */
export function OfflineNotice({ savedAt }: { savedAt: string }) {
  return (
    <p role="status" data-testid="portal-offline" className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      You are offline. This is your portal as of {formatMoment(savedAt)}; messages you write are sent when you are back online.
    </p>
  );
}
