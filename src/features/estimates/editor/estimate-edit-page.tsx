import { Check, FileText, Loader2, Plus } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import type { Estimate } from '../../../db/collections/estimates';
import { isProvisionalNumber } from '../../../db/new-estimate';
import { can, useWorkspace } from '../../../db/react';
import { toastError } from '../../../lib/toast-store';
import { CustomerPicker } from '../customer-picker';
import { DraftInput } from '../draft-input';
import { StatusBadge } from '../status-badge';
import { MarginText } from '../../../components/ui/margin-text';
import { formatMoney } from '../../../lib/money';
import { addCustomLine, addProductLine, moveItem, patchDocument } from '../commands';
import { LineItemCard } from './line-item-card';
import { centsText, decimalText, parseDate, parseDiscountAmount, parseRequiredText, parseTaxRate, type Parsed } from '../field-parsers';
import { MilestonesEditor } from './milestones-editor';
import { ProductPicker } from './product-picker';
import { SyncFailureBanner } from '../sync-failure-banner';
import { createDraftStore, useTypedTotals, type DraftStore } from './draft-values';
import { useStableRows } from '../list/stable-rows';
import { TotalsPanel } from '../totals-panel';
import { usePendingSaves } from '../use-draft-field';
import { useEstimate } from '../use-estimate';

const parseTitle = parseRequiredText('The title', 300);
const parseFreeText = (text: string): Parsed<string> => ({ ok: true, value: text });

export function EstimateNumber({ estimate }: { estimate: Pick<Estimate, 'number'> }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span data-testid="estimate-number" className="font-mono">
        {estimate.number}
      </span>
      {isProvisionalNumber(estimate.number) && <Badge tone="warning">Provisional until synced</Badge>}
    </span>
  );
}

function SaveState() {
  const pending = usePendingSaves();
  return (
    <span data-testid="save-state" data-pending={pending > 0} className="inline-flex items-center gap-1.5 text-sm text-slate-500" aria-live="polite">
      {pending > 0 ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Check aria-hidden="true" className="size-4 text-emerald-600" />}
      {pending > 0 ? 'Saving…' : 'Saved on this device'}
    </span>
  );
}

export function EstimateEditPage() {
  const { id = '' } = useParams();
  const { db, role } = useWorkspace();
  const data = useEstimate(id);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const { estimate, milestones } = data;
  const items = useStableRows(data.items);
  // Values typed but not saved yet: the totals and each line's margin follow them.
  const [drafts] = useState(createDraftStore);
  // Stable callbacks, so the memoized line cards do not re-render for another line's change.
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

  if (data.loading && !estimate) return <PageSpinner label="Opening the estimate…" />;
  if (!estimate) {
    return (
      <EmptyState title="Estimate not found" action={<Link to="/estimates" className={buttonClasses('secondary')}>Back to estimates</Link>}>
        It may have been deleted, or it has not synced to this device yet.
      </EmptyState>
    );
  }
  const locked = estimate.status === 'accepted' || estimate.status === 'declined' || estimate.status === 'archived';
  if (!can(role, 'editEstimates') || locked) {
    return (
      <EmptyState
        icon={<FileText />}
        title={locked ? `This estimate is ${estimate.status} and can no longer change` : 'You can view estimates but not edit them'}
        action={<Link to={`/estimates/${estimate.id}`} className={buttonClasses('secondary')}>Open the estimate</Link>}
      >
        {locked ? 'Duplicate it from its page to start a new revision.' : 'Ask an admin of your organization for the sales role to edit estimates.'}
      </EmptyState>
    );
  }

  const save = (patch: Partial<Estimate>) => patchDocument(db, 'estimates', estimate.id, patch);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <EstimateNumber estimate={estimate} />
            <StatusBadge status={estimate.status} />
          </p>
          <h1 className="mt-1 truncate text-2xl font-semibold tracking-tight text-slate-900">{estimate.title || 'Untitled estimate'}</h1>
        </div>
        <div className="flex items-center gap-3">
          <SaveState />
          <Link to={`/estimates/${estimate.id}`} className={buttonClasses('secondary')}>
            Done
          </Link>
        </div>
      </header>

      <SyncFailureBanner estimate={estimate} items={items} milestones={milestones} />

      <div className="grid gap-6 xl:grid-cols-[1fr_18rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <section aria-label="Details" className="grid gap-4 sm:grid-cols-2">
            <DraftInput label="Title" stored={estimate.title} parse={parseTitle} save={(title) => save({ title })} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <CustomerPicker value={estimate} accounts={data.accounts} prospects={data.prospects} onChange={(customer) => save(customer)} />
            </div>
            <DraftInput label="Valid until" type="date" stored={estimate.valid_until ?? ''} parse={parseDate} save={(valid_until) => save({ valid_until })} />
            <DraftInput
              label="Tax rate %"
              stored={decimalText(estimate.tax_rate)}
              parse={parseTaxRate}
              save={(tax_rate) => save({ tax_rate })}
              onDraft={(value) => drafts.set(estimate.id, 'tax_rate', value)}
              inputMode="decimal"
            />
            <DraftInput
              label="Estimate discount ($)"
              stored={estimate.discount_cents ? centsText(estimate.discount_cents) : ''}
              parse={parseDiscountAmount}
              save={(discount_cents) => save({ discount_cents })}
              onDraft={(value) => drafts.set(estimate.id, 'discount_cents', value)}
              inputMode="decimal"
            />
          </section>

          <section aria-labelledby="items-heading" className="flex flex-col gap-3">
            <div className="flex items-center justify-between gap-2">
              <h2 id="items-heading" className="text-lg font-semibold text-slate-900">
                Line items
              </h2>
              <Button variant="secondary" icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => void addCustomLine(db, estimate).catch((e: unknown) => toastError(e))}>
                Add custom line
              </Button>
            </div>
            <ProductPicker onPick={(product) => void addProductLine(db, estimate, product).catch((e: unknown) => toastError(e))} />
            {items.length === 0 ? (
              <p className="text-sm text-slate-500">No lines yet. Pick products from the catalogue above or add a custom line.</p>
            ) : (
              <ol className="flex flex-col gap-3">
                {items.map((item, index) => (
                  <LineItemCard
                    key={item.id}
                    item={item}
                    drafts={drafts}
                    index={index}
                    count={items.length}
                    onMove={move}
                    dragging={dragFrom === index}
                    onDragStart={setDragFrom}
                    onDrop={drop}
                  />
                ))}
              </ol>
            )}
          </section>

          <MilestonesEditor estimate={estimate} milestones={milestones} />

          <section aria-label="Notes and terms" className="grid gap-4 sm:grid-cols-2">
            <DraftInput label="Notes" multiline stored={estimate.notes} parse={parseFreeText} save={(notes) => save({ notes })} />
            <DraftInput label="Terms" multiline stored={estimate.terms} parse={parseFreeText} save={(terms) => save({ terms })} />
          </section>
        </div>

        <aside aria-label="Totals" className="hidden h-fit rounded-xl border border-slate-200 bg-white p-4 shadow-sm xl:sticky xl:top-4 xl:block">
          <h2 className="mb-3 text-base font-semibold text-slate-900">Totals</h2>
          <TypedTotalsPanel drafts={drafts} items={items} estimate={estimate} />
        </aside>
      </div>

      <RunningTotals drafts={drafts} items={items} estimate={estimate} />
    </div>
  );
}

type TotalsProps = { drafts: DraftStore; items: readonly EstimateItem[]; estimate: Estimate };

function TypedTotalsPanel({ drafts, items, estimate }: TotalsProps) {
  return <TotalsPanel totals={useTypedTotals(drafts, items, estimate)} />;
}

/** The bar under the editor on screens without the totals column. */
function RunningTotals({ drafts, items, estimate }: TotalsProps) {
  const totals = useTypedTotals(drafts, items, estimate);
  return (
    <div aria-label="Running totals" role="region" className="sticky bottom-0 -mx-2 flex flex-wrap items-center justify-end gap-x-6 gap-y-1 rounded-t-xl border border-slate-200 bg-white/95 px-4 py-3 text-sm shadow-lg backdrop-blur xl:hidden">
      <span>
        <span className="text-slate-500">Subtotal </span>
        <span className="tabular-nums">{formatMoney(totals.subtotal)}</span>
      </span>
      <span>
        <span className="text-slate-500">Total </span>
        <span data-testid="running-total" className="font-semibold text-slate-900 tabular-nums">
          {formatMoney(totals.total)}
        </span>
      </span>
      <span>
        <span className="text-slate-500">Margin </span>
        <MarginText margin={totals} />
      </span>
    </div>
  );
}
