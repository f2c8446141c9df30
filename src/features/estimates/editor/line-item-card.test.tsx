// @vitest-environment jsdom
// The editor's keystroke path: the totals follow the typed value at once (the save stays
// delayed), an invalid value does not move them, and only the line typed in re-renders.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import type { Profile } from '../../../db/collections/profiles';
import type { AppDatabase } from '../../../db/database';
import { WorkspaceProvider } from '../../../db/react';
import { formatMoney } from '../../../lib/money';
import { createDraftStore, useTypedTotals, type DraftStore } from './draft-values';
import { patchDocument } from '../commands';
import { LineItemCard } from './line-item-card';
import { useStableRows } from '../list/stable-rows';
import { SAVE_DELAY_MS } from '../use-draft-field';

vi.mock('../commands', () => ({ patchDocument: vi.fn(async () => undefined), removeDocument: vi.fn(async () => undefined) }));
// A line card calls useLineTotals once per render: counted per line.
const renders = vi.hoisted(() => [] as string[]);
vi.mock('./draft-values', async (importOriginal) => {
  const real = await importOriginal<typeof import('./draft-values')>();
  return {
    ...real,
    useLineTotals: (...args: Parameters<typeof real.useLineTotals>) => {
      renders.push(`Line ${args[1].id.slice(-1)}`);
      return real.useLineTotals(...args);
    },
  };
});

const ORG = '11111111-1111-4111-8111-111111111111';
const estimate = { id: '33333333-3333-4333-8333-333333333333', discount_cents: 0, tax_rate: 0 };

function item(n: number, quantity = 1): EstimateItem {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    org_id: ORG,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    estimate_id: estimate.id,
    product_id: null,
    name: `Line ${n}`,
    description: '',
    quantity,
    unit: 'each',
    unit_price_cents: 1000 * n,
    unit_cost_cents: 500 * n,
    discount_percent: 0,
    taxable: true,
    optional: false,
    selected: true,
    sort_order: n,
  };
}

const noop = () => undefined;
const workspace = { db: {} as AppDatabase, userId: ORG, orgId: ORG, role: 'owner' as const, profile: {} as Profile };

function Total({ drafts, items }: { drafts: DraftStore; items: readonly EstimateItem[] }) {
  return <output data-testid="running-total">{formatMoney(useTypedTotals(drafts, items, estimate).total)}</output>;
}

/** The editor's line list as the page lays it out, with every line's renders counted. */
function Lines({ rows, drafts }: { rows: EstimateItem[]; drafts: DraftStore }) {
  const items = useStableRows(rows);
  return (
    <WorkspaceProvider value={workspace}>
      <ol>
        {items.map((it, index) => (
          <LineItemCard key={it.id} item={it} drafts={drafts} index={index} count={items.length} onMove={noop} onDragStart={noop} onDrop={noop} dragging={false} />
        ))}
      </ol>
      <Total drafts={drafts} items={items} />
    </WorkspaceProvider>
  );
}

const total = () => screen.getByTestId('running-total').textContent;
const quantityOf = (line: number) => screen.getAllByLabelText('Quantity')[line - 1] as HTMLInputElement;

describe('line item cards and the running total', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renders.length = 0;
    vi.mocked(patchDocument).mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('moves the total on the keystroke, re-rendering only the line typed in; the save waits', async () => {
    const drafts = createDraftStore();
    render(<Lines rows={[item(1), item(2), item(3)]} drafts={drafts} />);
    expect(total()).toBe(formatMoney(1000 + 2000 + 3000));
    renders.length = 0;

    fireEvent.change(quantityOf(2), { target: { value: '5' } });
    expect(total()).toBe(formatMoney(1000 + 5 * 2000 + 3000));
    expect(screen.getAllByTestId('line-total')[1]!.textContent).toBe(formatMoney(5 * 2000));
    expect(new Set(renders)).toEqual(new Set(['Line 2']));
    expect(patchDocument).not.toHaveBeenCalled();

    await act(async () => void vi.advanceTimersByTime(SAVE_DELAY_MS));
    expect(vi.mocked(patchDocument).mock.calls).toEqual([[workspace.db, 'estimate_items', item(2).id, { quantity: 5 }]]);
  });

  it('keeps the total on the saved value while the typed one is invalid', async () => {
    const drafts = createDraftStore();
    render(<Lines rows={[item(1), item(2)]} drafts={drafts} />);
    const saved = total();
    fireEvent.change(quantityOf(1), { target: { value: '-3' } });
    expect(total()).toBe(saved);
    expect(screen.getByRole('alert').textContent).toBe('Quantity cannot be negative');
    fireEvent.change(quantityOf(1), { target: { value: '4' } });
    expect(total()).toBe(formatMoney(4 * 1000 + 2000));
    fireEvent.change(quantityOf(1), { target: { value: '4x' } });
    expect(total()).toBe(saved);
    await act(async () => void vi.advanceTimersByTime(SAVE_DELAY_MS * 2));
    expect(patchDocument).not.toHaveBeenCalled();
  });

  it('re-renders only the saved line when the live query hands out new objects for every line', async () => {
    const drafts = createDraftStore();
    const { rerender } = render(<Lines rows={[item(1), item(2), item(3)]} drafts={drafts} />);
    fireEvent.change(quantityOf(3), { target: { value: '2' } });
    fireEvent.blur(quantityOf(3));
    expect(patchDocument).toHaveBeenCalledTimes(1);
    renders.length = 0;

    // The save comes back: every document is a new object, one with the new quantity.
    rerender(<Lines rows={[item(1), item(2), item(3, 2)]} drafts={drafts} />);
    expect(new Set(renders)).toEqual(new Set(['Line 3']));
    expect(total()).toBe(formatMoney(1000 + 2000 + 2 * 3000));
    // The document holds the value now: the draft is gone.
    expect(drafts.get(item(3).id)).toBeUndefined();
  });
});
