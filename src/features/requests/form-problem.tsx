import { CircleAlert, WifiOff } from 'lucide-react';

/** A lost connection being retried, or a problem with the whole form, said in a live region. */
export function FormProblem({ retrying, problem }: { retrying: number; problem: string | null }) {
  return (
    <div role="status" aria-live="polite">
      {retrying > 0 && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Connection lost. Your request is kept and will be sent as soon as the connection is back (attempt {retrying}).
        </p>
      )}
      {problem && (
        <p role="alert" data-testid="request-problem" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-inset ring-red-200">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {problem}
        </p>
      )}
    </div>
  );
}
