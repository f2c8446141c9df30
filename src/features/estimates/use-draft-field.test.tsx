// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVE_DELAY_MS, useDraftField } from './use-draft-field';

const parse = (text: string) => (/^\d+$/.test(text) ? ({ ok: true, value: Number(text) } as const) : ({ ok: false, error: 'Enter a whole number' } as const));

function QuantityField({ save }: { save: (value: number) => Promise<unknown> }) {
  // A new onError function on every render, as screens write it.
  const field = useDraftField('1', parse, save, (e) => void e);
  return <input aria-label="Quantity" value={field.text} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />;
}

describe('useDraftField', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('saves once, the delay after typing stops, even though the screen re-renders on each keystroke', async () => {
    const save = vi.fn(async () => undefined);
    render(<QuantityField save={save} />);
    const input = screen.getByLabelText('Quantity');
    for (const text of ['12', '123', '1234']) {
      fireEvent.change(input, { target: { value: text } });
      await act(async () => void vi.advanceTimersByTime(SAVE_DELAY_MS / 3));
    }
    expect(save).not.toHaveBeenCalled();
    await act(async () => void vi.advanceTimersByTime(SAVE_DELAY_MS));
    expect(save.mock.calls).toEqual([[1234]]);
  });

  it('saves at once on blur and keeps an invalid entry unsaved with its text', async () => {
    const save = vi.fn(async () => undefined);
    render(<QuantityField save={save} />);
    const input = screen.getByLabelText('Quantity');
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.blur(input);
    expect(save.mock.calls).toEqual([[7]]);
    fireEvent.change(input, { target: { value: '7x' } });
    await act(async () => void vi.advanceTimersByTime(SAVE_DELAY_MS * 2));
    expect(save).toHaveBeenCalledTimes(1);
    expect((input as HTMLInputElement).value).toBe('7x');
  });

  it('reports the typed value as a draft until the stored value catches up, none while invalid or after a failed save', async () => {
    const drafts: (number | undefined)[] = [];
    let fail = false;
    const save = vi.fn(async () => {
      if (fail) throw new Error('refused');
    });
    function Field({ stored }: { stored: string }) {
      const field = useDraftField(stored, parse, save, () => undefined, (value) => drafts.push(value));
      return <input aria-label="Quantity" value={field.text} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />;
    }
    const { rerender } = render(<Field stored="1" />);
    drafts.length = 0;
    const input = screen.getByLabelText('Quantity');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.change(input, { target: { value: '12x' } });
    fireEvent.change(input, { target: { value: '3' } });
    expect(drafts).toEqual([12, undefined, 3]);
    fireEvent.blur(input);
    // The save came back while the field is not being edited: the document holds the value.
    rerender(<Field stored="3" />);
    expect(drafts).toEqual([12, undefined, 3, undefined]);

    fail = true;
    fireEvent.change(input, { target: { value: '4' } });
    await act(async () => void vi.advanceTimersByTime(SAVE_DELAY_MS));
    expect(drafts).toEqual([12, undefined, 3, undefined, 4, undefined]);
  });

  it('shows the stored value once left when the typed one means the same (a cleared unit stored as "each")', async () => {
    const unit = (text: string) => ({ ok: true, value: text.trim() || 'each' }) as const;
    const save = vi.fn(async () => undefined);
    function UnitField() {
      const field = useDraftField('each', unit, save);
      return <input aria-label="Unit" value={field.text} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />;
    }
    render(<UnitField />);
    const input = screen.getByLabelText('Unit') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('');
    fireEvent.blur(input);
    expect(save.mock.calls).toEqual([['each']]);
    expect(input.value).toBe('each');
  });
});
