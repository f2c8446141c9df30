// A live query hands out new objects for every document at each change. Keeping the previous
// object of a document whose columns are all the same lets memoized rows (the editor's line
// cards) skip re-rendering: saving one line re-renders that line, not all of them.
import { useRef } from 'react';

function sameColumns(a: object, b: object): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) if (!Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}

/** `next` with the objects of `previous` kept where a document is unchanged (the same array if none changed). */
export function keepUnchanged<R extends { id: string }>(previous: readonly R[], next: readonly R[]): readonly R[] {
  const before = new Map(previous.map((row) => [row.id, row]));
  let changed = previous.length !== next.length;
  const kept = next.map((row, index) => {
    const old = before.get(row.id);
    const same = old !== undefined && sameColumns(old, row);
    if (!same || previous[index] !== old) changed = true;
    return same ? old : row;
  });
  return changed ? kept : previous;
}

export function useStableRows<R extends { id: string }>(rows: readonly R[]): readonly R[] {
  const last = useRef<readonly R[]>([]);
  last.current = keepUnchanged(last.current, rows);
  return last.current;
}
