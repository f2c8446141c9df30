// The editor's lines: add from the catalogue or as a custom line, edit each on its card,
// reorder by dragging or with the arrow buttons.
import { Plus } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import type { Estimate } from '../../../db/collections/estimates';
import { useWorkspace } from '../../../db/react';
import { toastError } from '../../../lib/toast-store';
import { addCustomLine, addProductLine, moveItem } from '../commands';
import type { DraftStore } from './draft-values';
import { LineItemCard } from './line-item-card';
import { ProductPicker } from './product-picker';

/** Stable callbacks, so the memoized line cards do not re-render for another line's change. */
function useReorder(items: readonly EstimateItem[]) {
  const { db } = useWorkspace();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const latestItems = useRef(items);
  latestItems.current = items;
  const move = useCallback((from: number, to: number) => void moveItem(db, latestItems.current, from, to).catch((e: unknown) => toastError(e)), [db]);
  const drop = useCallback(
    (to: number) => {
      if (dragFrom !== null && dragFrom !== to) move(dragFrom, to);
      setDragFrom(null);
    },
    [dragFrom, move],
  );
  return { dragFrom, setDragFrom, move, drop };
}

export function LineItemsEditor({ estimate, items, drafts }: { estimate: Estimate; items: readonly EstimateItem[]; drafts: DraftStore }) {
  const { db } = useWorkspace();
  const { dragFrom, setDragFrom, move, drop } = useReorder(items);
  // A custom line just added takes the focus in its name, so the keyboard goes on from there.
  const [added, setAdded] = useState<string | null>(null);
  const addCustom = () =>
    void addCustomLine(db, estimate)
      .then((item) => setAdded(item.id))
      .catch((e: unknown) => toastError(e));
  return (
    <section aria-labelledby="items-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="items-heading" className="text-lg font-semibold text-slate-900">
          Line items
        </h2>
        <Button variant="secondary" icon={<Plus aria-hidden="true" className="size-4" />} onClick={addCustom}>
          Add custom line
        </Button>
      </div>
      <ProductPicker onPick={(product) => void addProductLine(db, estimate, product).catch((e: unknown) => toastError(e))} />
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">No lines yet. Pick products from the catalogue above or add a custom line.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {items.map((item, index) => (
            <LineItemCard key={item.id} item={item} focusName={item.id === added} drafts={drafts} index={index} count={items.length} onMove={move} dragging={dragFrom === index} onDragStart={setDragFrom} onDrop={drop} />
          ))}
        </ol>
      )}
    </section>
  );
}
