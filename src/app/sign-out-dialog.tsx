// The warning before signing out with unsynced changes: sync first, sign out anyway, or stay.
import { CloudOff, CloudUpload, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/ui/button';
import { Dialog } from '../components/ui/dialog';
import { Spinner } from '../components/ui/spinner';
import { changesText, syncBeforeSignOut, type SyncControl } from './sign-out';

type Phase = { kind: 'ask' } | { kind: 'syncing' } | { kind: 'offline' } | { kind: 'stalled' } | { kind: 'signing-out' };

export type SignOutDialogProps = {
  open: boolean;
  /** The count when the dialog opened; updated while syncing. */
  pending: number;
  control: SyncControl | null;
  onCancel: () => void;
  onSignOut: () => Promise<void>;
};

export function SignOutDialog({ open, pending: initialPending, control, onCancel, onSignOut }: SignOutDialogProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' });
  const [pending, setPending] = useState(initialPending);
  const [start] = useState(initialPending);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const busy = phase.kind === 'syncing' || phase.kind === 'signing-out';

  const cancel = () => {
    abort.current?.abort();
    if (phase.kind !== 'signing-out') onCancel();
  };

  const signOut = async () => {
    abort.current?.abort();
    setPhase({ kind: 'signing-out' });
    await onSignOut();
  };

  const syncNow = async () => {
    if (!control) return signOut();
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'syncing' });
    const outcome = await syncBeforeSignOut({ control, isOnline: () => navigator.onLine, onProgress: setPending, signal: controller.signal });
    if (outcome === 'cancelled') return;
    if (outcome === 'synced') return signOut();
    setPhase({ kind: outcome });
  };

  const waiting = pending > 0 ? changesText(pending) : 'Some changes';
  const done = Math.max(0, start - pending);

  return (
    <Dialog
      open={open}
      onClose={cancel}
      title="Sign out with unsynced changes?"
      description={
        <>
          {waiting} on this device {pending === 1 ? 'has' : 'have'} not reached the server yet.
        </>
      }
      actions={
        <>
          <Button variant="ghost" onClick={cancel} disabled={phase.kind === 'signing-out'}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={() => void signOut()} disabled={phase.kind === 'signing-out'}>
            Sign out anyway
          </Button>
          <Button onClick={() => void syncNow()} disabled={busy} icon={<CloudUpload aria-hidden="true" className="size-4" />}>
            Sync now
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700" data-testid="sign-out-dialog">
        {phase.kind === 'syncing' && (
          <div className="rounded-lg bg-brand-50 p-3 text-brand-900" aria-live="polite">
            <div className="flex items-center gap-2">
              <Spinner label="Syncing" />
              <span>Syncing… {changesText(pending)} left</span>
            </div>
            {start > 0 && (
              <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-brand-100" role="progressbar" aria-label="Sync progress" aria-valuemin={0} aria-valuemax={start} aria-valuenow={done}>
                <div className="h-full rounded-full bg-brand-700 transition-all" style={{ width: `${Math.round((done / start) * 100)}%` }} />
              </div>
            )}
          </div>
        )}
        {phase.kind === 'signing-out' && (
          <div className="flex items-center gap-2 rounded-lg bg-emerald-50 p-3 text-emerald-900" aria-live="polite">
            <Spinner label="Signing out" />
            <span>{pending === 0 ? 'Everything is synced. Signing out…' : 'Signing out…'}</span>
          </div>
        )}
        {phase.kind === 'offline' && (
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-amber-900">
            <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>You are offline, so the changes cannot be synced now. Connect to the internet and try again, or sign out anyway.</span>
          </p>
        )}
        {phase.kind === 'stalled' && (
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-red-800">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>The server is not accepting the changes right now ({changesText(pending)} still waiting). Try again in a moment, or sign out anyway.</span>
          </p>
        )}
        <p>
          If you sign out anyway, the changes stay saved on this device and are sent the next time you sign in here with this account.
          Another person signing in on this device will not see them.
        </p>
      </div>
    </Dialog>
  );
}
