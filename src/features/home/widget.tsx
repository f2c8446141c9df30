// A card of the home page: a heading, an optional link or count, and its content.
import type { ReactNode } from 'react';
import { cx } from '../../components/ui/cx';

export function Widget({ id, title, aside, children, className }: { id: string; title: string; aside?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} data-testid={`widget-${id}`} className={cx('flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      <div className="mt-3 flex-1">{children}</div>
    </section>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{children}</p>;
}

export const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
export const DAY_AND_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
