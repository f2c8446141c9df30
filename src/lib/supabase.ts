import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './runtime-config';

let client: SupabaseClient | undefined;
let url: string | undefined;

/** Creates the one client of the app; main.tsx calls it once the runtime config is known. */
export function initSupabase(config: RuntimeConfig): SupabaseClient {
  url ??= config.supabaseUrl;
  client ??= createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
  return client;
}

export function getSupabase(): SupabaseClient {
  if (!client) throw new Error('getSupabase() was called before initSupabase(config) in main.tsx');
  return client;
}

/** The API origin the client talks to (names the server in the sync engine's state). */
export function getSupabaseUrl(): string {
  if (!url) throw new Error('getSupabaseUrl() was called before initSupabase(config) in main.tsx');
  return url;
}
