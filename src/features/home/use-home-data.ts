// The home page's reads (live, from the device database) and their summary.
//
// Why not useLiveQuery: the home page reads every estimate of the organization, and opening
// that query again on each visit reads 10,000 documents from IndexedDB and copies each one
// (seconds on a tablet; tests/bench/crm.ts). So the three queries are opened once per database
// and organization and stay subscribed until the database closes: coming back to the home page
// finds the current documents in memory and their summary already made, and a change while the
// rep is elsewhere only updates the kept results (RxDB applies it to the query in place).
import { format } from 'date-fns';
import { useMemo, useSyncExternalStore } from 'react';
import type { RxDocument } from 'rxdb';
import type { AppDatabase } from '../../db/database';
import { useWorkspace } from '../../db/react';
import { summarizeHome, type HomeComment, type HomeEstimate, type HomeRequest, type HomeSummary } from './dashboard';

const RECENT_COMMENTS = 30;

type Docs = { estimates?: HomeEstimate[]; requests?: HomeRequest[]; comments?: HomeComment[] };
type Feed = { subscribe(listener: () => void): () => void; snapshot(): Docs; summaries: WeakMap<Docs, { key: string; summary: HomeSummary }> };

const feeds = new WeakMap<AppDatabase, Map<string, Feed>>();

/** The documents' own data (read only): no copy of each document as toJSON() would make. */
const dataOf = <T>(docs: readonly Pick<RxDocument<T>, '_data'>[]): T[] => docs.map((d) => d._data);

function openFeed(db: AppDatabase, orgId: string): Feed {
  const listeners = new Set<() => void>();
  let docs: Docs = {};
  const set = (patch: Docs) => {
    docs = { ...docs, ...patch };
    for (const listener of listeners) listener();
  };
  const subscriptions = [
    db.estimates.find({ selector: { org_id: orgId } }).$.subscribe((r) => set({ estimates: dataOf<HomeEstimate>(r) })),
    db.estimate_requests.find({ selector: { org_id: orgId }, sort: [{ created_at: 'desc' }] }).$.subscribe((r) => set({ requests: dataOf<HomeRequest>(r) })),
    db.comments
      .find({ selector: { org_id: orgId, author_kind: 'customer' }, sort: [{ created_at: 'desc' }], limit: RECENT_COMMENTS })
      .$.subscribe((r) => set({ comments: dataOf<HomeComment>(r) })),
  ];
  db.onClose.push(async () => subscriptions.forEach((s) => s.unsubscribe()));
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    snapshot: () => docs,
    summaries: new WeakMap(),
  };
}

function feedOf(db: AppDatabase, orgId: string): Feed {
  let byOrg = feeds.get(db);
  if (!byOrg) feeds.set(db, (byOrg = new Map()));
  let feed = byOrg.get(orgId);
  if (!feed) byOrg.set(orgId, (feed = openFeed(db, orgId)));
  return feed;
}

/** The summary of the current documents (`fresh` is true once all three are read). */
export function useHomeData(): { summary: HomeSummary | null; fresh: boolean } {
  const { db, orgId, userId } = useWorkspace();
  const feed = useMemo(() => feedOf(db, orgId), [db, orgId]);
  const docs = useSyncExternalStore(feed.subscribe, feed.snapshot);
  const today = format(new Date(), 'yyyy-MM-dd');
  const summary = useMemo(() => {
    const { estimates, requests, comments } = docs;
    if (!estimates || !requests || !comments) return null;
    // Kept beside the documents it was made from: a visit with nothing changed reuses it.
    const key = `${userId} ${today}`;
    const kept = feed.summaries.get(docs);
    if (kept?.key === key) return kept.summary;
    const made = summarizeHome({ estimates, requests, comments, userId, today });
    feed.summaries.set(docs, { key, summary: made });
    return made;
  }, [docs, feed, userId, today]);
  return { summary, fresh: summary !== null };
}
