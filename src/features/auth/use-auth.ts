import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { createContext, createElement, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isInIframe, requestParentSession, serveSessionRequests, type MessageHost } from '../../lib/iframe-session';
import { recordSecurityEvent } from '../../lib/local-log';
import { getSupabase } from '../../lib/supabase';
import { AuthController, type AuthEnvironment, type AuthStatus } from './auth-controller';
import { readAuthSettings } from './auth-settings';
import { hasStoredAuthToken, readStoredSession, rememberReturnPath } from './auth-storage';


export type AuthState = {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  signOut(): Promise<void>;
  /** Arrived from a password reset link: the sign-in page offers to set a new password. */
  recovery: boolean;
  /** Why the user is back at sign-in, e.g. 'Please sign in again to continue.' */
  notice: string | null;
  /** Signed in with the stored session that could not be refreshed yet (offline). */
  stale: boolean;
};

type AuthInternals = {
  controller: AuthController;
  auth: SupabaseClient['auth'];
  storageKey: string;
};

// Read when this module loads, before main.tsx creates the supabase client: a refresh the
// server refuses during the client's start removes the session before any listener exists.
const SESSION_AT_LOAD = hasStoredAuthToken();

const AuthContext = createContext<AuthState | null>(null);
const InternalsContext = createContext<AuthInternals | null>(null);

/** The key supabase-js stores the session under (protected in its types, public at runtime). */
function storageKeyOf(auth: SupabaseClient['auth'], supabaseUrl?: string): string {
  const key = (auth as unknown as { storageKey?: unknown }).storageKey;
  if (typeof key === 'string' && key) return key;
  const host = supabaseUrl ? new URL(supabaseUrl).hostname : location.hostname;
  return `sb-${host.split('.')[0]}-auth-token`;
}

function browserEnvironment(storageKey: string): AuthEnvironment {
  return {
    isOnline: () => navigator.onLine,
    onConnectivityChange: (listener) => {
      const online = () => listener(true);
      const offline = () => listener(false);
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
      };
    },
    readStoredSession: () => readStoredSession(storageKey),
    currentPath: () => `${location.pathname}${location.search}${location.hash}`,
    rememberReturnPath,
    sessionAtLoad: SESSION_AT_LOAD,
  };
}

function reportForeignMessage({ origin, type }: { origin: string; type: string }): void {
  void recordSecurityEvent({
    event_type: 'suspicious_activity',
    metadata: { action: `iframe_${type}`, reason: 'origin_not_allowed', client_id: origin },
  });
}

// Inside a frame, ask the embedding window for its session; in any window, answer allowed
// frames and parents with ours (SPEC §6).
function shareSessionAcrossFrames(internals: AuthInternals): () => void {
  const { controller, auth, storageKey } = internals;
  const { iframeAllowedOrigins } = readAuthSettings();
  const host = window as unknown as MessageHost;
  const stopServing = serveSessionRequests({
    host,
    allowedOrigins: iframeAllowedOrigins,
    onSuspicious: reportForeignMessage,
    getSession: async () => {
      const { status, session } = controller.getSnapshot();
      return status === 'signed-in' && session ? session : null;
    },
  });
  let active = true;
  if (isInIframe() && !readStoredSession(storageKey)) {
    void requestParentSession({
      host,
      parent: window.parent,
      allowedOrigins: iframeAllowedOrigins,
      onSuspicious: reportForeignMessage,
    }).then(async (shared) => {
      if (active && shared && controller.getSnapshot().status !== 'signed-in') await auth.setSession(shared);
    });
  }
  return () => {
    active = false;
    stopServing();
  };
}

function createInternals(): AuthInternals {
  const auth = getSupabase().auth;
  const storageKey = storageKeyOf(auth);
  return { controller: new AuthController(auth, browserEnvironment(storageKey)), auth, storageKey };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [internals] = useState(createInternals);
  const { controller } = internals;

  useEffect(() => controller.start(), [controller]);
  useEffect(() => shareSessionAcrossFrames(internals), [internals]);

  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  const value = useMemo<AuthState>(
    () => ({
      status: snapshot.status,
      session: snapshot.session,
      user: snapshot.user,
      recovery: snapshot.recovery,
      notice: snapshot.notice,
      stale: snapshot.stale,
      signOut: () => controller.signOut(),
    }),
    [snapshot, controller],
  );
  return createElement(
    InternalsContext.Provider,
    { value: internals },
    createElement(AuthContext.Provider, { value }, children),
  );
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() needs <AuthProvider> above it');
  return value;
}

/** For the auth feature's own screens: the controller and the client behind useAuth(). */
export function useAuthInternals(): AuthInternals {
  const value = useContext(InternalsContext);
  if (!value) throw new Error('useAuthInternals() needs <AuthProvider> above it');
  return value;
}
