// The portal's estimates: number, title, status in the customer's words, total and how long
// it is valid; each opens the estimate view.
import { ChevronRight, FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../lib/money';
import type { PortalEstimate } from '../../lib/portal-api';
import { estimateStatus, formatDay } from './format';
import { Section } from './section';
import { StatusChip } from './status-chip';

/** The amount the customer is looking at: what they accepted, otherwise the current version's total. */
function estimateTotal(estimate: PortalEstimate): number | null {
  return estimate.decision?.total_cents ?? estimate.snapshot?.estimate.total_cents ?? null;
}

export function EstimateList({ estimates, hrefOf }: { estimates: PortalEstimate[]; hrefOf: ((id: string) => string) | null }) {
  return (
    <Section id="portal-estimates" title="Your estimates">
      {estimates.length === 0 ? (
        <p className="text-sm text-slate-600">No estimates yet. When we send you one, it appears here.</p>
      ) : (
        <ul data-testid="portal-estimates" className="-mx-2 flex flex-col">
          {estimates.map((e) => (
            <li key={e.estimate_id}>
              <EstimateRow estimate={e} href={hrefOf ? hrefOf(e.estimate_id) : null} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function EstimateRow({ estimate, href }: { estimate: PortalEstimate; href: string | null }) {
  const status = estimateStatus(estimate.status);
  const total = estimateTotal(estimate);
  const body = (
    <>
      <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-[var(--org-text)]" />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium text-slate-900">{estimate.title || 'Estimate'}</span>
          <StatusChip text={status.text} tone={status.tone} testId="portal-estimate-status" />
        </span>
        <span className="text-sm text-slate-600">
          {estimate.number}
          {estimate.valid_until && estimate.status !== 'accepted' && estimate.status !== 'declined' ? ` · valid until ${formatDay(estimate.valid_until)}` : ''}
        </span>
      </span>
      <span className="shrink-0 text-right text-base font-semibold text-slate-900 tabular-nums">{total === null ? '' : formatMoney(total)}</span>
      {href && <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />}
    </>
  );
  const classes = 'flex items-start gap-3 rounded-xl px-2 py-3';
  if (!href) return <div className={classes}>{body}</div>;
  return (
    <Link to={href} data-testid="portal-estimate" className={`${classes} hover:bg-[var(--org-soft)] focus-visible:outline-2 focus-visible:outline-[var(--org-text)]`}>
      {body}
    </Link>
  );
}
