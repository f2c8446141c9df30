import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_LOADING_TIMEOUT_MS,
  AuthController,
  FRESHNESS_INTERVAL_MS,
  SESSION_ENDED_NOTICE,
  type AuthApi,
  type AuthEnvironment,
} from './auth-controller';

const NOW = new Date('2025-03-01T10:00:00Z').getTime();

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function makeSession(options: { aal?: string; factors?: { status: 'verified' | 'unverified'; factor_type: 'totp' | 'phone' }[]; expiresIn?: number } = {}): Session {
  const expiresAt = Math.floor(Date.now() / 1000) + (options.expiresIn ?? 3600);
  return {
    access_token: `${base64url({ alg: 'ES256' })}.${base64url({ sub: 'user-1', aal: options.aal ?? 'aal1', exp: expiresAt })}.sig`,
    refresh_token: 'refresh',
    token_type: 'bearer',
    expires_in: options.expiresIn ?? 3600,
    expires_at: expiresAt,
    user: {
      id: 'user-1',
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: new Date(NOW).toISOString(),
      factors: (options.factors ?? []).map((f, i) => ({
        id: `factor-${i}`,
        friendly_name: 'f',
        created_at: '',
        updated_at: '',
        ...f,
      })),
    },
  } as Session;
}

type Result = { data: unknown; error: unknown };

class FakeAuth {
  private callback: ((event: AuthChangeEvent, session: Session | null) => void) | null = null;
  getUser = vi.fn(async (): Promise<Result> => ({ data: { user: null }, error: null }));
  getSession = vi.fn(async (): Promise<Result> => ({ data: { session: null }, error: null }));
  signOut = vi.fn(async (_options?: { scope?: string }): Promise<{ error: unknown }> => {
    this.emit('SIGNED_OUT', null);
    return { error: null };
  });
  setSession = vi.fn();

  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void) {
    this.callback = callback;
    return { data: { subscription: { id: 'x', callback, unsubscribe: () => (this.callback = null) } } };
  }

  emit(event: AuthChangeEvent, session: Session | null): void {
    this.callback?.(event, session);
  }
}

class FakeEnvironment implements AuthEnvironment {
  online = true;
  stored: Session | null = null;
  path = '/estimates/42';
  returnPath: string | null = null;
  sessionAtLoad = false;
  private listeners = new Set<(online: boolean) => void>();

  isOnline(): boolean {
    return this.online;
  }
  onConnectivityChange(listener: (online: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  setOnline(online: boolean): void {
    this.online = online;
    this.listeners.forEach((listener) => listener(online));
  }
  readStoredSession(): Session | null {
    return this.stored;
  }
  currentPath(): string {
    return this.path;
  }
  rememberReturnPath(path: string): void {
    this.returnPath = path;
  }
}

let auth: FakeAuth;
let env: FakeEnvironment;
let controller: AuthController;
let stop: () => void;

function startController(): void {
  controller = new AuthController(auth as unknown as AuthApi, env);
  stop = controller.start();
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  auth = new FakeAuth();
  env = new FakeEnvironment();
});

afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe('auth state from events', () => {
  it('starts loading and follows INITIAL_SESSION', () => {
    startController();
    expect(controller.getSnapshot().status).toBe('loading');
    const session = makeSession();
    auth.emit('INITIAL_SESSION', session);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-in', session, user: session.user, stale: false });
  });

  it('is signed out when there is no session', () => {
    startController();
    auth.emit('INITIAL_SESSION', null);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-out', session: null, notice: null });
  });

  it('forces loading to end after 4 seconds', () => {
    startController();
    vi.advanceTimersByTime(AUTH_LOADING_TIMEOUT_MS - 1);
    expect(controller.getSnapshot().status).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(controller.getSnapshot().status).toBe('signed-out');
  });

  it('ends loading with the stored session when the check hangs', () => {
    env.stored = makeSession();
    startController();
    vi.advanceTimersByTime(AUTH_LOADING_TIMEOUT_MS);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-in', stale: true });
  });

  it('asks for the second factor when a verified TOTP factor exists at aal1', () => {
    startController();
    auth.emit('SIGNED_IN', makeSession({ aal: 'aal1', factors: [{ status: 'verified', factor_type: 'totp' }] }));
    expect(controller.getSnapshot().status).toBe('mfa-required');
    auth.emit('MFA_CHALLENGE_VERIFIED', makeSession({ aal: 'aal2', factors: [{ status: 'verified', factor_type: 'totp' }] }));
    expect(controller.getSnapshot().status).toBe('signed-in');
  });

  it('does not ask for an unverified factor', () => {
    startController();
    auth.emit('SIGNED_IN', makeSession({ aal: 'aal1', factors: [{ status: 'unverified', factor_type: 'totp' }] }));
    expect(controller.getSnapshot().status).toBe('signed-in');
  });

  it('marks a password recovery and keeps it through USER_UPDATED until ended', () => {
    startController();
    auth.emit('PASSWORD_RECOVERY', makeSession());
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-in', recovery: true });
    auth.emit('USER_UPDATED', makeSession());
    expect(controller.getSnapshot().recovery).toBe(true);
    controller.endRecovery();
    expect(controller.getSnapshot().recovery).toBe(false);
  });

  it('follows TOKEN_REFRESHED', () => {
    startController();
    auth.emit('INITIAL_SESSION', makeSession());
    const refreshed = makeSession({ expiresIn: 7200 });
    auth.emit('TOKEN_REFRESHED', refreshed);
    expect(controller.getSnapshot().session).toBe(refreshed);
  });
});

describe('signing out', () => {
  it('signs out globally without a notice', async () => {
    startController();
    auth.emit('INITIAL_SESSION', makeSession());
    await controller.signOut();
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'global' });
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-out', notice: null });
    expect(env.returnPath).toBeNull();
  });

  it('still signs this device out when the server cannot be reached', async () => {
    startController();
    auth.emit('INITIAL_SESSION', makeSession());
    auth.signOut.mockImplementationOnce(async () => ({ error: { name: 'AuthRetryableFetchError', status: 0 } }));
    await controller.signOut();
    expect(auth.signOut).toHaveBeenLastCalledWith({ scope: 'local' });
    expect(controller.getSnapshot().status).toBe('signed-out');
  });

  it('a sign-out the server causes shows the notice and remembers where the user was', () => {
    startController();
    auth.emit('INITIAL_SESSION', makeSession());
    auth.emit('SIGNED_OUT', null);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-out', notice: SESSION_ENDED_NOTICE });
    expect(env.returnPath).toBe('/estimates/42');
  });

  it('a session refused before the listener existed still ends with the notice', () => {
    env.sessionAtLoad = true;
    env.stored = null;
    startController();
    auth.emit('INITIAL_SESSION', null);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-out', notice: SESSION_ENDED_NOTICE });
    expect(env.returnPath).toBe('/estimates/42');
  });

  it('no session at load and none now: signed out without a notice', () => {
    env.sessionAtLoad = false;
    startController();
    auth.emit('INITIAL_SESSION', null);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-out', notice: null });
  });

  it('a sign-out the app asked for shows no notice', async () => {
    startController();
    auth.emit('INITIAL_SESSION', makeSession());
    await controller.expectingSignOut(async () => auth.emit('SIGNED_OUT', null));
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-out', notice: null });
  });
});

describe('offline', () => {
  it('keeps a stored expired session while offline and refreshes when the connection returns', async () => {
    env.online = false;
    env.stored = makeSession({ expiresIn: -600 });
    startController();
    // supabase-js could not refresh (no network), so it reports no session but keeps it stored.
    auth.emit('INITIAL_SESSION', null);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-in', stale: true, session: env.stored });

    await vi.advanceTimersByTimeAsync(FRESHNESS_INTERVAL_MS * 3);
    expect(controller.getSnapshot().status).toBe('signed-in');
    expect(auth.getSession).not.toHaveBeenCalled();
    expect(auth.getUser).not.toHaveBeenCalled();

    const refreshed = makeSession();
    auth.getSession.mockImplementation(async () => {
      auth.emit('TOKEN_REFRESHED', refreshed);
      return { data: { session: refreshed }, error: null };
    });
    env.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(auth.getSession).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-in', stale: false, session: refreshed });
  });

  it('keeps retrying while the server cannot be reached', async () => {
    env.online = false;
    env.stored = makeSession({ expiresIn: -600 });
    startController();
    auth.emit('INITIAL_SESSION', null);
    auth.getSession.mockResolvedValue({ data: { session: null }, error: { name: 'AuthRetryableFetchError', status: 0 } });
    env.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(auth.getSession.mock.calls.length).toBeGreaterThan(2);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-in', stale: true });
  });

  it('a refresh refused online ends the session with the notice', async () => {
    env.online = false;
    env.stored = makeSession({ expiresIn: -600 });
    startController();
    auth.emit('INITIAL_SESSION', null);
    auth.getSession.mockImplementation(async () => {
      env.stored = null;
      auth.emit('SIGNED_OUT', null);
      return { data: { session: null }, error: { name: 'AuthApiError', status: 400, code: 'refresh_token_not_found' } };
    });
    env.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-out', notice: SESSION_ENDED_NOTICE });
    expect(env.returnPath).toBe('/estimates/42');
  });

  it('an access token that expires while offline is refreshed on reconnecting', async () => {
    startController();
    auth.emit('INITIAL_SESSION', makeSession({ expiresIn: 60 }));
    env.setOnline(false);
    vi.advanceTimersByTime(120_000);
    const refreshed = makeSession();
    auth.getSession.mockResolvedValue({ data: { session: refreshed }, error: null });
    env.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot().session).toBe(refreshed);
  });
});

describe('freshness check', () => {
  it('re-validates the session every 5 minutes when online', async () => {
    startController();
    auth.emit('INITIAL_SESSION', makeSession({ expiresIn: 3600 }));
    await vi.advanceTimersByTimeAsync(FRESHNESS_INTERVAL_MS - 1);
    expect(auth.getUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(auth.getUser).toHaveBeenCalledTimes(1);
    env.online = false;
    await vi.advanceTimersByTimeAsync(FRESHNESS_INTERVAL_MS);
    expect(auth.getUser).toHaveBeenCalledTimes(1);
  });

  it('a user the server no longer knows is signed out with the notice', async () => {
    startController();
    auth.emit('INITIAL_SESSION', makeSession({ expiresIn: 3600 }));
    auth.getUser.mockResolvedValue({ data: { user: null }, error: { name: 'AuthApiError', status: 403, code: 'user_not_found' } });
    await vi.advanceTimersByTimeAsync(FRESHNESS_INTERVAL_MS);
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-out', notice: SESSION_ENDED_NOTICE });
  });

  it('a network failure during the check changes nothing', async () => {
    startController();
    auth.emit('INITIAL_SESSION', makeSession({ expiresIn: 3600 }));
    auth.getUser.mockResolvedValue({ data: { user: null }, error: { name: 'AuthRetryableFetchError', status: 0 } });
    await vi.advanceTimersByTimeAsync(FRESHNESS_INTERVAL_MS);
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(controller.getSnapshot().status).toBe('signed-in');
  });
});
