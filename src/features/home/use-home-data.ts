// The home page's reads (live, from the device database) and their summary. The summary of
// the last visit is kept for the session, so coming back to the home page shows it at once
// while the documents are read again.
import { format } from 'date-fns';
import { useMemo } from 'react';
import type { AppDatabase } from '../../db/database';
import { useLiveQuery, useWorkspace } from '../../db/react';
import { summarizeHome, type HomeComment, type HomeEstimate, type HomeRequest, type HomeSummary } from './dashboard';

const RECENT_COMMENTS = 30;
const lastSummary = new WeakMap<AppDatabase, { orgId: string; summary: HomeSummary }>();

export function useHomeData(): { summary: HomeSummary | null; fresh: boolean } {
  const { db, orgId, userId } = useWorkspace();
  const estimates = useLiveQuery((d) => d.estimates.find({ selector: { org_id: orgId } }), [orgId]);
  const requests = useLiveQuery((d) => d.estimate_requests.find({ selector: { org_id: orgId }, sort: [{ created_at: 'desc' }] }), [orgId]);
  const comments = useLiveQuery(
    (d) => d.comments.find({ selector: { org_id: orgId, author_kind: 'customer' }, sort: [{ created_at: 'desc' }], limit: RECENT_COMMENTS }),
    [orgId],
  );
  const today = format(new Date(), 'yyyy-MM-dd');
  const loaded = estimates.result !== undefined && requests.result !== undefined && comments.result !== undefined;
  const summary = useMemo(() => {
    if (!loaded) return null;
    const result = summarizeHome({
      estimates: estimates.result as HomeEstimate[],
      requests: requests.result as HomeRequest[],
      comments: comments.result as HomeComment[],
      userId,
      today,
    });
    lastSummary.set(db, { orgId, summary: result });
    return result;
  }, [loaded, estimates.result, requests.result, comments.result, userId, today, db, orgId]);
  if (summary) return { summary, fresh: true };
  const kept = lastSummary.get(db);
  return { summary: kept?.orgId === orgId ? kept.summary : null, fresh: false };
}
