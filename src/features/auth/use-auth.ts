import type { Session, User } from '@supabase/supabase-js';
import { createContext, createElement, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { isInIframe } from '../../lib/iframe-session';
import { hasStoredAuthToken, loadSupabase } from '../../lib/supabase';
import type { AuthSnapshot, AuthStatus } from './auth-controller';
import type { AuthInternals } from './auth-session';
import { carriesAuthParams } from './auth-url';

export type { AuthInternals } from './auth-session';

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

// Read when this module loads, before supabase-js is created: a refresh the server refuses
// during the client's start removes the session before any listener exists.
const SESSION_AT_LOAD = hasStoredAuthToken();

// Signed out, and known to be without supabase-js: no stored session, no auth link's parameters
// in the URL, no parent frame to ask for one. Staff screens then go to /auth without loading it,
// and /auth shows its forms at once and loads it when a form is first touched or sent.
const SIGNED_OUT_AT_LOAD = typeof window !== 'undefined' && !SESSION_AT_LOAD && !carriesAuthParams(window.location) && !isInIframe();

/** Whether the page must load supabase-js to know who is signed in. */
export function authNeededAtLoad(): boolean {
  return !SIGNED_OUT_AT_LOAD;
}

// supabase-js and the controller load on first need (loadAuth()): a staff screen, /auth or
// /invite asks for them; a customer's token page never does and downloads neither.
let internals: AuthInternals | null = null;
let loading: Promise<AuthInternals> | null = null;
const internalsListeners = new Set<() => void>();

/** Loads supabase-js and the auth controller once; route loaders await it before a screen that needs them. */
export function loadAuth(): Promise<AuthInternals> {
  loading ??= Promise.all([loadSupabase(), import('./auth-session')]).then(
    ([client, { createInternals }]) => {
      internals = createInternals(client, SESSION_AT_LOAD);
      for (const listener of internalsListeners) listener();
      return internals;
    },
    (error: unknown) => {
      // Not loaded (offline before the service worker had the files): the next need tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** For a form's focus: start loading what its submit will need while the user types. */
export function preloadAuth(): void {
  loadAuth().catch(() => undefined);
}

function subscribeInternals(listener: () => void): () => void {
  internalsListeners.add(listener);
  return () => internalsListeners.delete(listener);
}

const LOADING: AuthSnapshot = { status: 'loading', session: null, user: null, recovery: false, notice: null, stale: false };
const SIGNED_OUT: AuthSnapshot = { ...LOADING, status: 'signed-out' };
const noSubscription = () => () => undefined;
const loadingSnapshot = () => LOADING;

const AuthContext = createContext<AuthState | null>(null);
const InternalsContext = createContext<AuthInternals | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribeInternals, () => internals, () => internals);
  const controller = current?.controller;

  useEffect(() => controller?.start(), [controller]);
  useEffect(() => {
    if (!current) return;
    let stop: (() => void) | undefined;
    let active = true;
    void import('./auth-session').then(({ shareSessionAcrossFrames }) => {
      if (active) stop = shareSessionAcrossFrames(current);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [current]);

  const read = useSyncExternalStore(controller?.subscribe ?? noSubscription, controller?.getSnapshot ?? loadingSnapshot, controller?.getSnapshot ?? loadingSnapshot);
  // Until the controller has read the session, what is known without it (no spinner over a form being filled in).
  const snapshot = read.status === 'loading' && SIGNED_OUT_AT_LOAD ? SIGNED_OUT : read;
  const value = useMemo<AuthState>(
    () => ({
      status: snapshot.status,
      session: snapshot.session,
      user: snapshot.user,
      recovery: snapshot.recovery,
      notice: snapshot.notice,
      stale: snapshot.stale,
      signOut: async () => (await loadAuth()).controller.signOut(),
    }),
    [snapshot],
  );
  return createElement(InternalsContext.Provider, { value: current }, createElement(AuthContext.Provider, { value }, children));
}

const SIGNED_OUT_STATE: AuthState = { ...SIGNED_OUT, signOut: () => Promise.resolve() };

/** The auth state of a visitor known to be signed out, for the sign-in screen written into the build (src/auth-shell-server.tsx). */
export function SignedOutAuthProvider({ children }: { children: ReactNode }) {
  return createElement(AuthContext.Provider, { value: SIGNED_OUT_STATE }, children);
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() needs <AuthProvider> above it');
  const loaded = useContext(InternalsContext) !== null;
  // Whoever asks for the auth state gets it loaded (status 'loading' until then), unless the
  // answer is known without it.
  useEffect(() => {
    if (!loaded && !SIGNED_OUT_AT_LOAD) void loadAuth();
  }, [loaded]);
  return value;
}

/** For the auth feature's own screens (their routes await loadAuth()): the controller and the client behind useAuth(). */
export function useAuthInternals(): AuthInternals {
  const value = useContext(InternalsContext);
  if (!value) throw new Error('useAuthInternals() needs <AuthProvider> above it and loadAuth() done');
  return value;
}
