import { describe, expect, it } from 'vitest';
import { CONFIG_STORAGE_KEY, loadRuntimeConfig } from './runtime-config';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const good = { supabaseUrl: 'http://127.0.0.1:4173', supabaseAnonKey: 'anon' };

describe('runtime config', () => {
  it('reads /config.json and remembers it', async () => {
    const storage = memoryStorage();
    const config = await loadRuntimeConfig({ fetchConfig: async () => good, storage, env: {} });
    expect(config).toEqual(good);
    expect(JSON.parse(storage.data.get(CONFIG_STORAGE_KEY)!)).toEqual(good);
  });

  it('falls back to the remembered config when the server cannot be reached', async () => {
    const storage = memoryStorage({ [CONFIG_STORAGE_KEY]: JSON.stringify(good) });
    const config = await loadRuntimeConfig({ fetchConfig: async () => Promise.reject(new TypeError('Failed to fetch')), storage, env: {} });
    expect(config).toEqual(good);
  });

  it('rejects a malformed config and fails clearly with nothing remembered', async () => {
    await expect(loadRuntimeConfig({ fetchConfig: async () => ({ supabaseUrl: 'not a url' }), storage: memoryStorage(), env: {} })).rejects.toThrow(
      /could not load its configuration/,
    );
  });

  it('lets build-time variables override each field', async () => {
    const both = await loadRuntimeConfig({
      fetchConfig: async () => Promise.reject(new Error('must not be called')),
      storage: memoryStorage(),
      env: { VITE_SUPABASE_URL: 'https://example.supabase.co', VITE_SUPABASE_ANON_KEY: 'k' },
    });
    expect(both).toEqual({ supabaseUrl: 'https://example.supabase.co', supabaseAnonKey: 'k' });
    const one = await loadRuntimeConfig({ fetchConfig: async () => good, storage: memoryStorage(), env: { VITE_SUPABASE_URL: 'https://example.supabase.co' } });
    expect(one).toEqual({ supabaseUrl: 'https://example.supabase.co', supabaseAnonKey: 'anon' });
  });
});
