// One editor field: the text stays as typed; a valid value is saved shortly after typing stops
// (and at once on blur), an invalid one shows its message and is not saved.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Parsed } from './field-parsers';

export const SAVE_DELAY_MS = 300;

type Pending = { count: number; listeners: Set<(count: number) => void> };
const pending: Pending = { count: 0, listeners: new Set() };

function changePending(delta: number) {
  pending.count += delta;
  for (const listener of pending.listeners) listener(pending.count);
}

/** How many field saves are waiting or running (for the "Saved on this device" indicator). */
export function usePendingSaves(): number {
  const [count, setCount] = useState(pending.count);
  useEffect(() => {
    pending.listeners.add(setCount);
    return () => {
      pending.listeners.delete(setCount);
    };
  }, []);
  return count;
}

/**
 * `onDraft` hears the value as typed before it is saved (undefined: none, the stored value
 * counts), for screens whose totals follow the keystrokes (draft-values.ts).
 */
export function useDraftField<T>(
  stored: string,
  parse: (text: string) => Parsed<T>,
  save: (value: T) => Promise<unknown>,
  onError?: (error: unknown) => void,
  onDraft?: (value: T | undefined) => void,
) {
  const [text, setText] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<{ value: T } | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;
  // Callers pass new functions on every render; through refs, flush stays the same function,
  // so the unmount effect below runs at unmount only (not at every re-render, which would
  // save at each keystroke and defeat the delay).
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const onDraftRef = useRef(onDraft);
  onDraftRef.current = onDraft;
  const editing = useRef(false);
  const failed = useCallback((e: unknown) => {
    // The refused value stops counting, unless a newer one is already waiting for its save.
    if (!timer.current) onDraftRef.current?.(undefined);
    onErrorRef.current?.(e);
  }, []);

  // Another device's change (or a server value, or this field's own save come back) shows up
  // unless the user is typing here; the document holds it, so the draft goes.
  useEffect(() => {
    if (editing.current) return;
    setText(stored);
    onDraftRef.current?.(undefined);
  }, [stored]);

  const flush = useCallback(() => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
      const next = latest.current;
      latest.current = null;
      if (next) {
        saveRef
          .current(next.value)
          .catch(failed)
          .finally(() => changePending(-1));
      } else {
        changePending(-1);
      }
    }
  }, [failed]);

  useEffect(() => flush, [flush]);

  const onChange = (next: string) => {
    editing.current = true;
    setText(next);
    const parsed = parse(next);
    if (!parsed.ok) {
      setError(parsed.error);
      onDraft?.(undefined);
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
        latest.current = null;
        changePending(-1);
      }
      return;
    }
    setError(null);
    onDraft?.(parsed.value);
    latest.current = { value: parsed.value };
    if (timer.current) clearTimeout(timer.current);
    else changePending(1);
    timer.current = setTimeout(() => {
      timer.current = null;
      const value = latest.current;
      latest.current = null;
      timer.current = null;
      if (!value) {
        changePending(-1);
        return;
      }
      saveRef
        .current(value.value)
        .catch(failed)
        .finally(() => changePending(-1));
    }, SAVE_DELAY_MS);
  };

  // Left with a value that the stored one already means (a cleared unit saved as "each"):
  // the field shows what is stored, never text the document does not hold.
  const storedRef = useRef(stored);
  storedRef.current = stored;
  const onBlur = () => {
    flush();
    editing.current = false;
    const typed = parse(text);
    const kept = parse(storedRef.current);
    if (typed.ok && kept.ok && text !== storedRef.current && JSON.stringify(typed.value) === JSON.stringify(kept.value)) setText(storedRef.current);
  };

  return { text, error, onChange, onBlur, invalid: error !== null };
}
