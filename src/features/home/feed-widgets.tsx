// What came in: new estimate requests waiting (with the way to the inbox) and recent customer
// activity across estimates, comments and requests, newest first.
import { CircleCheck, CircleX, Eye, Inbox, MessageCircle, MessageSquareWarning, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ActivityKind, HomeSummary } from './dashboard';
import { DAY_AND_TIME, Empty, Widget } from './widget';

export function WaitingRequests({ requests }: { requests: HomeSummary['requests'] }) {
  const aside = (
    <Link to="/prospects?view=requests" className="text-sm font-medium text-brand-700 hover:underline">
      Open the inbox
    </Link>
  );
  return (
    <Widget id="requests" title="New requests" aside={aside}>
      <p className="mb-2 text-sm text-slate-700" data-testid="requests-total">
        {requests.total === 0 ? 'No request is waiting.' : `${requests.total} ${requests.total === 1 ? 'request is' : 'requests are'} waiting for someone.`}
      </p>
      {requests.items.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {requests.items.map((r) => (
            <li key={r.id}>
              <Link to={`/prospects?view=requests&request=${r.id}`} className="flex items-start gap-3 py-2.5 hover:bg-slate-50" data-testid="waiting-request">
                <Inbox aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">
                    {r.name || r.email}
                    {r.company && <span className="font-normal text-slate-600"> · {r.company}</span>}
                  </span>
                  <span className="block truncate text-sm text-slate-700">{r.description || 'No description'}</span>
                </span>
                <span className="shrink-0 text-xs text-slate-600">{DAY_AND_TIME.format(new Date(r.created_at))}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <Empty>Requests from the public page and the portals arrive here.</Empty>
      )}
    </Widget>
  );
}

const ACTIVITY: Record<ActivityKind, { icon: LucideIcon; label: string; className: string }> = {
  viewed: { icon: Eye, label: 'Viewed', className: 'text-brand-700' },
  accepted: { icon: CircleCheck, label: 'Accepted', className: 'text-emerald-600' },
  declined: { icon: CircleX, label: 'Declined', className: 'text-red-600' },
  changes: { icon: MessageSquareWarning, label: 'Changes', className: 'text-amber-600' },
  comment: { icon: MessageCircle, label: 'Comment', className: 'text-brand-700' },
  request: { icon: Inbox, label: 'Request', className: 'text-brand-700' },
};

export function RecentActivity({ activity }: { activity: HomeSummary['activity'] }) {
  return (
    <Widget id="activity" title="Recent customer activity">
      {activity.length === 0 ? (
        <Empty>Views, acceptances, comments and requests from customers show up here.</Empty>
      ) : (
        <ol className="flex flex-col gap-1">
          {activity.map((a) => {
            const look = ACTIVITY[a.kind];
            return (
              <li key={a.key}>
                <Link to={a.href} className="flex items-start gap-3 rounded-md px-1 py-1.5 hover:bg-slate-50" data-testid="activity-item">
                  <look.icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${look.className}`} />
                  <span className="min-w-0 flex-1 text-sm text-slate-800">
                    <span className="sr-only">{look.label}: </span>
                    {a.text}
                  </span>
                  <span className="shrink-0 text-xs text-slate-600">{DAY_AND_TIME.format(new Date(a.at))}</span>
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </Widget>
  );
}
