// The table's data: every prospect of the organization (live), filtered and sorted in memory;
// the search is answered by the prospects' word index (src/db/word-index.ts), so a keystroke
// is an index lookup, not a scan of every prospect.
import { useMemo } from 'react';
import type { Prospect } from '../../../db/collections/prospects';
import { useLiveQuery, useWorkspace } from '../../../db/react';
import { useWordSearch } from '../../../db/use-word-search';
import { filterProspects, type TableFilter } from '../pipeline';
import { allProspects } from '../queries';

export function useProspectTable(filter: TableFilter) {
  const { orgId } = useWorkspace();
  const all = useLiveQuery((db) => allProspects(db, orgId), [orgId]);
  const list = (all.result ?? null) as Prospect[] | null;
  const matches = useWordSearch(filter.search, { collection: 'prospects', loaded: list !== null, version: list });
  const rows = useMemo(() => (list ? filterProspects(list, filter, matches) : []), [list, filter, matches]);
  const total = useMemo(() => (list ? list.filter((p) => p.archived === filter.archived).length : 0), [list, filter.archived]);
  return { loading: list === null, rows, all: list ?? [], total };
}
