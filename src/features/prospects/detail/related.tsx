// What hangs off a prospect: their estimates (and a new one), their requests, the comments on
// their estimates and portal, and their portal (open it, or create one).
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import type { Comment } from '../../../db/collections/comments';
import type { EstimateRequest } from '../../../db/collections/estimate-requests';
import type { Estimate } from '../../../db/collections/estimates';
import type { Portal } from '../../../db/collections/portals';
import { REQUEST_STATUS } from '../requests/request-status';
import { RelatedEstimates } from '../../../components/related-estimates';
import { RelatedPortals } from '../../../components/related-portals';
import { Panel } from '../../../components/ui/panel';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function EstimatesPanel({ estimates, onNew }: { estimates: readonly Estimate[]; onNew: (() => void) | null }) {
  return <RelatedEstimates id="estimates-heading" testId="prospect-estimates" estimates={estimates} onNew={onNew} />;
}

export function RequestsPanel({ requests }: { requests: readonly EstimateRequest[] }) {
  return (
    <Panel id="requests-heading" title="Requests">
      {requests.length === 0 ? (
        <p className="text-sm text-slate-600">No estimate requests from them.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {requests.map((r) => (
            <li key={r.id}>
              <Link to={`/prospects?view=requests&request=${r.id}`} className="flex items-center gap-3 py-2.5 text-sm hover:bg-slate-50">
                <span className="min-w-0 flex-1 truncate text-slate-800">{r.description || 'No description'}</span>
                <Badge tone={REQUEST_STATUS[r.status].tone}>{REQUEST_STATUS[r.status].label}</Badge>
                <span className="text-xs text-slate-600">{DAY.format(new Date(r.created_at))}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function CommentsPanel({ comments }: { comments: readonly Comment[] }) {
  return (
    <Panel id="comments-heading" title="Comments">
      {comments.length === 0 ? (
        <p className="text-sm text-slate-600">No comments on their estimates or portal yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {comments.map((c) => (
            <li key={c.id} className="rounded-lg bg-slate-50 p-3 text-sm">
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <span className="font-medium text-slate-800">{c.author_name || (c.author_kind === 'customer' ? 'Customer' : 'Staff')}</span>
                {c.author_kind === 'customer' && <Badge tone="brand">Customer</Badge>}
                {c.internal && <Badge>Internal</Badge>}
                <span>{DAY.format(new Date(c.created_at))}</span>
              </p>
              <p className="mt-1 whitespace-pre-wrap text-slate-800">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Their portal if they have one; otherwise a link to create one on the portals page. */
export function PortalPanel({ portals, createHref, canCreate }: { portals: readonly Portal[]; createHref: string; canCreate: boolean }) {
  return <RelatedPortals id="portal-heading" portals={portals} createHref={createHref} canCreate={canCreate} />;
}
