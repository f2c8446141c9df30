// The page before it can show an estimate: loading, a link that does not work (one page for
// unknown, malformed, expired and revoked links: it never says which), no connection, or (in a
// portal) an estimate the portal no longer shares.
import { FileX2, LoaderCircle, WifiOff } from 'lucide-react';
import { PageProblem } from '../../../../components/ui/page-problem';

export function LoadingEstimate() {
  return (
    <div role="status" className="flex min-h-64 flex-col items-center justify-center gap-3 text-slate-700">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-slate-500 motion-reduce:animate-none" />
      <p className="text-base">Opening your estimate…</p>
    </div>
  );
}

export function InvalidLink() {
  return (
    <PageProblem id="invalid-link" icon={FileX2} title="This link does not open an estimate">
      It may have been mistyped, replaced by a newer link, or it may have expired. Please use the latest link you received by e-mail, or ask the business that sent it for a
      new one.
    </PageProblem>
  );
}

export function LoadFailed({ message, onRetry }: { message?: string | undefined; onRetry: () => void }) {
  return (
    <PageProblem id="load-failed" icon={WifiOff} title="We could not load your estimate" onRetry={onRetry}>
      {message ?? 'Connection issue. Please check your internet and try again.'}
    </PageProblem>
  );
}

export function NotShared() {
  return (
    <PageProblem id="not-shared" icon={FileX2} title="This estimate is not shared in your portal">
      It may have been withdrawn or replaced. Go back to your portal to see your current estimates.
    </PageProblem>
  );
}
