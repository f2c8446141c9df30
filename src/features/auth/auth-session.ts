// The part of useAuth() that needs supabase-js: the controller over the client's auth, and the
// session shared with allowed frames. Loaded with supabase-js (use-auth.ts loadAuth()), so a
// page that never asks for auth (a customer's token page) downloads neither.
import type { SupabaseClient } from '@supabase/supabase-js';
import { isInIframe, requestParentSession, serveSessionRequests, type MessageHost } from '../../lib/iframe-session';
import { recordSecurityEvent } from '../../lib/local-log';
import { AuthController, type AuthEnvironment } from './auth-controller';
import { readAuthSettings } from './auth-settings';
import { readStoredSession, rememberReturnPath } from './auth-storage';

export type AuthInternals = {
  controller: AuthController;
  auth: SupabaseClient['auth'];
  storageKey: string;
};

/** The key supabase-js stores the session under (protected in its types, public at runtime). */
function storageKeyOf(auth: SupabaseClient['auth'], supabaseUrl?: string): string {
  const key = (auth as unknown as { storageKey?: unknown }).storageKey;
  if (typeof key === 'string' && key) return key;
  const host = supabaseUrl ? new URL(supabaseUrl).hostname : location.hostname;
  return `sb-${host.split('.')[0]}-auth-token`;
}

function browserEnvironment(storageKey: string, sessionAtLoad: boolean): AuthEnvironment {
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
    sessionAtLoad,
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
export function shareSessionAcrossFrames(internals: AuthInternals): () => void {
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

export function createInternals(client: SupabaseClient, sessionAtLoad: boolean): AuthInternals {
  const auth = client.auth;
  const storageKey = storageKeyOf(auth);
  return { controller: new AuthController(auth, browserEnvironment(storageKey, sessionAtLoad)), auth, storageKey };
}
