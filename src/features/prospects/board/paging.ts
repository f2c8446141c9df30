// How many cards a board column shows. Its first page is what fits the column's visible height
// (plus a couple below the fold), not a fixed 25: on a tablet six columns of 25 cards rendered,
// styled and painted 150 cards of which about 35 could be seen, and that was most of the
// board's first render. "Show more" then adds PAGE at a time; the counts are always exact.
import type { ProspectStatus } from '../../../db/collections/prospects';
import { STAGES } from '../pipeline';

export const PAGE = 25;

/** The column's list is as tall as the viewport less the page around it (max-h in stage-column). */
const AROUND_LIST_PX = 19 * 16;
/** A card with a company line and the gap below it, rounded down so a column is never short. */
const CARD_PX = 80;
const BELOW_THE_FOLD = 2;
const FEWEST = 4;

/** Cards in a column's first page for a viewport `height` px tall. */
export function firstPageSize(height: number): number {
  const visible = Math.ceil(Math.max(0, height - AROUND_LIST_PX) / CARD_PX);
  return Math.min(PAGE, Math.max(FEWEST, visible + BELOW_THE_FOLD));
}

const madeFirstPages = new Map<number, Readonly<Record<ProspectStatus, number>>>();

/**
 * Every column's first page for a viewport `height` px tall; one object per size, so the board
 * kept from an earlier visit (use-board.ts, which compares the limits it was read with) is found.
 */
export function firstPages(height: number): Readonly<Record<ProspectStatus, number>> {
  const size = firstPageSize(height);
  let limits = madeFirstPages.get(size);
  if (!limits) {
    limits = Object.fromEntries(STAGES.map((s) => [s, size])) as Record<ProspectStatus, number>;
    madeFirstPages.set(size, limits);
  }
  return limits;
}
