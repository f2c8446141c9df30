import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
};

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };

export function Dialog({ open, onClose, title, description, children, actions, size = 'md' }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel
          transition
          className={cx(
            'w-full rounded-2xl bg-white p-6 shadow-xl transition duration-200 data-closed:translate-y-4 data-closed:opacity-0',
            SIZES[size],
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
            <button type="button" onClick={onClose} className="-m-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          {description && <Description className="mt-1 text-sm text-slate-600">{description}</Description>}
          {children && <div className="mt-4">{children}</div>}
          {actions && <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

/** A panel that slides in from the left: the navigation drawer on small screens. */
export function Drawer({ open, onClose, label, children }: { open: boolean; onClose: () => void; label: string; children: ReactNode }) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex">
        <DialogPanel
          transition
          aria-label={label}
          className="relative flex w-72 max-w-[85vw] flex-col bg-white shadow-xl transition duration-200 data-closed:-translate-x-full"
        >
          <button
            type="button"
            onClick={onClose}
            className="absolute top-3 right-3 rounded-lg p-2 text-slate-500 hover:bg-slate-100"
            aria-label="Close navigation"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
          {children}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
