// The table's data: every prospect of the organization (live), filtered and sorted in memory;
// the search is answered by the prospects' word index (src/db/word-index.ts), so a keystroke
// is an index lookup, not a scan of every prospect.
import { useEffect, useMemo, useState } from 'react';
import type { Prospect } from '../../../db/collections/prospects';
import { useLiveQuery, useWorkspace } from '../../../db/react';
import { wordIndexOf } from '../../../db/word-index';
import { filterProspects, type TableFilter } from '../pipeline';
import { allProspects } from '../queries';

/**
 * The index's answer for `search`; null while it is built (the rows' search column is scanned
 * meanwhile). Between a keystroke and its answer the previous answer stays (a few ms).
 */
function useSearchMatches(search: string, loaded: boolean, version: unknown): ReadonlySet<string> | null {
  const { db } = useWorkspace();
  const index = useMemo(() => (loaded ? wordIndexOf(db, { collection: 'prospects' }) : null), [db, loaded]);
  const [ready, setReady] = useState(() => index?.isReady() ?? false);
  const [ids, setIds] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let current = true;
    void index?.ready.then(() => current && setReady(true));
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
  }, [index, ready, search, version]);
  return ready ? ids : null;
}

export function useProspectTable(filter: TableFilter) {
  const { orgId } = useWorkspace();
  const all = useLiveQuery((db) => allProspects(db, orgId), [orgId]);
  const list = (all.result ?? null) as Prospect[] | null;
  const matches = useSearchMatches(filter.search, list !== null, list);
  const rows = useMemo(() => (list ? filterProspects(list, filter, matches) : []), [list, filter, matches]);
  const total = useMemo(() => (list ? list.filter((p) => p.archived === filter.archived).length : 0), [list, filter.archived]);
  return { loading: list === null, rows, all: list ?? [], total };
}
