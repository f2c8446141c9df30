// Signing out. The user's intent is remembered, so the staff guard sends them to plain /auth
// instead of /auth?redirect=… (which is for sessions that ended on their own). And when this
// device may hold changes the server has not received: with nothing pending the app signs out
// at once; otherwise the user chooses between syncing first, signing out anyway (the changes
// stay in this user's database on the device and are pushed at the next sign-in of the same
// user), and staying signed in.
//
// Read, never cleared, while rendering: React may render the guard more than once for one
// sign-out (two auth updates in a row, a render it restarts), and each render must choose the
// same place. A new session clears it.
let requested = false;

export function markSignOutRequested(): void {
  requested = true;
}

export function signOutRequested(): boolean {
  return requested;
}

export function forgetSignOutRequested(): void {
  requested = false;
}

/** The parts of the sync engine the flow needs (sync/index's SyncHandle has them). */
export type SyncControl = {
  pendingCount(): Promise<number>;
  resync(): void;
};

export type SignOutDecision = { kind: 'sign-out' } | { kind: 'warn'; pending: number };

/**
 * No running sync (the workspace never opened, e.g. it still needed a first connection) means
 * there is nothing of this session to lose; a count that cannot be read is treated as unsafe.
 */
export async function decideSignOut(control: SyncControl | null): Promise<SignOutDecision> {
  if (!control) return { kind: 'sign-out' };
  let pending: number;
  try {
    pending = await control.pendingCount();
  } catch {
    return { kind: 'warn', pending: 0 };
  }
  return pending > 0 ? { kind: 'warn', pending } : { kind: 'sign-out' };
}

export type SyncFirstOutcome = 'synced' | 'offline' | 'stalled' | 'cancelled';

export type SyncFirstOptions = {
  control: SyncControl;
  isOnline: () => boolean;
  onProgress: (pending: number) => void;
  signal?: AbortSignal;
  /** How often the count is read while waiting. */
  pollMs?: number;
  /** Give up when the count has not gone down for this long (the server is not answering). */
  stallMs?: number;
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
};

/** Pushes what is pending and waits until the server has all of it, or says why it cannot. */
export async function syncBeforeSignOut(options: SyncFirstOptions): Promise<SyncFirstOutcome> {
  const { control, isOnline, onProgress, signal } = options;
  const pollMs = options.pollMs ?? 250;
  const stallMs = options.stallMs ?? 20_000;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  if (!isOnline()) return 'offline';
  control.resync();
  let lowest = Number.POSITIVE_INFINITY;
  let progressAt = now();
  for (;;) {
    if (signal?.aborted) return 'cancelled';
    const pending = await control.pendingCount();
    if (signal?.aborted) return 'cancelled';
    onProgress(pending);
    if (pending === 0) return 'synced';
    if (!isOnline()) return 'offline';
    if (pending < lowest) {
      lowest = pending;
      progressAt = now();
    } else if (now() - progressAt >= stallMs) {
      return 'stalled';
    }
    await wait(pollMs);
  }
}

export function changesText(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}
