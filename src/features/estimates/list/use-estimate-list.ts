// The estimates list's data: the first screen from a limited index walk (a few ms), then the
// full live list, customers, owners and the search index, which start only once the first
// screen is in so that none of them delays it. Until the full list is in, only the default
// view can be shown.
import { useMemo } from 'react';
import { customerDisplayName } from '../../../db/customer-name';
import { listAccounts, listProspects, teamOf } from '../../../db/queries';
import { useLiveQuery, useWorkspace } from '../../../db/react';
import { countEstimates, listEstimates, newestEstimates } from '../queries';
import { filterEstimates, isDefaultView, type ListFilter } from './estimate-list';

/** Rows of the first screen: more than a tall screen shows, with the virtualizer's overscan. */
const FIRST_PAGE = 50;

function useNames(firstIn: boolean) {
  const { orgId } = useWorkspace();
  const accounts = useLiveQuery((d) => (firstIn ? listAccounts(d, { orgId }) : null), [orgId, firstIn]);
  const prospects = useLiveQuery((d) => (firstIn ? listProspects(d, { orgId }) : null), [orgId, firstIn]);
  const team = useLiveQuery((d) => (firstIn ? teamOf(d, orgId) : null), [orgId, firstIn]);
  const customers = useMemo(() => {
    const names = new Map<string, string>();
    for (const c of [...(accounts.result ?? []), ...(prospects.result ?? [])]) names.set(c.id, customerDisplayName(c));
    return names;
  }, [accounts.result, prospects.result]);
  const owners = useMemo(() => {
    const names = new Map<string, string>();
    for (const p of team.result ?? []) names.set(p.user_id, `${p.first_name} ${p.last_name}`.trim() || p.email);
    return names;
  }, [team.result]);
  return { customers, owners };
}

export function useEstimateList(filter: ListFilter) {
  const { orgId } = useWorkspace();
  const first = useLiveQuery((d) => newestEstimates(d, { orgId, limit: FIRST_PAGE }), [orgId]);
  const firstIn = first.result !== undefined;
  const estimates = useLiveQuery((d) => (firstIn ? listEstimates(d, { orgId }) : null), [orgId, firstIn]);
  const all = estimates.result ?? null;
  // The header's count until the full list gives it.
  const count = useLiveQuery((d) => (firstIn && !all ? countEstimates(d, orgId) : null), [orgId, firstIn, !!all]);
  const names = useNames(firstIn);
  const defaultView = isDefaultView(filter);
  const rows = useMemo(() => (all ? filterEstimates(all, filter) : defaultView ? (first.result ?? []) : []), [all, filter, defaultView, first.result]);
  const total = all ? all.length : (count.result ?? first.result?.length ?? 0);
  return { loading: !first.result, all, rows, total, defaultView, ...names };
}
