import { useWordSearch } from '../../../db/use-word-search';
import type { ListRow, SearchMatches } from './estimate-list';

/** The estimates' word index answer for `search` (src/db/use-word-search.ts), asked once the list is in and again when it changes. */
export function useSearchMatches(search: string, estimates: readonly ListRow[] | null): SearchMatches {
  return useWordSearch(search, { collection: 'estimates', loaded: estimates !== null, version: estimates });
}
