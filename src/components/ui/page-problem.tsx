// What a customer's page shows in place of its content when it cannot show it: a link that
// does not work, no connection, an estimate no longer shared. The page's one h1.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

export function PageProblem({ id, icon: Icon, title, children, onRetry }: { id: string; icon: LucideIcon; title: string; children: ReactNode; onRetry?: () => void }) {
  return (
    <section aria-labelledby={id} className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <Icon aria-hidden="true" className="size-10 text-slate-500" />
      <h1 id={id} className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h1>
      <p className="text-base text-slate-700">{children}</p>
      {onRetry && (
        <Button size="lg" onClick={onRetry}>
          Try again
        </Button>
      )}
    </section>
  );
}
