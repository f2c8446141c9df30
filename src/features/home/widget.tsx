// A card of the home page: a heading, an optional link or count, and its content.
import type { ReactNode } from 'react';
import { Panel } from '../../components/ui/panel';

export function Widget({ id, title, aside, children, className }: { id: string; title: string; aside?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <Panel id={id} title={title} action={aside} testId={`widget-${id}`} stretch className={className}>
      {children}
    </Panel>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{children}</p>;
}

export const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
export const DAY_AND_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
