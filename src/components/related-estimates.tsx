// The estimates of an account or a prospect on its detail page: title, number, status and total,
// each opening the estimate, with "New estimate" for those who may create one.
import { Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ESTIMATE_STATUS, type EstimateStatusName } from '../lib/estimate-status';
import { formatMoney } from '../lib/money';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Panel } from './ui/panel';

/** What the list shows of an estimate (an Estimate document fits). */
type EstimateLine = { id: string; title: string; number: string; status: EstimateStatusName; total_cents: number };

type Props = { id: string; testId: string; estimates: readonly EstimateLine[]; onNew: (() => void) | null; className?: string };

export function RelatedEstimates({ id, testId, estimates, onNew, className }: Props) {
  const action = onNew && (
    <Button size="sm" variant="secondary" icon={<Plus aria-hidden="true" className="size-4" />} onClick={onNew}>
      New estimate
    </Button>
  );
  return (
    <Panel id={id} title="Estimates" action={action} className={className}>
      {estimates.length === 0 ? (
        <p className="text-sm text-slate-600">No estimates yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid={testId}>
          {estimates.map((e) => (
            <li key={e.id}>
              <Link to={`/estimates/${e.id}`} className="flex items-center gap-3 py-2.5 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{e.title || 'Untitled estimate'}</span>
                  <span className="block font-mono text-xs text-slate-600">{e.number}</span>
                </span>
                <Badge tone={ESTIMATE_STATUS[e.status].tone}>{ESTIMATE_STATUS[e.status].label}</Badge>
                <span className="w-28 shrink-0 text-right font-medium text-slate-900 tabular-nums">{formatMoney(e.total_cents)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
