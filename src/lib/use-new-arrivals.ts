// Tells about items that appear in a live list after it was first seen: a request arriving
// while staff are on the page shows a toast. The first list is what was already there; later
// lists report only ids never seen before.
import { useEffect, useRef } from 'react';

function newArrivals<T extends { id: string }>(seen: Set<string>, items: readonly T[]): T[] {
  const fresh = items.filter((item) => !seen.has(item.id));
  for (const item of fresh) seen.add(item.id);
  return fresh;
}

/** Made in the last quarter of an hour: news. Older items arriving come with a first sync (history). */
export function isRecent(createdAt: string, now = Date.now()): boolean {
  return now - Date.parse(createdAt) < 15 * 60_000;
}

/** `items` is null while loading; `onArrive` gets the new items of each later list. */
export function useNewArrivals<T extends { id: string }>(items: readonly T[] | null | undefined, onArrive: (items: T[]) => void): void {
  const seen = useRef<Set<string> | null>(null);
  const callback = useRef(onArrive);
  callback.current = onArrive;
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((item) => item.id));
      return;
    }
    const fresh = newArrivals(seen.current, items);
    if (fresh.length > 0) callback.current(fresh);
  }, [items]);
}
