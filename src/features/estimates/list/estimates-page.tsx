import { useVirtualizer } from '@tanstack/react-virtual';
import { FileText, Plus, Search, Tablet } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Input } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { ESTIMATE_STATUSES } from '../../../db/collections/estimates';
import { isProvisionalNumber } from '../../../db/new-estimate';
import { countEstimates, listEstimates, newestEstimates } from '../queries';
import { listAccounts, listProspects, teamOf } from '../../../db/queries';
import { can, useLiveQuery, useWorkspace } from '../../../db/react';
import { wordIndexOf } from '../../../db/word-index';
import { formatMoney } from '../../../lib/money';
import { toastError } from '../../../lib/toast-store';
import { customerName, MarginText, StatusBadge, statusLabel } from '../status-badge';
import { createDraft } from '../commands';
import { DEFAULT_FILTER, filterEstimates, isDefaultView, type ListFilter, type ListRow, type SearchMatches, type SortKey } from './estimate-list';

const ROW_HEIGHT = 64;
/** Rows of the first screen: more than a tall screen shows, with the virtualizer's overscan. */
const FIRST_PAGE = 50;
const COLUMNS = 'grid grid-cols-[minmax(0,1fr)_8.5rem_6.5rem_8.5rem] xl:grid-cols-[minmax(0,1fr)_8.5rem_7rem_7rem_9rem] items-center gap-3 px-4';
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const SORTS: { value: `${SortKey}:${'asc' | 'desc'}`; label: string }[] = [
  { value: 'date:desc', label: 'Newest first' },
  { value: 'date:asc', label: 'Oldest first' },
  { value: 'number:desc', label: 'Number, high to low' },
  { value: 'number:asc', label: 'Number, low to high' },
  { value: 'total:desc', label: 'Total, high to low' },
  { value: 'total:asc', label: 'Total, low to high' },
  { value: 'margin:desc', label: 'Margin, high to low' },
  { value: 'margin:asc', label: 'Margin, low to high' },
];

export function EstimatesPage() {
  const { db, orgId, userId, role } = useWorkspace();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<ListFilter>(DEFAULT_FILTER);
  const set = (patch: Partial<ListFilter>) => setFilter((f) => ({ ...f, ...patch }));
  // The first screen comes from a limited index walk (a few ms); everything else (the full
  // live list, customers, the search index) starts once it is on screen, so none of it delays
  // the first rows. Until the full list is in, only the default view can be shown.
  const first = useLiveQuery((d) => newestEstimates(d, { orgId, limit: FIRST_PAGE }), [orgId]);
  const firstIn = first.result !== undefined;
  const estimates = useLiveQuery((d) => (firstIn ? listEstimates(d, { orgId }) : null), [orgId, firstIn]);
  const allIn = estimates.result != null;
  // The header's count until the full list gives it.
  const count = useLiveQuery((d) => (firstIn && !allIn ? countEstimates(d, orgId) : null), [orgId, firstIn, allIn]);
  const accounts = useLiveQuery((d) => (firstIn ? listAccounts(d, { orgId }) : null), [orgId, firstIn]);
  const prospects = useLiveQuery((d) => (firstIn ? listProspects(d, { orgId }) : null), [orgId, firstIn]);
  const team = useLiveQuery((d) => (firstIn ? teamOf(d, orgId) : null), [orgId, firstIn]);
  const all = estimates.result ?? null;

  const customers = useMemo(() => {
    const names = new Map<string, string>();
    for (const a of accounts.result ?? []) names.set(a.id, customerName(a));
    for (const p of prospects.result ?? []) names.set(p.id, customerName(p));
    return names;
  }, [accounts.result, prospects.result]);
  const owners = useMemo(() => {
    const names = new Map<string, string>();
    for (const p of team.result ?? []) names.set(p.user_id, `${p.first_name} ${p.last_name}`.trim() || p.email);
    return names;
  }, [team.result]);
  const matches = useSearchMatches(filter.search, all);
  const defaultView = isDefaultView(filter);
  const rows = useMemo(() => (all ? filterEstimates(all, filter, matches) : defaultView ? (first.result ?? []) : []), [all, filter, matches, defaultView, first.result]);

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });

  const create = async (screen: 'edit' | 'streamlined' = 'edit') => {
    try {
      const estimate = await createDraft(db, orgId, userId);
      navigate(`/estimates/${estimate.id}/${screen}`);
    } catch (e) {
      toastError(e);
    }
  };
  const canEdit = can(role, 'editEstimates');
  const createButton = canEdit && (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" icon={<Tablet aria-hidden="true" className="size-4" />} onClick={() => void create('streamlined')}>
        New in tablet mode
      </Button>
      <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => void create()}>
        New estimate
      </Button>
    </div>
  );

  if (!first.result) return <PageSpinner label="Loading estimates…" />;
  // Without the full list: the index count (the first page's length until that is in).
  const total = all ? all.length : (count.result ?? first.result.length);
  const countText = all ? (total === rows.length ? `${total} estimates` : `${rows.length} of ${total} estimates`) : defaultView ? `${total} estimates` : 'Loading all estimates…';

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Estimates</h1>
          <p className="text-sm text-slate-600">{countText}</p>
        </div>
        {createButton}
      </header>

      {total === 0 ? (
        <EmptyState icon={<FileText />} title="No estimates yet" action={createButton || undefined}>
          {canEdit ? 'Create the first one: it is saved on this device and synced when you are online.' : 'Estimates your team creates will show up here.'}
        </EmptyState>
      ) : (
        <>
          <div role="search" className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-6">
            <Field label="Search" className="col-span-2 sm:col-span-6">
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
                <Input type="search" value={filter.search} onChange={(e) => set({ search: e.target.value })} placeholder="Number, title or customer" className="pl-9" />
              </div>
            </Field>
            <Field label="Status" className="sm:col-span-2">
              <Select
                value={filter.status}
                onChange={(e) => set({ status: e.target.value as ListFilter['status'] })}
                placeholder="All statuses"
                options={ESTIMATE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
              />
            </Field>
            <Field label="Owner" className="sm:col-span-2">
              <Select value={filter.ownerId} onChange={(e) => set({ ownerId: e.target.value })} placeholder="Anyone" options={[...owners].map(([value, label]) => ({ value, label }))} />
            </Field>
            <Field label="Sort" className="sm:col-span-2">
              <Select
                value={`${filter.sort}:${filter.direction}`}
                onChange={(e) => {
                  const [sort, direction] = e.target.value.split(':') as [SortKey, 'asc' | 'desc'];
                  set({ sort, direction });
                }}
                options={SORTS}
              />
            </Field>
            <Field label="Created from" className="sm:col-span-3">
              <Input type="date" value={filter.from} onChange={(e) => set({ from: e.target.value })} />
            </Field>
            <Field label="Created to" className="sm:col-span-3">
              <Input type="date" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
            </Field>
          </div>

          <div role="table" aria-label="Estimates" aria-rowcount={all ? rows.length : defaultView ? total : -1} aria-busy={!all} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <div role="row" className={`${COLUMNS} border-b border-slate-200 bg-slate-50 py-3 text-sm font-semibold text-slate-700`}>
              <span role="columnheader">Estimate</span>
              <span role="columnheader">Status</span>
              <span role="columnheader" className="hidden xl:block">
                Created
              </span>
              <span role="columnheader" className="text-right">
                Total
              </span>
              <span role="columnheader" className="text-right">
                Margin
              </span>
            </div>
            {!all && !defaultView ? (
              <p className="px-4 py-8 text-center text-sm text-slate-500">Loading all estimates…</p>
            ) : rows.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-slate-500">No estimate matches these filters.</p>
            ) : (
              <div ref={scroller} data-testid="estimate-rows" className="max-h-[calc(100vh-22rem)] min-h-64 overflow-auto" role="rowgroup">
                <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                  {virtualizer.getVirtualItems().map((virtual) => {
                    const row = rows[virtual.index]!;
                    const customer = row.customer_name || (customers.get(row.account_id ?? row.prospect_id ?? '') ?? '');
                    return (
                      <Link
                        key={row.id}
                        to={`/estimates/${row.id}`}
                        role="row"
                        aria-rowindex={virtual.index + 1}
                        data-testid="estimate-row"
                        className={`${COLUMNS} absolute inset-x-0 border-b border-slate-100 text-sm hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-none`}
                        style={{ height: ROW_HEIGHT, transform: `translateY(${virtual.start}px)` }}
                      >
                        <span role="cell" className="min-w-0">
                          <span className="flex items-baseline gap-2">
                            <span className={`shrink-0 font-mono text-xs ${isProvisionalNumber(row.number) ? 'text-amber-700' : 'text-slate-500'}`}>{row.number}</span>
                            <span className="truncate font-medium text-slate-900">{row.title || 'Untitled estimate'}</span>
                          </span>
                          <span className="block truncate text-xs text-slate-500">
                            {customer || 'No customer'}
                            {owners.get(row.owner_id ?? '') ? ` · ${owners.get(row.owner_id ?? '')}` : ''}
                          </span>
                        </span>
                        <span role="cell">
                          <StatusBadge status={row.status} unconfirmed={row.status === 'accepted' && !row.accepted_version_id} />
                        </span>
                        <span role="cell" className="hidden text-slate-600 xl:block">
                          {DATE.format(new Date(row.created_at))}
                        </span>
                        <span role="cell" className="text-right font-medium text-slate-900 tabular-nums">
                          {formatMoney(row.total_cents)}
                        </span>
                        <span role="cell" className="text-right">
                          <MarginText marginCents={row.margin_cents} marginPercent={row.margin_percent} className="text-xs" />
                        </span>
                      </Link>
                    );
                  })}
                </div>
              </div>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The word index's answer for `search`; null while the index is still being built (the list
 * scans the `search` columns meanwhile). The index is built once the full list is in (its build
 * reads every estimate, so not before the first screen). Asked again when the estimates change,
 * so new ones are found. Between a keystroke and its answer the previous answer stays (a few ms).
 */
function useSearchMatches(search: string, estimates: readonly ListRow[] | null): SearchMatches {
  const { db } = useWorkspace();
  const loaded = estimates !== null;
  const index = useMemo(() => (loaded ? wordIndexOf(db) : null), [db, loaded]);
  const [ready, setReady] = useState(() => index?.isReady() ?? false);
  const [ids, setIds] = useState<SearchMatches>(null);
  useEffect(() => {
    if (!index) return;
    let current = true;
    void index.ready.then(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, [index]);
  useEffect(() => {
    if (!index || !ready || !search.trim()) {
      setIds(null);
      return;
    }
    let current = true;
    void index.search(search).then((found) => current && setIds(found));
    return () => {
      current = false;
    };
  }, [index, ready, search, estimates]);
  return ready ? ids : null;
}
