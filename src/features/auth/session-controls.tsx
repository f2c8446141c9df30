// Logout scopes (SPEC.md §7): end this account's other sessions, or every session including
// this one (then the app goes to sign-in).
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { describeError } from '../../lib/errors';
import { FormAlert } from './form-alert';
import { useAuthInternals } from './use-auth';

export function SessionControls({ disabled }: { disabled: boolean }) {
  const { auth, controller } = useAuthInternals();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const others = async () => {
    setBusy(true);
    const { error } = await auth.signOut({ scope: 'others' });
    setBusy(false);
    setMessage(error ? { tone: 'error', text: describeError(error).message } : { tone: 'success', text: 'Your other sessions were signed out. This device stays signed in.' });
  };
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-base font-semibold text-slate-900">Sessions</h3>
      <p className="text-sm text-slate-600">Lost a tablet or used a shared computer? End the sessions you are not using.</p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={disabled || busy} onClick={() => void others()} icon={<MonitorSmartphone aria-hidden="true" className="size-4" />}>
          Sign out of other sessions
        </Button>
        <Button variant="secondary" disabled={disabled || busy} onClick={() => void controller.signOut()} icon={<LogOut aria-hidden="true" className="size-4" />}>
          Sign out everywhere
        </Button>
      </div>
      {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
    </div>
  );
}
