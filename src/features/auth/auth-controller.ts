import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';

// The staff auth state of SPEC §4, outside React so it can be tested with a fake client and
// fake timers. It follows supabase-js's auth events, with three additions of its own:
// - loading ends after at most 4 s, whatever the network does;
// - offline (or while the server cannot be reached) a stored session keeps the user signed in,
//   even with an expired access token, and is refreshed once the connection returns;
// - only the server refusing the session online ends it, with a notice and a way back.

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out' | 'mfa-required';

export type AuthSnapshot = {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /** Arrived from a password reset link: the user may now set a new password. */
  recovery: boolean;
  /** Shown on the sign-in screen after the server ended the session. */
  notice: string | null;
  /** The session is the stored one and could not be refreshed yet (offline or server away). */
  stale: boolean;
};

export const AUTH_LOADING_TIMEOUT_MS = 4000;
export const FRESHNESS_INTERVAL_MS = 5 * 60 * 1000;
const RESUME_RETRY_MIN_MS = 2000;
const RESUME_RETRY_MAX_MS = 60_000;
export const SESSION_ENDED_NOTICE = 'Please sign in again to continue.';

export type AuthApi = Pick<SupabaseClient['auth'], 'onAuthStateChange' | 'getUser' | 'getSession' | 'signOut' | 'setSession'>;

export type AuthEnvironment = {
  isOnline(): boolean;
  onConnectivityChange(listener: (online: boolean) => void): () => void;
  /** The session supabase-js keeps in storage, read directly: it is there even when expired. */
  readStoredSession(): Session | null;
  currentPath(): string;
  rememberReturnPath(path: string): void;
  /** A session was stored when the page loaded, before supabase-js could remove a refused one. */
  sessionAtLoad?: boolean;
};

type JwtClaims = { aal?: unknown };

function decodeClaims(token: string): JwtClaims {
  try {
    const payload = token.split('.')[1];
    if (!payload) return {};
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as JwtClaims) : {};
  } catch {
    return {};
  }
}

function assuranceLevel(session: Session): string | null {
  const aal = decodeClaims(session.access_token).aal;
  return typeof aal === 'string' ? aal : null;
}

export function needsSecondFactor(session: Session): boolean {
  const verified = (session.user?.factors ?? []).some(
    (factor) => factor.status === 'verified' && (factor.factor_type === 'totp' || factor.factor_type === 'phone'),
  );
  return verified && assuranceLevel(session) !== 'aal2';
}

function statusOf(session: Session | null): AuthStatus {
  if (!session) return 'signed-out';
  return needsSecondFactor(session) ? 'mfa-required' : 'signed-in';
}

function isSignedIn(status: AuthStatus): boolean {
  return status === 'signed-in' || status === 'mfa-required';
}

type ErrorShape = { name?: unknown; status?: unknown };

function isRetryable(error: unknown): boolean {
  const e = (error ?? {}) as ErrorShape;
  return e.name === 'AuthRetryableFetchError' || (typeof e.status === 'number' && (e.status === 0 || e.status >= 500));
}

function isRefusal(error: unknown): boolean {
  const e = (error ?? {}) as ErrorShape;
  return e.name === 'AuthSessionMissingError' || e.status === 401 || e.status === 403;
}

const INITIAL: AuthSnapshot = {
  status: 'loading',
  session: null,
  user: null,
  recovery: false,
  notice: null,
  stale: false,
};

export class AuthController {
  private snapshot: AuthSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private expectedSignOuts = 0;
  private hadStoredSession = false;
  private resumeTimer: ReturnType<typeof setTimeout> | null = null;
  private resumeDelay = RESUME_RETRY_MIN_MS;
  private resuming = false;
  private stopped = false;

  constructor(
    private readonly auth: AuthApi,
    private readonly env: AuthEnvironment,
  ) {}

  start(): () => void {
    this.stopped = false;
    this.hadStoredSession = this.env.readStoredSession() !== null || (this.env.sessionAtLoad ?? false);
    const { data } = this.auth.onAuthStateChange((event, session) => this.handleEvent(event, session));
    const loadingTimer = setTimeout(() => this.endLoading(), AUTH_LOADING_TIMEOUT_MS);
    const freshness = setInterval(() => void this.checkFreshness(), FRESHNESS_INTERVAL_MS);
    const stopConnectivity = this.env.onConnectivityChange((online) => {
      if (online) this.scheduleResume(0);
    });
    return () => {
      this.stopped = true;
      data.subscription.unsubscribe();
      clearTimeout(loadingTimer);
      clearInterval(freshness);
      stopConnectivity();
      this.clearResume();
    };
  }

  getSnapshot = (): AuthSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Runs work that signs out on purpose (sign-out, the clean slate before sign-in) without a notice. */
  async expectingSignOut<T>(work: () => Promise<T>): Promise<T> {
    this.expectedSignOuts += 1;
    try {
      return await work();
    } finally {
      this.expectedSignOuts -= 1;
    }
  }

  async signOut(): Promise<void> {
    await this.expectingSignOut(async () => {
      const { error } = await this.auth.signOut({ scope: 'global' });
      // Offline the server cannot be told; this device still signs out.
      if (error) await this.auth.signOut({ scope: 'local' });
    });
    this.set({ ...INITIAL, status: 'signed-out' });
  }

  clearNotice(): void {
    if (this.snapshot.notice) this.set({ ...this.snapshot, notice: null });
  }

  endRecovery(): void {
    if (this.snapshot.recovery) this.set({ ...this.snapshot, recovery: false });
  }

  handleEvent(event: AuthChangeEvent, session: Session | null): void {
    switch (event) {
      case 'INITIAL_SESSION':
        if (session) this.useSession(session, false);
        else this.useStoredSessionOrSignOut();
        return;
      case 'SIGNED_IN':
      case 'TOKEN_REFRESHED':
      case 'USER_UPDATED':
      case 'MFA_CHALLENGE_VERIFIED':
        if (session) this.useSession(session, false);
        return;
      case 'PASSWORD_RECOVERY':
        if (session) this.useSession(session, true);
        return;
      case 'SIGNED_OUT':
        this.signedOut();
        return;
    }
  }

  /** The 5-minute freshness check (SPEC §9): ask the server whether the session still stands. */
  async checkFreshness(): Promise<void> {
    if (!this.env.isOnline() || !isSignedIn(this.snapshot.status)) return;
    if (this.needsResume()) {
      this.scheduleResume(0);
      return;
    }
    const { error } = await this.auth.getUser();
    if (!error || isRetryable(error)) return;
    if (isRefusal(error)) await this.endSession();
  }

  private useSession(session: Session, recovery: boolean): void {
    this.clearResume();
    this.resumeDelay = RESUME_RETRY_MIN_MS;
    this.set({
      status: statusOf(session),
      session,
      user: session.user,
      recovery: recovery || (this.snapshot.recovery && this.snapshot.user?.id === session.user.id),
      notice: null,
      stale: false,
    });
  }

  private useStoredSessionOrSignOut(): void {
    const stored = this.env.readStoredSession();
    if (!stored) {
      if (this.snapshot.status !== 'loading') return;
      // The page opened with a session that is gone now: the server refused it while
      // supabase-js started, possibly before this listener existed to hear SIGNED_OUT.
      const ended = this.hadStoredSession && this.expectedSignOuts === 0;
      if (ended) this.env.rememberReturnPath(this.env.currentPath());
      this.hadStoredSession = false;
      this.set({ ...INITIAL, status: 'signed-out', notice: ended ? SESSION_ENDED_NOTICE : this.snapshot.notice });
      return;
    }
    // supabase-js keeps the session in storage when a refresh fails for want of a network and
    // removes it when the server refuses: a stored session here means "not refreshed yet".
    this.set({ status: statusOf(stored), session: stored, user: stored.user, recovery: false, notice: null, stale: true });
    if (this.env.isOnline()) this.scheduleResume(this.resumeDelay);
  }

  private endLoading(): void {
    if (this.snapshot.status !== 'loading') return;
    this.useStoredSessionOrSignOut();
  }

  private signedOut(): void {
    this.clearResume();
    const wasSignedIn = isSignedIn(this.snapshot.status) || (this.snapshot.status === 'loading' && this.hadStoredSession);
    const unexpected = this.expectedSignOuts === 0 && wasSignedIn;
    if (unexpected) this.env.rememberReturnPath(this.env.currentPath());
    this.hadStoredSession = false;
    this.set({ ...INITIAL, status: 'signed-out', notice: unexpected ? SESSION_ENDED_NOTICE : null });
  }

  private async endSession(): Promise<void> {
    this.env.rememberReturnPath(this.env.currentPath());
    await this.expectingSignOut(() => this.auth.signOut({ scope: 'local' }));
    this.set({ ...INITIAL, status: 'signed-out', notice: SESSION_ENDED_NOTICE });
  }

  private needsResume(): boolean {
    const { status, session, stale } = this.snapshot;
    if (!isSignedIn(status) || !session) return false;
    return stale || (session.expires_at !== undefined && session.expires_at * 1000 <= Date.now());
  }

  private scheduleResume(delay: number): void {
    if (this.stopped || !this.needsResume()) return;
    this.clearResume();
    this.resumeTimer = setTimeout(() => void this.resume(), delay);
  }

  private clearResume(): void {
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = null;
  }

  // Back online with a stale session: getSession() refreshes it. Success arrives as
  // TOKEN_REFRESHED; a refusal removes it from storage and arrives as SIGNED_OUT.
  private async resume(): Promise<void> {
    this.resumeTimer = null;
    if (this.resuming || this.stopped || !this.needsResume() || !this.env.isOnline()) return;
    this.resuming = true;
    try {
      const { data } = await this.auth.getSession();
      if (data.session && data.session.expires_at && data.session.expires_at * 1000 > Date.now()) {
        this.useSession(data.session, false);
        return;
      }
      if (!this.env.readStoredSession()) {
        if (isSignedIn(this.snapshot.status)) this.signedOut();
        return;
      }
      this.resumeDelay = Math.min(this.resumeDelay * 2, RESUME_RETRY_MAX_MS);
      this.scheduleResume(this.resumeDelay);
    } finally {
      this.resuming = false;
    }
  }

  private set(next: AuthSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
