// The page before it can show an estimate: loading, a link that does not work (one page for
// unknown, malformed, expired and revoked links: it never says which), or no connection.
import { FileX2, LoaderCircle, WifiOff } from 'lucide-react';
import { Button } from '../../../../components/ui/button';

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
    <section aria-labelledby="invalid-link" className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <FileX2 aria-hidden="true" className="size-10 text-slate-500" />
      <h1 id="invalid-link" className="text-2xl font-semibold tracking-tight text-slate-900">
        This link does not open an estimate
      </h1>
      <p className="text-base text-slate-700">
        It may have been mistyped, replaced by a newer link, or it may have expired. Please use the latest link you received by e-mail, or ask the business that sent it
        for a new one.
      </p>
    </section>
  );
}

export function LoadFailed({ message, onRetry }: { message?: string | undefined; onRetry: () => void }) {
  return (
    <section aria-labelledby="load-failed" className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <WifiOff aria-hidden="true" className="size-10 text-slate-500" />
      <h1 id="load-failed" className="text-2xl font-semibold tracking-tight text-slate-900">
        We could not load your estimate
      </h1>
      <p className="text-base text-slate-700">{message ?? 'Connection issue. Please check your internet and try again.'}</p>
      <Button size="lg" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}
