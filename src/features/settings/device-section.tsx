// This device: storage used and quota, persistent storage, unsynced changes, clearing local
// data, and the app's version with its update check.
import { useAtomValue } from 'jotai';
import { HardDrive } from 'lucide-react';
import { useState } from 'react';
import { AppUpdateStatus } from '../../components/app-update-status';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatBytes, useDeviceStorage } from '../../lib/device-storage';
import { syncStatusAtom } from '../../lib/sync-status';
import { ClearDataDialog, unsyncedText } from './clear-data-dialog';

function StorageFacts() {
  const { info, requestPersistence } = useDeviceStorage();
  const [answer, setAnswer] = useState<string | null>(null);
  const ask = async () => {
    const granted = await requestPersistence();
    setAnswer(granted ? 'The browser now keeps this data until you clear it.' : 'The browser did not grant it now. Installing the app to the home screen usually helps.');
  };
  if (!info) return null;
  if (!info.supported) return <p className="text-sm text-slate-600">This browser does not report its storage.</p>;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Storage used</dt>
          <dd className="text-slate-900" data-testid="storage-usage">
            {formatBytes(info.usage)} of {formatBytes(info.quota)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Persistent storage</dt>
          <dd>{info.persisted ? <Badge tone="success">Granted</Badge> : <Badge tone="warning">Not granted</Badge>}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">
        {info.persisted
          ? 'The browser will not delete this data to free space; only clearing it here or in the browser removes it.'
          : 'Without it, the browser may delete this data when the device runs short of space, and Safari after 7 days without use unless the app is installed. Unsynced changes would be lost.'}
      </p>
      {!info.persisted && (
        <Button variant="secondary" size="sm" className="self-start" onClick={() => void ask()}>
          Keep data on this device
        </Button>
      )}
      {answer && (
        <p role="status" className="text-sm text-slate-700">
          {answer}
        </p>
      )}
    </div>
  );
}

export function DeviceSection() {
  const { pending } = useAtomValue(syncStatusAtom);
  const [clearing, setClearing] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <StorageFacts />
      <hr className="border-slate-200" />
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700" data-testid="pending-changes">
          {pending === 0 ? 'All changes on this device are synced.' : `${unsyncedText(pending)}.`}
        </p>
        <Button variant="secondary" className="self-start" onClick={() => setClearing(true)} icon={<HardDrive aria-hidden="true" className="size-4" />}>
          Clear local data…
        </Button>
      </div>
      <hr className="border-slate-200" />
      <AppUpdateStatus />
      <ClearDataDialog open={clearing} pending={pending} onClose={() => setClearing(false)} />
    </div>
  );
}
