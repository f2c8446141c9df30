import { WifiOff } from 'lucide-react';
import { PageProblem } from '../ui/page-problem';

/** The portal could not be loaded and this device has no copy of it yet. */
export function PortalProblem({ onRetry }: { onRetry: () => void }) {
  return (
    <PageProblem id="portal-problem" icon={WifiOff} title="We could not open your portal" onRetry={onRetry}>
      Connection issue. Please check your internet and try again. Once opened, your portal can be read on this device without a connection.
    </PageProblem>
  );
}
