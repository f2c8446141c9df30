import { WifiOff } from 'lucide-react';
import { Button } from '../ui/button';

/** The portal could not be loaded and this device has no copy of it yet. */
export function PortalProblem({ onRetry }: { onRetry: () => void }) {
  return (
    <section aria-labelledby="portal-problem" className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <WifiOff aria-hidden="true" className="size-10 text-slate-500" />
      <h1 id="portal-problem" className="text-2xl font-semibold tracking-tight text-slate-900">
        We could not open your portal
      </h1>
      <p className="text-base text-slate-700">Connection issue. Please check your internet and try again. Once opened, your portal can be read on this device without a connection.</p>
      <Button size="lg" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}
