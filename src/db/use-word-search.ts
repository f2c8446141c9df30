import { useEffect, useMemo, useState } from 'react';
import { useWorkspace } from './react';
import { wordIndexOf, type WordIndexOptions } from './word-index';

/**
 * The word index's answer for `search` over `collection`: the ids that match, or null while
 * the index is still being built (the list scans its rows' `search` column meanwhile) and when
 * nothing is searched. The index is built once the list is `loaded` (its build reads every row,
 * so not before the first screen), and asked again when `version` (the rows) changes, so new
 * rows are found. Between a keystroke and its answer the previous answer stays (a few ms).
 */
export function useWordSearch(search: string, { collection, loaded, version }: { collection: NonNullable<WordIndexOptions['collection']>; loaded: boolean; version: unknown }): ReadonlySet<string> | null {
  const { db } = useWorkspace();
  const index = useMemo(() => (loaded ? wordIndexOf(db, { collection }) : null), [db, loaded, collection]);
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
