// The person's requests for new work, with where each stands, and the way to ask for more.
import { FilePlus2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../ui/button';
import type { PortalRequest } from '../../lib/portal-api';
import { formatMoment, requestStatus } from './format';
import { Section } from './section';
import { StatusChip } from './status-chip';

export type PendingRequest = { key: string; description: string };

export function RequestList({ requests, pending, newHref }: { requests: PortalRequest[]; pending: PendingRequest[]; newHref: string | null }) {
  const action = newHref && (
    <Link to={newHref} className={buttonClasses('secondary', 'sm')}>
      <FilePlus2 aria-hidden="true" className="size-4" />
      Request new work
    </Link>
  );
  return (
    <Section id="portal-requests" title="Your requests" action={action}>
      {requests.length === 0 && pending.length === 0 ? (
        <p className="text-sm text-slate-600">{newHref ? 'Need something else? Ask us for a new estimate.' : 'No requests yet.'}</p>
      ) : (
        <ul data-testid="portal-requests" className="flex flex-col divide-y divide-slate-100">
          {pending.map((r) => (
            <li key={r.key} className="flex items-start justify-between gap-3 py-3" data-testid="portal-request-pending">
              <p className="line-clamp-2 text-sm text-slate-800">{r.description}</p>
              <StatusChip text="Will be sent when you are back online" tone="warning" />
            </li>
          ))}
          {requests.map((r) => {
            const status = requestStatus(r.status);
            return (
              <li key={r.id} className="flex items-start justify-between gap-3 py-3" data-testid="portal-request">
                <div className="min-w-0">
                  <p className="line-clamp-2 text-sm text-slate-800">{r.description}</p>
                  <p className="text-xs text-slate-600">
                    {r.reference} · {formatMoment(r.created_at)}
                  </p>
                </div>
                <StatusChip text={status.text} tone={status.tone} />
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
