// One line of the estimate in the editor: every field saves on its own; its total and margin
// follow the values as typed. Memoized: typing or saving in one line re-renders that line only
// (the editor keeps unchanged items' objects and passes stable callbacks).
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { memo, type DragEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import { useWorkspace } from '../../../db/react';
import { formatMoney } from '../../../lib/money';
import { toastError } from '../../../lib/toast-store';
import { DraftInput } from '../draft-input';
import { useLineTotals, type DraftStore } from './draft-values';
import { MarginText } from '../../../components/ui/margin-text';
import { patchDocument, removeDocument } from '../commands';
import {
  centsText,
  decimalText,
  parseCost,
  parseDiscountPercent,
  parsePrice,
  parseQuantity,
  parseRequiredText,
  type Parsed,
} from '../field-parsers';

const parseName = parseRequiredText('The item name', 300);
const parseUnit = (text: string): Parsed<string> => {
  const unit = text.trim();
  return unit.length > 20 ? { ok: false, error: 'At most 20 characters' } : { ok: true, value: unit || 'each' };
};

export const LineItemCard = memo(function LineItemCard({
  item,
  drafts,
  index,
  count,
  onMove,
  onDragStart,
  onDrop,
  dragging,
  focusName,
}: {
  item: EstimateItem;
  focusName?: boolean;
  drafts: DraftStore;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onDragStart: (index: number) => void;
  onDrop: (index: number) => void;
  dragging: boolean;
}) {
  const { db } = useWorkspace();
  const save = (patch: Partial<EstimateItem>) => patchDocument(db, 'estimate_items', item.id, patch);
  const totals = useLineTotals(drafts, item);
  const draft = (column: 'quantity' | 'unit_price_cents' | 'unit_cost_cents' | 'discount_percent') => (value: unknown) => drafts.set(item.id, column, value);
  const toggle = (key: 'taxable' | 'optional' | 'selected') => () => void save({ [key]: !item[key] }).catch((e: unknown) => toastError(e));

  return (
    <li
      data-testid="line-item"
      aria-label={`Line ${index + 1}: ${item.name}`}
      onDragOver={(e: DragEvent) => e.preventDefault()}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        onDrop(index);
      }}
      className={cx('rounded-xl border border-slate-200 bg-white p-3 shadow-sm', dragging && 'opacity-50')}
    >
      <div className="flex items-start gap-2">
        <span
          draggable
          onDragStart={(e: DragEvent) => {
            e.dataTransfer.effectAllowed = 'move';
            onDragStart(index);
          }}
          title="Drag to reorder"
          className="mt-8 cursor-grab text-slate-400"
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 grid-cols-2 gap-3 sm:grid-cols-4">
          <DraftInput label="Item" stored={item.name} parse={parseName} save={(name) => save({ name })} focusOnMount={focusName} className="col-span-2 sm:col-span-3" />
          <DraftInput label="Unit" stored={item.unit} parse={parseUnit} save={(unit) => save({ unit })} className="col-span-2 sm:col-span-1" />
          <DraftInput label="Quantity" stored={decimalText(item.quantity)} parse={parseQuantity} save={(quantity) => save({ quantity })} onDraft={draft('quantity')} inputMode="decimal" />
          <DraftInput label="Unit price ($)" stored={centsText(item.unit_price_cents)} parse={parsePrice} save={(unit_price_cents) => save({ unit_price_cents })} onDraft={draft('unit_price_cents')} inputMode="decimal" />
          <DraftInput label="Unit cost ($)" stored={centsText(item.unit_cost_cents)} parse={parseCost} save={(unit_cost_cents) => save({ unit_cost_cents })} onDraft={draft('unit_cost_cents')} inputMode="decimal" />
          <DraftInput label="Discount %" stored={decimalText(item.discount_percent)} parse={parseDiscountPercent} save={(discount_percent) => save({ discount_percent })} onDraft={draft('discount_percent')} inputMode="decimal" />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-slate-100 pt-3 pl-7 text-sm">
        <span>
          <span className="text-slate-500">Line total </span>
          <span data-testid="line-total" className="font-semibold text-slate-900 tabular-nums">
            {formatMoney(totals.subtotal)}
          </span>
        </span>
        <span>
          <span className="text-slate-500">Margin </span>
          <MarginText margin={totals} />
        </span>
        <span className="flex flex-wrap items-center gap-x-4">
          <label className="inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" className="size-5 accent-brand-700" checked={item.taxable} onChange={toggle('taxable')} />
              Taxable
            </label>
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" className="size-5 accent-brand-700" checked={item.optional} onChange={toggle('optional')} />
              Optional
            </label>
            {item.optional && (
              <label className="inline-flex min-h-11 items-center gap-2">
                <input type="checkbox" className="size-5 accent-brand-700" checked={item.selected} onChange={toggle('selected')} />
                Included
              </label>
            )}
        </span>
        <span className="ml-auto flex gap-1">
          <Button variant="ghost" size="sm" aria-label={`Move ${item.name} up`} disabled={index === 0} onClick={() => onMove(index, index - 1)} icon={<ArrowUp aria-hidden="true" className="size-4" />} />
          <Button variant="ghost" size="sm" aria-label={`Move ${item.name} down`} disabled={index === count - 1} onClick={() => onMove(index, index + 1)} icon={<ArrowDown aria-hidden="true" className="size-4" />} />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${item.name}`}
            onClick={() => void removeDocument(db, 'estimate_items', item.id).catch((e: unknown) => toastError(e))}
            icon={<Trash2 aria-hidden="true" className="size-4 text-red-700" />}
          />
        </span>
      </div>
    </li>
  );
});
