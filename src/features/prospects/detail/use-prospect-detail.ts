// Everything a prospect's page shows, as live queries: the prospect, their account, estimates,
// requests, portal and the comments on those estimates and the portal.
import { useMemo } from 'react';
import type { Account } from '../../../db/collections/accounts';
import type { Comment } from '../../../db/collections/comments';
import type { EstimateRequest } from '../../../db/collections/estimate-requests';
import type { Estimate } from '../../../db/collections/estimates';
import type { Portal } from '../../../db/collections/portals';
import type { Prospect } from '../../../db/collections/prospects';
import { useLiveQuery } from '../../../db/react';
import { accountById, commentsOnThreads, estimatesOfProspect, portalsOfProspect, prospectById, requestsOfProspect } from '../queries';

export function useProspectDetail(id: string) {
  const prospect = useLiveQuery((db) => prospectById(db, id), [id]);
  const found = prospect.result as Prospect | null | undefined;
  const accountId = found?.account_id ?? null;
  const account = useLiveQuery((db) => (accountId ? accountById(db, accountId) : null), [accountId]);
  const estimates = useLiveQuery((db) => estimatesOfProspect(db, id), [id]);
  const requests = useLiveQuery((db) => requestsOfProspect(db, id), [id]);
  const portals = useLiveQuery((db) => portalsOfProspect(db, id), [id]);
  const threads = useMemo(
    () => [...((estimates.result ?? []) as Estimate[]).map((e) => e.id), ...((portals.result ?? []) as Portal[]).map((p) => p.id)].sort(),
    [estimates.result, portals.result],
  );
  const comments = useLiveQuery((db) => (threads.length ? commentsOnThreads(db, threads) : null), [threads.join(',')]);
  return {
    loading: prospect.loading,
    prospect: found ?? null,
    account: (account.result as Account | null | undefined) ?? null,
    estimates: (estimates.result ?? []) as Estimate[],
    requests: (requests.result ?? []) as EstimateRequest[],
    portals: (portals.result ?? []) as Portal[],
    comments: (comments.result ?? []) as Comment[],
  };
}
