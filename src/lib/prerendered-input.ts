// What a visitor typed into a screen written into the HTML (auth.html: src/auth-shell-server.tsx)
// before the app took the screen over. start-app.tsx reads it just before React replaces that
// markup with the same screen, whose form starts from the values, and then puts the focus back
// on the same element (the same markup, so the same place among the focusable ones).
/** The root's mark of a screen written in (auth.html): main.tsx lets the browser show it before the app runs. */
export const WRITTEN_IN = 'data-written-in';

type Focus = { index: number; start: number | null; end: number | null };
type Typed = { values: ReadonlyMap<string, string>; focus: Focus | null };

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
const NOTHING: Typed = { values: new Map(), focus: null };
let typed: Typed = NOTHING;

const selectionOf = (el: Element) => (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? { start: el.selectionStart, end: el.selectionEnd } : { start: null, end: null });

/** Reads the named fields' values and the focused element under `root` (the markup about to be replaced). */
export function keepPrerenderedInput(root: HTMLElement, active: Element | null = document.activeElement): void {
  const values = new Map<string, string>();
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name]')) if (input.value !== '') values.set(input.name, input.value);
  const index = active && active !== root && root.contains(active) ? [...root.querySelectorAll(FOCUSABLE)].indexOf(active) : -1;
  typed = { values, focus: index >= 0 ? { index, ...selectionOf(active!) } : null };
}

/** The value typed into the written-in field `name` before the app started, if any. */
export function prerenderedValue(name: string): string | undefined {
  return typed.values.get(name);
}

/** After the app's first render: focus (and caret) back where it was, then forget what was typed. */
export function restorePrerenderedFocus(root: HTMLElement): void {
  const { focus } = typed;
  typed = NOTHING;
  if (!focus) return;
  const el = root.querySelectorAll<HTMLElement>(FOCUSABLE)[focus.index];
  if (!el) return;
  el.focus();
  if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && focus.start !== null && focus.end !== null) el.setSelectionRange(focus.start, focus.end);
}
