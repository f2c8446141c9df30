import { cx } from '../components/ui/cx';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path d="M9 8.5h9.5l4.5 4.5v10.5H9z" fill="#fff" />
      <path d="M18.5 8.5V13H23" fill="#bfdbfe" />
      <path d="M12 17h8M12 20.5h5" stroke="#1d4ed8" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <BrandMark />
      <span className={cx('leading-tight', compact && 'sr-only')}>
        <span className="block text-sm font-semibold whitespace-nowrap text-slate-900">Customer Engagement</span>
        <span className="block text-xs font-medium text-slate-500">Portal</span>
      </span>
    </span>
  );
}
