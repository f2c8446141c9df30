import { useEffect, useMemo, useState } from 'react';
import { useWorkspace } from '../../../db/react';
import { wordIndexOf } from '../../../db/word-index';
import type { ListRow, SearchMatches } from './estimate-list';

/**
 * The word index's answer for `search`; null while the index is still being built (the list
 * scans the `search` columns meanwhile). The index is built once the full list is in (its build
 * reads every estimate, so not before the first screen). Asked again when the estimates change,
 * so new ones are found. Between a keystroke and its answer the previous answer stays (a few ms).
 */
export function useSearchMatches(search: string, estimates: readonly ListRow[] | null): SearchMatches {
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
