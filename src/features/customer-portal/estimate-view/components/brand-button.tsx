// The page's main button in the organization's colour (text colour chosen for contrast).
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from '../../../../components/ui/cx';

export function BrandButton({ icon, children, className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { icon?: ReactNode }) {
  return (
    <button
      type={type}
      className={cx(
        'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-[var(--org)] px-5 text-base font-semibold text-[var(--org-on)] shadow-sm',
        'hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--org-text)] disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      {icon}
      {children}
    </button>
  );
}
