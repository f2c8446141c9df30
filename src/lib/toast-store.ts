// Toasts one at a time (SPEC.md §9): a new toast replaces the shown one; each closes itself after
// 5 s (10 s when critical) and is dropped from memory 1,000,000 ms after it was dismissed.
import { describeError, SEVERITY_TITLES, type Severity } from './errors';

const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
const TOAST_DEFAULT_DURATION_MS = 5000;
const TOAST_CRITICAL_DURATION_MS = 10_000;

export type ToastTone = Severity | 'success';

/** A button in the toast, e.g. Undo; using it closes the toast. */
type ToastAction = { label: string; run: () => void };

export type Toast = {
  id: string;
  tone: ToastTone;
  title: string;
  description?: string;
  open: boolean;
  duration: number;
  action?: ToastAction;
};

export type ToastInput = {
  tone?: ToastTone;
  title?: string;
  description?: string;
  duration?: number;
  action?: ToastAction;
};

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type ToastStore = {
  show(input: ToastInput): string;
  dismiss(id?: string): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Toast[];
};

// A toast with an action (Undo) stays as long as a critical one: time to reach the button.
function durationFor(tone: ToastTone, action: boolean): number {
  return tone === 'critical' || action ? TOAST_CRITICAL_DURATION_MS : TOAST_DEFAULT_DURATION_MS;
}

function titleFor(tone: ToastTone): string {
  return tone === 'success' ? 'Success' : SEVERITY_TITLES[tone];
}

export function createToastStore(
  timers: Timers = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): ToastStore {
  let toasts: readonly Toast[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const closeTimers = new Map<string, unknown>();
  const removeTimers = new Map<string, unknown>();

  const emit = () => listeners.forEach((listener) => listener());
  const clear = (map: Map<string, unknown>, id: string) => {
    if (map.has(id)) timers.clearTimeout(map.get(id));
    map.delete(id);
  };

  function remove(id: string) {
    clear(closeTimers, id);
    clear(removeTimers, id);
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }

  function dismissOne(id: string) {
    clear(closeTimers, id);
    if (removeTimers.has(id)) return;
    removeTimers.set(id, timers.setTimeout(() => remove(id), TOAST_REMOVE_DELAY_MS));
  }

  function dismiss(id?: string) {
    const targets = toasts.filter((t) => t.open && (id === undefined || t.id === id));
    if (!targets.length) return;
    targets.forEach((t) => dismissOne(t.id));
    toasts = toasts.map((t) => (targets.includes(t) ? { ...t, open: false } : t));
    emit();
  }

  return {
    dismiss,
    show(input) {
      const tone = input.tone ?? 'info';
      const id = `toast-${++counter}`;
      const toast: Toast = {
        id,
        tone,
        title: input.title ?? titleFor(tone),
        ...(input.description ? { description: input.description } : {}),
        ...(input.action ? { action: input.action } : {}),
        open: true,
        duration: input.duration ?? durationFor(tone, !!input.action),
      };
      const kept = [toast, ...toasts].slice(0, TOAST_LIMIT);
      for (const old of toasts) if (!kept.includes(old)) {
        clear(closeTimers, old.id);
        clear(removeTimers, old.id);
      }
      toasts = kept;
      closeTimers.set(id, timers.setTimeout(() => dismiss(id), toast.duration));
      emit();
      return id;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
  };
}

/** The app's one toast queue. */
export const toastStore = createToastStore();

export function toast(input: ToastInput): string {
  return toastStore.show(input);
}

/** Shows the catalogue message for any error, with its severity title. */
export function toastError(error: unknown, tone: Severity = 'error'): string {
  return toastStore.show({ tone, description: describeError(error).message });
}
