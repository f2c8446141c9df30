// Reordering lines (and milestones): the new order, and the few sort_order writes it needs.
/** Moves one entry; returns the new order (a new array). */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length) return next;
  const target = Math.max(0, Math.min(list.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** The sort_order each id needs after a reorder, only for the ones that change. */
export function sortOrderPatches(ordered: readonly { id: string; sort_order: number }[]): { id: string; sort_order: number }[] {
  return ordered.flatMap((entry, index) => (entry.sort_order === index ? [] : [{ id: entry.id, sort_order: index }]));
}
