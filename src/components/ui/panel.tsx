import type { ReactNode } from 'react';
import { cx } from './cx';

type PanelProps = {
  id: string;
  title: string;
  /** Beside the title: a button, a link, a count. */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** The content grows to the panel's height (panels side by side in a grid row, as on the home page). */
  stretch?: boolean;
};

/** A titled white panel of a staff page (an account's, a prospect's, a card of the home page). */
export function Panel({ id, title, action, children, className, testId, stretch = false }: PanelProps) {
  return (
    <section aria-labelledby={id} data-testid={testId} className={cx('min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm', stretch && 'flex flex-col', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className={stretch ? 'mt-3 flex-1' : 'mt-3'}>{children}</div>
    </section>
  );
}
