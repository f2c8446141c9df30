import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from './ui/badge';
import { cx } from './ui/cx';

/** A styled stand-in for a screen whose content arrives with a later issue. */
export function PlaceholderPage({
  title,
  summary,
  icon,
  plans,
  facts,
  variant = 'staff',
  children,
}: {
  title: string;
  summary: string;
  icon: ReactNode;
  plans: readonly string[];
  facts?: readonly { label: string; value: string }[];
  variant?: 'staff' | 'public';
  children?: ReactNode;
}) {
  const publicPage = variant === 'public';
  return (
    <div className={cx('flex flex-col gap-6', publicPage && 'mx-auto w-full max-w-2xl')}>
      <header className={publicPage ? 'flex flex-col items-center gap-4 text-center' : 'flex items-start gap-4'}>
        <div aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 [&_svg]:size-6">
          {icon}
        </div>
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className={cx('mt-1 max-w-prose text-slate-600', publicPage && 'mx-auto')}>{summary}</p>
        </div>
      </header>

      {facts && facts.length > 0 && (
        <dl className="grid gap-3 sm:grid-cols-2">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{fact.label}</dt>
              <dd className="mt-1 truncate font-mono text-sm text-slate-900" title={fact.value}>
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      )}

      <section aria-labelledby={`${title}-plans`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${title}-plans`} className="text-base font-semibold text-slate-900">
            What this area will hold
          </h2>
          <Badge tone="warning">
            <Construction aria-hidden="true" className="size-3.5" />
            In progress
          </Badge>
        </div>
        <ul className="mt-3 grid gap-2 text-sm text-slate-700 md:grid-cols-2">
          {plans.map((plan) => (
            <li key={plan} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" />
              <span>{plan}</span>
            </li>
          ))}
        </ul>
      </section>
      {children}
    </div>
  );
}
