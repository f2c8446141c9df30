// The request inbox (/prospects?view=requests): every estimate request from /requests and the
// portals, newest first, by status, searchable; a request opens its page.
import { Inbox } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { SearchInput } from '../../../components/ui/filter-bar';
import { PageSpinner } from '../../../components/ui/spinner';
import type { EstimateRequest, EstimateRequestStatus } from '../../../db/collections/estimate-requests';
import { useLiveQuery, useWorkspace } from '../../../db/react';
import { matchesWords } from '../../../lib/text-search';
import { inboxRequests } from '../queries';
import { REQUEST_STATUS, REQUEST_STATUSES, SOURCE_OF_REQUEST } from './request-status';

const WHEN = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function StatusTabs({ status, counts, onChange }: { status: EstimateRequestStatus | ''; counts: Record<string, number>; onChange: (s: EstimateRequestStatus | '') => void }) {
  const tabs: { value: EstimateRequestStatus | ''; label: string }[] = [...REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS[s].label })), { value: '', label: 'All' }];
  return (
    <div role="group" aria-label="Show requests" className="flex flex-wrap gap-2">
      {tabs.map((t) => (
        <button
          key={t.value || 'all'}
          type="button"
          aria-pressed={status === t.value}
          onClick={() => onChange(t.value)}
          className={cx('inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium ring-1 ring-inset', status === t.value ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50')}
        >
          {t.label}
          <span className="tabular-nums">{counts[t.value || 'all'] ?? 0}</span>
        </button>
      ))}
    </div>
  );
}

function RequestRow({ request }: { request: EstimateRequest }) {
  return (
    <li>
      <Link to={`/prospects?view=requests&request=${request.id}`} data-testid="request-row" className="flex flex-col gap-1 px-4 py-3 hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-none sm:flex-row sm:items-center sm:gap-4">
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{request.name || request.email}</span>
            {request.company && <span className="text-sm text-slate-600">{request.company}</span>}
          </span>
          <span className="mt-0.5 line-clamp-2 text-sm text-slate-700">{request.description || 'No description'}</span>
        </span>
        <span className="flex shrink-0 flex-wrap items-center gap-2 text-xs text-slate-600">
          <span>{SOURCE_OF_REQUEST[request.source]}</span>
          <span>{WHEN.format(new Date(request.created_at))}</span>
          <Badge tone={REQUEST_STATUS[request.status].tone}>{REQUEST_STATUS[request.status].label}</Badge>
        </span>
      </Link>
    </li>
  );
}

export function RequestInbox() {
  const { orgId } = useWorkspace();
  const [status, setStatus] = useState<EstimateRequestStatus | ''>('new');
  const [search, setSearch] = useState('');
  const all = useLiveQuery((db) => inboxRequests(db, orgId, ''), [orgId]);
  const requests = (all.result ?? null) as EstimateRequest[] | null;
  const counts = useMemo(() => {
    const c: Record<string, number> = { all: requests?.length ?? 0 };
    for (const r of requests ?? []) c[r.status] = (c[r.status] ?? 0) + 1;
    return c;
  }, [requests]);
  const shown = useMemo(() => (requests ?? []).filter((r) => (!status || r.status === status) && matchesWords(r.search, search)), [requests, status, search]);
  if (!requests) return <PageSpinner label="Loading requests…" />;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
        <StatusTabs status={status} counts={counts} onChange={setStatus} />
        <Field label="Search requests" className="w-full sm:w-64">
          <SearchInput value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name, company or words" />
        </Field>
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={<Inbox />} title={status === 'new' && !search ? 'No new requests' : 'No request matches'}>
          {status === 'new' && !search ? 'Requests from the public request page and the portals arrive here, also while you are on another page.' : 'Try another status or search.'}
        </EmptyState>
      ) : (
        <ul aria-label="Estimate requests" className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="request-list">
          {shown.map((r) => (
            <RequestRow key={r.id} request={r} />
          ))}
        </ul>
      )}
    </div>
  );
}
