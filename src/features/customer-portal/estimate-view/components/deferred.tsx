// The parts of the page that hold forms (the field components, the signature pad) load just
// after the estimate shows: a customer reads before acting, and on a slow line the estimate
// appears sooner without them. Each has a placeholder of about its size meanwhile.
import { lazy } from 'react';
import { cx } from '../../../../components/ui/cx';
import { Spinner } from '../../../../components/ui/spinner';

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
