import type { AuthError, Session, SupabaseClient } from '@supabase/supabase-js';
import { describeError } from '../../lib/errors';
import { deviceFingerprint } from './device-fingerprint';
import { localLog, recordSecurityEvent, type NewSecurityEvent } from '../../lib/local-log';
import { LoginRateLimiter, memoryRateLimitStore, rateLimitEnabled, type RateLimitStore } from './login-rate-limit';
import { needsSecondFactor } from './auth-controller';
import { readAuthSettings } from './auth-settings';
import { clearStoredAuthState } from './auth-storage';
import { parseIdentifier, MISSING_CREDENTIALS, type Identifier } from './schemas';

export type AuthApi = SupabaseClient['auth'];

export type CommandResult = { ok: true } | { ok: false; message: string };

/** What the sign-in form says when the server turns the e-mail (or phone) and password down. */
const WRONG_CREDENTIALS = 'The e-mail or phone number, or the password, is wrong. Check both and try again.';

/** Wrong credentials are said plainly; anything else (offline, rate limits) as the catalogue says. */
function signInFailureMessage(failure: unknown): string {
  const code = (failure as Partial<AuthError>).code;
  return code === 'invalid_credentials' || code === 'invalid_grant' ? WRONG_CREDENTIALS : describeError(failure).message;
}

export type SignInResult = { ok: true; mfaRequired: boolean } | { ok: false; message: string; rateLimited: boolean };

export type SignInDeps = {
  auth: AuthApi;
  expectingSignOut: <T>(work: () => Promise<T>) => Promise<T>;
  storageKey: string;
  limiter: LoginRateLimiter;
  fingerprint: () => Promise<string>;
  rateLimitOn: () => boolean;
  record: (event: NewSecurityEvent) => Promise<void>;
};

function sessionIdOf(session: Session | null): string | null {
  const payload = session?.access_token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { session_id?: unknown };
    return typeof claims.session_id === 'string' ? claims.session_id : null;
  } catch {
    return null;
  }
}

function identifierLabel(identifier: Identifier): string {
  return 'email' in identifier ? identifier.email : identifier.phone;
}

export async function signIn(deps: SignInDeps, input: { identifier: string; password: string }): Promise<SignInResult> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier || !input.password) return { ok: false, message: MISSING_CREDENTIALS, rateLimited: false };
  const email = identifierLabel(identifier);
  const clientId = await deps.fingerprint();
  const limited = deps.rateLimitOn();

  if (limited) {
    const decision = await deps.limiter.check(clientId);
    if (!decision.allowed) {
      await deps.record({
        event_type: 'suspicious_activity',
        metadata: { email, client_id: clientId, action: 'sign_in', reason: 'rate_limited' },
      });
      return { ok: false, message: decision.message, rateLimited: true };
    }
  }

  await deps.record({ event_type: 'login_attempt', metadata: { email, client_id: clientId, action: 'sign_in' } });

  // A clean slate first (SPEC §4): end any previous session everywhere, then forget it here,
  // so a half-expired session or a stale PKCE verifier can never leak into the new one.
  await deps.expectingSignOut(async () => {
    try {
      const { error } = await deps.auth.signOut({ scope: 'global' });
      if (error) await deps.auth.signOut({ scope: 'local' });
    } catch {
      // Nothing to sign out of, or no network: the local clear below still happens.
    }
    clearStoredAuthState(deps.storageKey);
  });

  const { data, error } = await deps.auth.signInWithPassword({ ...identifier, password: input.password });
  if (error || !data.session) {
    const failure = error ?? new Error('No session returned');
    await deps.record({
      event_type: 'login_failure',
      metadata: {
        email,
        client_id: clientId,
        action: 'sign_in',
        reason: (failure as Partial<AuthError>).code ?? 'unknown',
        error: failure.message,
      },
    });
    const decision = await deps.limiter.recordFailure(clientId);
    if (limited && !decision.allowed) {
      await deps.record({
        event_type: 'suspicious_activity',
        metadata: { email, client_id: clientId, action: 'sign_in', reason: 'rate_limited' },
      });
      return { ok: false, message: decision.message, rateLimited: true };
    }
    return { ok: false, message: signInFailureMessage(failure), rateLimited: false };
  }

  await deps.limiter.reset(clientId);
  await deps.record({
    event_type: 'login_success',
    user_id: data.user?.id ?? data.session.user.id,
    session_id: sessionIdOf(data.session),
    metadata: { email, client_id: clientId, action: 'sign_in' },
  });
  return { ok: true, mfaRequired: needsSecondFactor(data.session) };
}

function localLogStore(): RateLimitStore {
  const fallback = memoryRateLimitStore();
  return {
    load: async (key) => {
      try {
        return await localLog().loginFailures(key);
      } catch {
        return fallback.load(key);
      }
    },
    save: async (key, times) => {
      try {
        await localLog().setLoginFailures(key, times);
      } catch {
        await fallback.save(key, times);
      }
    },
  };
}

let sharedLimiter: LoginRateLimiter | null = null;

export function browserSignInDeps(auth: AuthApi, storageKey: string, expectingSignOut: SignInDeps['expectingSignOut']): SignInDeps {
  sharedLimiter ??= new LoginRateLimiter({ store: localLogStore() });
  return {
    auth,
    expectingSignOut,
    storageKey,
    limiter: sharedLimiter,
    fingerprint: deviceFingerprint,
    rateLimitOn: () => {
      const settings = readAuthSettings();
      return rateLimitEnabled({ hostname: location.hostname, setting: settings.rateLimit, previewHostPatterns: settings.previewHostPatterns });
    },
    record: recordSecurityEvent,
  };
}

export type SignUpResult = { ok: true; needsConfirmation: boolean } | { ok: false; message: string; field?: 'identifier' };

export async function signUp(
  auth: AuthApi,
  input: { firstName: string; lastName: string; identifier: string; password: string },
  origin: string,
): Promise<SignUpResult> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return { ok: false, message: MISSING_CREDENTIALS, field: 'identifier' };
  const data = { first_name: input.firstName.trim(), last_name: input.lastName.trim() };
  const { data: result, error } = await auth.signUp(
    'email' in identifier
      ? { email: identifier.email, password: input.password, options: { emailRedirectTo: origin, data } }
      : { phone: identifier.phone, password: input.password, options: { data } },
  );
  if (error) {
    if (error.code === 'user_already_exists' || error.code === 'email_exists' || error.code === 'phone_exists') {
      return { ok: false, message: 'An account with this email or phone number already exists. Sign in instead.', field: 'identifier' };
    }
    return { ok: false, message: describeError(error).message };
  }
  return { ok: true, needsConfirmation: !result.session };
}

export async function requestPasswordReset(auth: AuthApi, email: string, origin: string): Promise<CommandResult> {
  const { error } = await auth.resetPasswordForEmail(email, { redirectTo: `${origin}/auth?reset=true` });
  return error ? { ok: false, message: describeError(error).message } : { ok: true };
}

export async function setNewPassword(auth: AuthApi, password: string): Promise<CommandResult> {
  const { error } = await auth.updateUser({ password });
  if (!error) return { ok: true };
  if (error.code === 'same_password') return { ok: false, message: 'Choose a password different from your current one' };
  return { ok: false, message: describeError(error).message };
}
