import type { Session } from '@supabase/supabase-js';
import { recordSecurityEvent } from '../../lib/local-log';

// Direct reads of what supabase-js keeps in localStorage. The client itself reports "no
// session" for an expired token it could not refresh; offline we still need to see it.

const RETURN_PATH_KEY = 'cep.auth.return-to';

function looksLikeSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.access_token === 'string' &&
    typeof s.refresh_token === 'string' &&
    typeof s.user === 'object' &&
    s.user !== null &&
    typeof (s.user as { id?: unknown }).id === 'string'
  );
}

export function readStoredSession(storageKey: string, storage: Storage | undefined = globalThis.localStorage): Session | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(storageKey) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (looksLikeSession(parsed)) return parsed;
  } catch {
    // falls through to the report below
  }
  void recordSecurityEvent({
    event_type: 'suspicious_activity',
    metadata: { action: 'read_stored_session', reason: 'stored_session_unreadable' },
  });
  return null;
}

// Lives with the client (src/lib/supabase.ts): server calls choose their path by it too.
export { hasStoredAuthToken } from '../../lib/supabase';

/** Removes every key supabase-js keeps for this client: session, user, PKCE verifiers. */
export function clearStoredAuthState(storageKey: string, storage: Storage | undefined = globalThis.localStorage): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key && key.startsWith(storageKey)) keys.push(key);
    }
    keys.forEach((key) => storage.removeItem(key));
  } catch {
    // A blocked storage has nothing of ours in it.
  }
}

/** Only a path on this site: never a scheme, a host or a protocol-relative '//' URL. */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  try {
    const url = new URL(candidate, 'http://local.invalid');
    if (url.origin !== 'http://local.invalid') return null;
    if (url.pathname === '/auth') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    sessionStorage.setItem(RETURN_PATH_KEY, safe);
  } catch {
    // Only costs the way back.
  }
}

export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_PATH_KEY);
    sessionStorage.removeItem(RETURN_PATH_KEY);
    return safeReturnPath(path);
  } catch {
    return null;
  }
}
