import type { ReactNode } from 'react';
import { Search } from 'lucide-react';
import { cx } from './cx';
import { Input, type InputProps } from './field';

/** The white search-and-filter panel above a list; `className` lays out its grid columns. */
export function FilterBar({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div role="search" className={cx('grid gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm', className)}>
      {children}
    </div>
  );
}

/** A search box with its magnifier; put it in a <Field> for its name. */
export function SearchInput({ className, ...props }: Omit<InputProps, 'type'>) {
  return (
    <div className="relative">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <Input type="search" className={cx('pl-9', className)} {...props} />
    </div>
  );
}
