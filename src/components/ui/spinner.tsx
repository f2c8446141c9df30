import { LoaderCircle } from 'lucide-react';
import { cx } from './cx';

export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cx('inline-flex items-center gap-2 text-slate-600', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand-700" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the page while something the whole screen depends on is checked. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3" data-testid="page-spinner">
      <Spinner label={label} className="[&_svg]:size-8" />
      <p className="text-sm text-slate-500" aria-hidden="true">
        {label}
      </p>
    </div>
  );
}
