import type { ReactNode } from 'react';

/** One card of the monitoring page, with its heading and optional actions. */
export function Panel({ id, title, summary, actions, children }: { id: string; title: string; summary?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {summary && <p className="mt-1 text-sm text-slate-600">{summary}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A time as "2:05:09 PM" today and "Nov 25, 2:05 PM" before, with the full date for a tooltip. */
export function When({ at }: { at: string | null | undefined }) {
  if (!at) return <span className="text-slate-500">—</span>;
  const date = new Date(at);
  const today = date.toDateString() === new Date().toDateString();
  const text = today
    ? date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' })
    : date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return (
    <time dateTime={at} title={date.toLocaleString('en-US')} className="whitespace-nowrap">
      {text}
    </time>
  );
}
