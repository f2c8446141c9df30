// Hand-over mode of the tablet flow: the rep hands the tablet to the customer, who sees the
// review and signature steps full screen, with no staff navigation (and so no cost or margin one
// tap away). Leaving needs the PIN the rep chose when handing over. Everything is on the device
// (it works offline): the PIN is kept only as a salted PBKDF2-SHA-256 hash, in sessionStorage,
// so a reload stays in hand-over mode; the staff layout reads handOverAtom to hide its chrome
// and to bring any other route back to the flow.
import { atom } from 'jotai';
import { z } from 'zod';

const handOverSchema = z.object({
  /** The flow's path, /estimates/{id}/streamlined: the only screen while handed over. */
  path: z.string().startsWith('/estimates/'),
  salt: z.string(),
  hash: z.string(),
  failures: z.number().int().min(0),
  /** Epoch ms until which no PIN is checked (after too many wrong ones). */
  lockedUntil: z.number(),
});
export type HandOver = z.infer<typeof handOverSchema>;

const STORAGE_KEY = 'cep.handOver';
const ITERATIONS = 100_000;
/** Wrong PINs allowed before each pause. */
const TRIES_BEFORE_PAUSE = 3;
const PAUSE_MS = 30_000;
const MAX_PAUSE_MS = 5 * 60_000;

export const pinFormSchema = z
  .object({
    pin: z.string().regex(/^\d{4,8}$/, 'The PIN is 4 to 8 digits'),
    repeat: z.string(),
  })
  .refine((value) => value.pin === value.repeat, { path: ['repeat'], message: 'The two PINs are not the same' });
export type PinForm = z.infer<typeof pinFormSchema>;

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function hashPin(pin: string, salt: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(salt), iterations: ITERATIONS }, key, 256);
  return toHex(bits);
}

export async function startHandOver(path: string, pin: string): Promise<HandOver> {
  const salt = toHex(crypto.getRandomValues(new Uint8Array(16)).buffer);
  return { path, salt, hash: await hashPin(pin, salt), failures: 0, lockedUntil: 0 };
}

/** The pause after `failures` wrong PINs: none before the third, then 30 s doubling, at most 5 min. */
export function pauseAfter(failures: number): number {
  if (failures < TRIES_BEFORE_PAUSE) return 0;
  return Math.min(MAX_PAUSE_MS, PAUSE_MS * 2 ** (failures - TRIES_BEFORE_PAUSE));
}

/** Why no PIN is checked now, or null. */
export function pauseMessage(state: HandOver, now: number): string | null {
  if (now >= state.lockedUntil) return null;
  const seconds = Math.ceil((state.lockedUntil - now) / 1000);
  return `Too many wrong PINs. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

export type PinCheck = { ok: true } | { ok: false; state: HandOver; message: string };

/** Checks a PIN to leave hand-over mode; a wrong one counts towards the next pause. */
export async function checkPin(state: HandOver, pin: string, now: number): Promise<PinCheck> {
  const paused = pauseMessage(state, now);
  if (paused) return { ok: false, state, message: paused };
  if ((await hashPin(pin, state.salt)) === state.hash) return { ok: true };
  const failures = state.failures + 1;
  const next = { ...state, failures, lockedUntil: now + pauseAfter(failures) };
  const left = TRIES_BEFORE_PAUSE - (failures % TRIES_BEFORE_PAUSE);
  const message =
    pauseMessage(next, now) ?? `That PIN is not right. ${left} ${left === 1 ? 'try' : 'tries'} left before a pause.`;
  return { ok: false, state: next, message };
}

function readStored(): HandOver | null {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? handOverSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function store(state: HandOver | null) {
  if (typeof sessionStorage === 'undefined') return;
  if (state) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  else sessionStorage.removeItem(STORAGE_KEY);
}

const stateAtom = atom<HandOver | null>(readStored());

/** The hand-over in force on this tab, or null; writing it stores it in sessionStorage too. */
export const handOverAtom = atom(
  (get) => get(stateAtom),
  (_get, set, next: HandOver | null) => {
    store(next);
    set(stateAtom, next);
  },
);
