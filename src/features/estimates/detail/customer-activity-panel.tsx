// The customer's side of the estimate on its staff page, live from the device database: how
// often the link was opened, and what the customer decided (the acceptance's name and
// signature are in the acceptance record beside it; here the options they chose, a decline's
// reason or the changes they asked for). Customer text is shown as text, never as markup.
import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import type { Estimate } from '../../../db/collections/estimates';
import { customerActivity, type CustomerDecision } from './customer-activity';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (at: string | null) => (at ? WHEN.format(new Date(at)) : '—');

function Stat({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 text-base font-medium text-slate-900 tabular-nums">
        {children}
      </dd>
    </div>
  );
}

function Quote({ heading, at, text, tone }: { heading: string; at: string | null; text: string; tone: 'danger' | 'warning' | 'neutral' }) {
  const colours = { danger: 'bg-red-50 text-red-900 ring-red-200', warning: 'bg-amber-50 text-amber-950 ring-amber-200', neutral: 'bg-slate-50 text-slate-800 ring-slate-200' }[tone];
  return (
    <div className={`rounded-xl p-4 ring-1 ${colours}`}>
      <p className="text-sm font-semibold">
        {heading} <span className="font-normal">· {when(at)}</span>
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words">{text || '(no reason given)'}</p>
    </div>
  );
}

function Decision({ decision }: { decision: CustomerDecision }) {
  switch (decision.kind) {
    case 'declined':
      return <Quote heading="Declined — the customer’s reason" at={decision.at} text={decision.reason} tone="danger" />;
    case 'changes_requested':
      return <Quote heading={decision.current ? 'Changes requested' : 'Earlier change request'} at={decision.at} text={decision.message} tone={decision.current ? 'warning' : 'neutral'} />;
    case 'update_requested':
      return <Quote heading="Asked for an updated estimate" at={decision.at} text={decision.message} tone="warning" />;
    case 'accepted':
      if (decision.options.length === 0) return null;
      return (
        <div>
          <p className="text-sm font-semibold text-slate-900">Options the customer chose</p>
          <ul className="mt-1 flex flex-col gap-1 text-sm" data-testid="chosen-options">
            {decision.options.map((o, i) => (
              <li key={`${i}-${o.name}`} className="flex flex-wrap justify-between gap-2">
                <span className="text-slate-800">{o.name}</span>
                <span className={o.included ? 'font-medium text-emerald-800' : 'text-slate-600'}>{o.included ? 'Included' : 'Left out'}</span>
              </li>
            ))}
          </ul>
        </div>
      );
  }
}

export function CustomerActivityPanel({ estimate, items }: { estimate: Estimate; items: readonly EstimateItem[] }) {
  if (!estimate.sent_at && estimate.view_count === 0) return null;
  const { views, decision } = customerActivity(estimate, items);
  return (
    <section aria-labelledby="customer-activity-heading" data-testid="customer-activity" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm print:hidden">
      <h2 id="customer-activity-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Eye aria-hidden="true" className="size-5 text-slate-500" /> Customer activity
      </h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Stat label="Views" testId="view-count">
          {views.count}
        </Stat>
        <Stat label="First viewed" testId="first-viewed">
          {views.count > 0 || views.first ? when(views.first) : 'Not yet'}
        </Stat>
        <Stat label="Last viewed" testId="last-viewed">
          {views.count > 0 ? when(views.last) : 'Not yet'}
        </Stat>
      </dl>
      {decision && <Decision decision={decision} />}
    </section>
  );
}
