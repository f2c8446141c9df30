// The app learns where its backend is at start: GET /config.json (cached by the service worker),
// overridden field by field by build-time VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY, and
// remembered in localStorage so a first offline start works before the service worker has it.
// Checked by hand, not with zod: this runs before the first screen, and zod would add a large
// part to the JavaScript every page loads first.
import { describeError } from './errors';

export type RuntimeConfig = { supabaseUrl: string; supabaseAnonKey: string };

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return /^[a-z][a-z0-9+.-]*:$/i.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

type Parsed = { success: true; data: RuntimeConfig } | { success: false };

const RuntimeConfigSchema = {
  safeParse(value: unknown): Parsed {
    const v = (value ?? {}) as Record<string, unknown>;
    if (typeof value !== 'object' || !isUrl(v.supabaseUrl) || typeof v.supabaseAnonKey !== 'string' || v.supabaseAnonKey.length === 0) return { success: false };
    return { success: true, data: { supabaseUrl: v.supabaseUrl, supabaseAnonKey: v.supabaseAnonKey } };
  },
  parse(value: unknown): RuntimeConfig {
    const parsed = this.safeParse(value);
    if (!parsed.success) throw new Error('The configuration needs supabaseUrl (a URL) and supabaseAnonKey.');
    return parsed.data;
  },
};

export const CONFIG_STORAGE_KEY = 'cep.runtime-config';
const FETCH_TIMEOUT_MS = 5000;

class ConfigUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The app could not load its configuration. Connect to the internet once and try again.', { cause });
    this.name = 'ConfigUnavailableError';
  }
}

/** What the start-up screen says when the app could not learn where its server is. */
export function startupErrorMessage(error: unknown): string {
  return error instanceof ConfigUnavailableError ? error.message : describeError(error).message;
}

type Sources = {
  fetchConfig?: () => Promise<unknown>;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  env?: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string };
};

async function fetchConfigJson(): Promise<unknown> {
  const response = await fetch('/config.json', { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  return response.json();
}

function envOverrides(env: Sources['env']): Partial<RuntimeConfig> {
  const overrides: Partial<RuntimeConfig> = {};
  if (env?.VITE_SUPABASE_URL) overrides.supabaseUrl = env.VITE_SUPABASE_URL;
  if (env?.VITE_SUPABASE_ANON_KEY) overrides.supabaseAnonKey = env.VITE_SUPABASE_ANON_KEY;
  return overrides;
}

function readCached(storage: Sources['storage']): RuntimeConfig | undefined {
  try {
    const raw = storage?.getItem(CONFIG_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = RuntimeConfigSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function loadRuntimeConfig(sources: Sources = {}): Promise<RuntimeConfig> {
  const storage = 'storage' in sources ? sources.storage : globalThis.localStorage;
  const env = sources.env ?? (import.meta.env as Sources['env']);
  const overrides = envOverrides(env);
  const fromBuild = RuntimeConfigSchema.safeParse(overrides);
  if (fromBuild.success) return fromBuild.data;

  try {
    const fetched = await (sources.fetchConfig ?? fetchConfigJson)();
    const config = RuntimeConfigSchema.parse({ ...(fetched as object), ...overrides });
    try {
      storage?.setItem(CONFIG_STORAGE_KEY, JSON.stringify(config));
    } catch {
      // A full or blocked storage only costs the offline fallback.
    }
    return config;
  } catch (error) {
    const cached = readCached(storage);
    if (cached) return { ...cached, ...overrides };
    throw new ConfigUnavailableError(error);
  }
}
