// What an action is doing, said once in a live region: sending, retrying after a lost
// connection (with what is kept), or refused for the whole form.
import { CircleAlert, LoaderCircle, WifiOff } from 'lucide-react';
import type { ActionState } from '../queries';

export function SendStatus({ state, what }: { state: ActionState; what: string }) {
  const refused = state.refusal && !state.refusal.field ? state.refusal : null;
  return (
    <div role="status" aria-live="polite" className="min-h-0 print:hidden">
      {state.sending && state.retryAttempt > 0 && (
        <p data-testid="connection-lost" className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Connection lost. Your {what} is kept and will be sent as soon as the connection is back (attempt {state.retryAttempt}). Please keep this page open.
          </span>
        </p>
      )}
      {state.sending && state.retryAttempt === 0 && (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          Sending your {what}…
        </p>
      )}
      {!state.sending && refused && (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-inset ring-red-200">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{refused.message}</span>
        </p>
      )}
    </div>
  );
}
