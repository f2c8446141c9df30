import type { ReactNode } from 'react';
import { cx } from './cx';

export function EmptyState({
  icon,
  title,
  children,
  action,
  className,
  headingLevel = 'h2',
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  headingLevel?: 'h1' | 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <div className={cx('flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center', className)}>
      {icon && (
        <div aria-hidden="true" className="mb-3 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&_svg]:size-6">
          {icon}
        </div>
      )}
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      {children && <div className="mt-1 max-w-prose text-sm text-slate-600">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
