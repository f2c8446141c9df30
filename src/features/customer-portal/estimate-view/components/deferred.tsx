// The parts of the page that hold forms (the field components, the signature pad) load just
// after the estimate shows: a customer reads before acting, and on a slow line the estimate
// appears sooner without them. Each has a placeholder of about its size meanwhile.
import { lazy, Suspense, type ReactNode } from 'react';
import { cx } from '../../../../components/ui/cx';
import { Spinner } from '../../../../components/ui/spinner';
import { useHydrated } from '../../../../lib/use-hydrated';

export const DecisionPanel = lazy(() => import('./decision-panel').then((m) => ({ default: m.DecisionPanel })));
export const TextDecisionForm = lazy(() => import('./text-decision-form').then((m) => ({ default: m.TextDecisionForm })));
export const CommentForm = lazy(() => import('./comment-form').then((m) => ({ default: m.CommentForm })));

export function FormPlaceholder({ label, className }: { label: string; className?: string }) {
  return (
    <div className={cx('flex min-h-32 items-center justify-center gap-2 text-sm text-slate-600', className)}>
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

/**
 * A form that loads after the estimate shows. In the server's HTML, and until the page's script
 * has taken it over, it is its placeholder, plainly: nothing typed into server HTML can be lost,
 * and the server never waits for a form's code.
 */
export function Deferred({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
