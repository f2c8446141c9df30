// The app's version and its service worker: whether it controls the page (the app starts
// offline), whether an update waits, and a button to check for one now.
import { useAtomValue } from 'jotai';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { serviceWorkerStatusAtom, UPDATE_CHECK_MESSAGES, type ServiceWorkerStatus } from '../lib/service-worker-status';
import { APP_VERSION } from '../lib/version';
import { Badge } from './ui/badge';
import { Button } from './ui/button';

function workerState(status: ServiceWorkerStatus): { text: string; tone: 'success' | 'warning' | 'neutral' | 'danger' } {
  if (status.support === 'unsupported') return { text: 'Not supported by this browser', tone: 'warning' };
  if (status.support === 'development') return { text: 'Off in development', tone: 'neutral' };
  if (status.registration === 'failed') return { text: 'Registration failed', tone: 'danger' };
  if (status.updateWaiting) return { text: 'Update waiting', tone: 'warning' };
  if (status.controlled) return { text: 'Active: works offline', tone: 'success' };
  return { text: 'Installing', tone: 'neutral' };
}

export function AppUpdateStatus() {
  const status = useAtomValue(serviceWorkerStatusAtom);
  const [checking, setChecking] = useState(false);
  const state = workerState(status);
  const check = async () => {
    if (!status.checkForUpdate) return;
    setChecking(true);
    await status.checkForUpdate();
    setChecking(false);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="app-update-status">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">App version</dt>
          <dd className="font-mono text-slate-900">{APP_VERSION}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Service worker</dt>
          <dd>
            <Badge tone={state.tone}>{state.text}</Badge>
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" disabled={!status.checkForUpdate || checking} onClick={() => void check()} icon={<RefreshCw aria-hidden="true" className="size-4" />}>
          {checking ? 'Checking…' : 'Check for update'}
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {status.lastCheck ? UPDATE_CHECK_MESSAGES[status.lastCheck] : ''}
        </p>
      </div>
    </div>
  );
}
