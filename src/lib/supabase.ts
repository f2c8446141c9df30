// The app's one supabase-js client, created on first need: supabase-js (auth, realtime,
// storage…) is a large download that the customer's token pages never need, so it is loaded
// with a dynamic import when a screen asks for auth (staff screens, /auth, /invite) and not
// with the app's first JavaScript. The app's start (app/start-app.tsx) hands over the runtime
// config as it loads.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './runtime-config';

let configPromise: Promise<RuntimeConfig> | undefined;
let client: SupabaseClient | undefined;
let loading: Promise<SupabaseClient> | undefined;
let url: string | undefined;

/** app/start-app.tsx: the config the client (and the anonymous RPC path) will be created with. */
export function provideRuntimeConfig(config: Promise<RuntimeConfig>): void {
  configPromise ??= config;
  config.then((c) => (url ??= c.supabaseUrl), () => undefined);
}

export function runtimeConfig(): Promise<RuntimeConfig> {
  if (!configPromise) return Promise.reject(new Error('runtimeConfig() was called before provideRuntimeConfig(config) in app/start-app.tsx'));
  return configPromise;
}

/** Loads supabase-js and creates the client once; later calls get the same client. */
export function loadSupabase(): Promise<SupabaseClient> {
  loading ??= Promise.all([runtimeConfig(), import('@supabase/supabase-js')]).then(([config, { createClient }]) => {
    client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    });
    return client;
  });
  return loading;
}

/** Whether the client exists or is on its way (auth was asked for on this page). */
export function supabaseRequested(): boolean {
  return loading !== undefined;
}

/** Whether any supabase-js session is stored, whatever its client's key. */
export function hasStoredAuthToken(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    for (let i = 0; i < (storage?.length ?? 0); i++) {
      if (/^sb-.+-auth-token$/.test(storage?.key(i) ?? '')) return true;
    }
  } catch {
    // A blocked storage holds no session.
  }
  return false;
}

/** The client, for code that runs only once auth is loaded (staff screens, sync). */
export function getSupabase(): SupabaseClient {
  if (!client) throw new Error('getSupabase() was called before the client was loaded (loadSupabase())');
  return client;
}

/** The API origin the client talks to (names the server in the sync engine's state). */
export function getSupabaseUrl(): string {
  if (!url) throw new Error('getSupabaseUrl() was called before the runtime config was known');
  return url;
}
