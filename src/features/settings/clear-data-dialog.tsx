// "Clear local data": with unsynced changes the user exports them first (or says they may go);
// without, a plain confirmation. The app then starts again and downloads everything.
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useWorkspace } from '../../db/react';
import { downloadText } from '../../lib/download';
import { toastError } from '../../lib/toast-store';
import { clearDeviceData, exportDeviceData, exportFileName } from './device-data';

function changes(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}

export function unsyncedText(count: number): string {
  return `${changes(count)} on this device ${count === 1 ? 'has' : 'have'} not reached the server yet`;
}

export function ClearDataDialog({ open, pending, onClose }: { open: boolean; pending: number; onClose: () => void }) {
  const { db } = useWorkspace();
  const [exported, setExported] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [working, setWorking] = useState(false);
  const guarded = pending > 0;
  const close = () => {
    setExported(false);
    setAccepted(false);
    onClose();
  };
  const exportNow = async () => {
    try {
      downloadText(exportFileName(), await exportDeviceData(db, pending), 'application/json');
      setExported(true);
    } catch (error) {
      toastError(error);
    }
  };
  const clear = async () => {
    setWorking(true);
    try {
      await clearDeviceData(db);
      window.location.assign('/');
    } catch (error) {
      setWorking(false);
      toastError(error);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Clear the data on this device?"
      description={
        guarded
          ? `${unsyncedText(pending)}. Clearing now loses them unless you keep a copy: export them first.`
          : 'Everything is synced. The app starts again and downloads your organization’s data afresh.'
      }
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" disabled={working || (guarded && !exported && !accepted)} onClick={() => void clear()} icon={<Trash2 aria-hidden="true" className="size-4" />}>
            {working ? 'Clearing…' : 'Clear local data'}
          </Button>
        </>
      }
    >
      {guarded && (
        <div className="flex flex-col gap-3">
          <Button variant="secondary" onClick={() => void exportNow()} icon={<Download aria-hidden="true" className="size-4" />} className="self-start">
            {exported ? 'Exported: download again' : 'Export unsynced changes'}
          </Button>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} className="mt-0.5 size-4 rounded border-slate-300" />
            Clear without a copy: I accept that {pending === 1 ? 'this change is' : `these ${pending} changes are`} lost.
          </label>
        </div>
      )}
    </Dialog>
  );
}
