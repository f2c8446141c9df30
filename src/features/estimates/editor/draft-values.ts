// Values typed in the editor that are valid but not saved yet (a field saves 300 ms after typing
// stops). The totals and a line's own total and margin follow them, so they move on the
// keystroke instead of after the save. An external store, read with useSyncExternalStore: a
// keystroke re-renders the line it belongs to and the totals, not the other 199 lines.
//
// A field sets its draft on every valid keystroke and clears it when its text turns invalid
// (an invalid value never moves a total: the saved one counts), when its save fails, and when
// the saved value comes back (the document then holds it).
import { useSyncExternalStore } from 'react';
import type { Estimate } from '../../../db/collections/estimates';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import type { Totals } from '../../../lib/money';
import { estimateFigures, lineFigures } from '../../../db/estimate-figures';

/** Column → typed value, of one document. */
export type Drafts = Readonly<Record<string, unknown>>;

export type DraftStore = {
  /** `value` undefined: no draft any more (the stored value counts). */
  set(docId: string, column: string, value: unknown): void;
  get(docId: string): Drafts | undefined;
  /** The same Map until something changes (a snapshot for useSyncExternalStore). */
  all(): ReadonlyMap<string, Drafts>;
  subscribe(listener: () => void): () => void;
};

export function createDraftStore(): DraftStore {
  let state: ReadonlyMap<string, Drafts> = new Map();
  const listeners = new Set<() => void>();
  return {
    set(docId, column, value) {
      const current = state.get(docId);
      if (value === undefined ? !current || !(column in current) : current && column in current && Object.is(current[column], value)) return;
      const next = new Map(state);
      const drafts = { ...current };
      if (value === undefined) delete drafts[column];
      else drafts[column] = value;
      if (Object.keys(drafts).length === 0) next.delete(docId);
      else next.set(docId, drafts);
      state = next;
      for (const listener of listeners) listener();
    },
    get: (docId) => state.get(docId),
    all: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A document as typed: its drafts over its stored columns (only columns it has). */
export function withDrafts<D extends object>(doc: D, drafts: Drafts | undefined): D {
  if (!drafts) return doc;
  const typed = { ...doc } as Record<string, unknown>;
  for (const [column, value] of Object.entries(drafts)) if (column in typed) typed[column] = value;
  return typed as D;
}

type TotalsEstimate = Pick<Estimate, 'id' | 'discount_cents' | 'tax_rate'>;
type TotalsLine = Pick<EstimateItem, 'id' | 'quantity' | 'unit_price_cents' | 'unit_cost_cents' | 'discount_percent' | 'taxable' | 'optional' | 'selected'>;

/** The estimate's totals as typed: the shared totals function over drafts and stored values. */
export function typedTotals(items: readonly TotalsLine[], estimate: TotalsEstimate, drafts: ReadonlyMap<string, Drafts>): Totals {
  return estimateFigures(
    withDrafts(estimate, drafts.get(estimate.id)),
    items.map((item) => withDrafts(item, drafts.get(item.id))),
  );
}

/** Re-renders when any draft changes (the totals). */
export function useTypedTotals(store: DraftStore, items: readonly TotalsLine[], estimate: TotalsEstimate): Totals {
  const drafts = useSyncExternalStore(store.subscribe, store.all);
  return typedTotals(items, estimate, drafts);
}

/** Re-renders when a draft of this line changes, not of another. */
export function useLineTotals(store: DraftStore, item: TotalsLine): Totals {
  const drafts = useSyncExternalStore(store.subscribe, () => store.get(item.id));
  return lineFigures(withDrafts(item, drafts));
}
