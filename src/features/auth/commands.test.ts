import { describe, expect, it, vi } from 'vitest';
import type { NewSecurityEvent } from '../../lib/local-log';
import { LoginRateLimiter, memoryRateLimitStore } from './login-rate-limit';
import { requestPasswordReset, signIn, signUp, type AuthApi, type SignInDeps } from './commands';

function jwt(claims: Record<string, unknown>): string {
  return `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
}

const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  get length() {
    return storage.size;
  },
  key: (i: number) => [...storage.keys()][i] ?? null,
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
});

function setup(options: { limited?: boolean; password?: string; factors?: unknown[] } = {}) {
  const calls: string[] = [];
  const events: NewSecurityEvent[] = [];
  const session = {
    access_token: jwt({ sub: 'user-1', aal: 'aal1', session_id: 'sess-1' }),
    refresh_token: 'r',
    user: { id: 'user-1', factors: options.factors ?? [] },
  };
  const auth = {
    signOut: vi.fn(async ({ scope }: { scope: string }) => {
      calls.push(`signOut:${scope}`);
      return { error: null };
    }),
    signInWithPassword: vi.fn(async (credentials: { password: string }) => {
      calls.push(`storage:${[...storage.keys()].join(',')}`);
      calls.push('signInWithPassword');
      if (credentials.password === (options.password ?? 'Right-pass1')) return { data: { session, user: session.user }, error: null };
      return {
        data: { session: null, user: null },
        error: Object.assign(new Error('Invalid login credentials'), { code: 'invalid_credentials', status: 400 }),
      };
    }),
  };
  const limiter = new LoginRateLimiter({ store: memoryRateLimitStore() });
  const deps: SignInDeps = {
    auth: auth as unknown as AuthApi,
    expectingSignOut: (work) => work(),
    storageKey: 'sb-test-auth-token',
    limiter,
    fingerprint: async () => 'fp-1',
    rateLimitOn: () => options.limited ?? false,
    record: async (event) => void events.push(event),
  };
  return { deps, auth, calls, events, limiter };
}

describe('sign in', () => {
  it('refuses empty credentials with the spec message, without calling the server', async () => {
    const { deps, auth } = setup();
    expect(await signIn(deps, { identifier: '', password: 'x' })).toEqual({
      ok: false,
      message: 'You must provide either an email or phone number and a password',
      rateLimited: false,
    });
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('signs out globally and clears stored auth state before signing in', async () => {
    storage.set('sb-test-auth-token', '{}');
    storage.set('sb-test-auth-token-code-verifier', 'v');
    storage.set('unrelated', 'keep');
    const { deps, calls } = setup();
    expect(await signIn(deps, { identifier: 'ada@example.com', password: 'Right-pass1' })).toEqual({ ok: true, mfaRequired: false });
    expect(calls).toEqual(['signOut:global', 'storage:unrelated', 'signInWithPassword']);
  });

  it('records attempt and success with the user and session ids', async () => {
    const { deps, events } = setup();
    await signIn(deps, { identifier: 'Ada@Example.com', password: 'Right-pass1' });
    expect(events.map((e) => e.event_type)).toEqual(['login_attempt', 'login_success']);
    expect(events[1]).toMatchObject({
      user_id: 'user-1',
      session_id: 'sess-1',
      metadata: { email: 'ada@example.com', client_id: 'fp-1', action: 'sign_in' },
    });
  });

  it('records a failure with its reason and shows the catalogue message', async () => {
    const { deps, events } = setup();
    const result = await signIn(deps, { identifier: 'ada@example.com', password: 'wrong' });
    expect(result).toEqual({ ok: false, message: 'The e-mail or phone number, or the password, is wrong. Check both and try again.', rateLimited: false });
    expect(events.at(-1)).toMatchObject({
      event_type: 'login_failure',
      metadata: { email: 'ada@example.com', reason: 'invalid_credentials', error: 'Invalid login credentials' },
    });
  });

  it('with the limit on, the fifth wrong password shows the rate-limit message and logs suspicious activity', async () => {
    const { deps, events, auth } = setup({ limited: true });
    for (let i = 0; i < 4; i++) expect((await signIn(deps, { identifier: 'ada@example.com', password: 'wrong' })).ok).toBe(false);
    const fifth = await signIn(deps, { identifier: 'ada@example.com', password: 'wrong' });
    expect(fifth).toEqual({ ok: false, message: 'Too many login attempts. Please try again in 15 minutes.', rateLimited: true });
    expect(events.at(-1)).toMatchObject({ event_type: 'suspicious_activity', metadata: { reason: 'rate_limited', client_id: 'fp-1' } });

    // Even the right password is refused now, without asking the server.
    const calls = auth.signInWithPassword.mock.calls.length;
    expect((await signIn(deps, { identifier: 'ada@example.com', password: 'Right-pass1' })).ok).toBe(false);
    expect(auth.signInWithPassword.mock.calls.length).toBe(calls);
  });

  it('with the limit off, failures never block', async () => {
    const { deps } = setup({ limited: false });
    for (let i = 0; i < 6; i++) await signIn(deps, { identifier: 'ada@example.com', password: 'wrong' });
    expect(await signIn(deps, { identifier: 'ada@example.com', password: 'Right-pass1' })).toEqual({ ok: true, mfaRequired: false });
  });

  it('a success resets the counter', async () => {
    const { deps } = setup({ limited: true });
    for (let i = 0; i < 4; i++) await signIn(deps, { identifier: 'ada@example.com', password: 'wrong' });
    expect((await signIn(deps, { identifier: 'ada@example.com', password: 'Right-pass1' })).ok).toBe(true);
    for (let i = 0; i < 4; i++) {
      expect(await signIn(deps, { identifier: 'ada@example.com', password: 'wrong' })).toMatchObject({ ok: false, rateLimited: false });
    }
  });

  it('reports that a second factor is needed', async () => {
    const { deps } = setup({ factors: [{ id: 'f', factor_type: 'totp', status: 'verified' }] });
    expect(await signIn(deps, { identifier: '+1 555 010 0100', password: 'Right-pass1' })).toEqual({ ok: true, mfaRequired: true });
  });
});

describe('sign up and reset', () => {
  it('sends the names as user data and the site origin as the e-mail redirect', async () => {
    const auth = { signUp: vi.fn(async () => ({ data: { session: {}, user: {} }, error: null })) };
    const result = await signUp(
      auth as unknown as AuthApi,
      { firstName: ' Ada ', lastName: 'Lovelace', identifier: 'ada@example.com', password: 'Secret-123' },
      'https://app.example.com',
    );
    expect(result).toEqual({ ok: true, needsConfirmation: false });
    expect(auth.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'Secret-123',
      options: { emailRedirectTo: 'https://app.example.com', data: { first_name: 'Ada', last_name: 'Lovelace' } },
    });
  });

  it('says when the account already exists', async () => {
    const auth = {
      signUp: vi.fn(async () => ({ data: { session: null, user: null }, error: Object.assign(new Error('User already registered'), { code: 'user_already_exists' }) })),
    };
    const result = await signUp(auth as unknown as AuthApi, { firstName: 'A', lastName: 'B', identifier: 'a@example.com', password: 'Secret-123' }, 'https://x');
    expect(result).toMatchObject({ ok: false, field: 'identifier' });
  });

  it('asks for a reset link that returns to /auth?reset=true', async () => {
    const auth = { resetPasswordForEmail: vi.fn(async () => ({ data: {}, error: null })) };
    expect(await requestPasswordReset(auth as unknown as AuthApi, 'ada@example.com', 'https://app.example.com')).toEqual({ ok: true });
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.com', { redirectTo: 'https://app.example.com/auth?reset=true' });
  });
});
