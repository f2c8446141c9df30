import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { toastStore, type Toast as ToastData, type ToastStore, type ToastTone } from '../../lib/toast-store';
import { cx } from './cx';

const TONES: Record<ToastTone, { box: string; icon: typeof Info }> = {
  critical: { box: 'border-red-300 bg-red-50 text-red-900', icon: CircleAlert },
  error: { box: 'border-red-200 bg-white text-slate-900', icon: CircleAlert },
  warning: { box: 'border-amber-200 bg-white text-slate-900', icon: TriangleAlert },
  info: { box: 'border-slate-200 bg-white text-slate-900', icon: Info },
  success: { box: 'border-emerald-200 bg-white text-slate-900', icon: CircleCheck },
};

const ICON_COLOURS: Record<ToastTone, string> = {
  critical: 'text-red-700',
  error: 'text-red-600',
  warning: 'text-amber-600',
  info: 'text-brand-700',
  success: 'text-emerald-600',
};

function urgent(toast: ToastData): boolean {
  return toast.tone === 'critical' || toast.tone === 'error';
}

function ActionButton({ toast, onDismiss }: { toast: ToastData; onDismiss: () => void }) {
  if (!toast.action) return null;
  const { label, run } = toast.action;
  return (
    <button
      type="button"
      onClick={() => {
        onDismiss();
        run();
      }}
      className="mt-2 -ml-2 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline"
    >
      {label}
    </button>
  );
}

function ToastCard({ toast, onDismiss }: { toast: ToastData; onDismiss: () => void }) {
  const { box, icon: Icon } = TONES[toast.tone];
  return (
    <div
      data-testid="toast"
      className={cx('pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg', box)}
    >
      <Icon aria-hidden="true" className={cx('mt-0.5 size-5 shrink-0', ICON_COLOURS[toast.tone])} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm break-words text-slate-700">{toast.description}</p>}
        <ActionButton toast={toast} onDismiss={onDismiss} />
      </div>
      <button type="button" onClick={onDismiss} className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Dismiss notification">
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

const REGION = 'flex w-full flex-col items-center gap-2 sm:items-end';

/**
 * Where toasts appear; mount once near the root. Both live regions are always in the page, so
 * a screen reader announces a toast the moment it is put into one (a region that appears
 * together with its text is often not read): errors interrupt, the rest waits its turn.
 */
export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const open = toasts.filter((t) => t.open);
  const card = (t: ToastData) => <ToastCard key={t.id} toast={t} onDismiss={() => store.dismiss(t.id)} />;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end sm:p-6">
      <div role="status" aria-live="polite" className={REGION}>
        {open.filter((t) => !urgent(t)).map(card)}
      </div>
      <div role="alert" aria-live="assertive" className={REGION}>
        {open.filter(urgent).map(card)}
      </div>
    </div>
  );
}
