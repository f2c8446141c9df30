import { DEFAULT_PREVIEW_HOST_PATTERNS, parseRateLimitSetting, type RateLimitSetting } from './login-rate-limit';

// Deployment settings of staff auth, from the build (VITE_*) and, for the rate limit, from a
// localStorage switch that tests and support staff can flip on for one browser.

const RATE_LIMIT_STORAGE_KEY = 'cep.loginRateLimit';
const IFRAME_ORIGINS_STORAGE_KEY = 'cep.iframeAllowedOrigins';

type Env = Record<string, string | boolean | undefined>;

function list(value: unknown): string[] | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export type AuthSettings = {
  rateLimit: RateLimitSetting;
  previewHostPatterns: readonly string[];
  iframeAllowedOrigins: readonly string[];
};

export function readAuthSettings(env: Env = import.meta.env as Env, origin: string = globalThis.location?.origin ?? ''): AuthSettings {
  // The browser switch can only turn the limit on: turning it off on a production host
  // from the console would make it pointless.
  const fromStorage = parseRateLimitSetting(readStorage(RATE_LIMIT_STORAGE_KEY));
  const fromBuild = parseRateLimitSetting(env.VITE_LOGIN_RATE_LIMIT);
  const rateLimit: RateLimitSetting = fromStorage === 'on' ? 'on' : (fromBuild ?? 'auto');
  const previewHostPatterns = list(env.VITE_PREVIEW_HOST_PATTERNS) ?? DEFAULT_PREVIEW_HOST_PATTERNS;
  // Only script of this origin can write localStorage, and such script could share the
  // session anyway, so the per-browser list adds no new way in.
  const configured = [...(list(env.VITE_IFRAME_ALLOWED_ORIGINS) ?? []), ...(list(readStorage(IFRAME_ORIGINS_STORAGE_KEY)) ?? [])];
  const iframeAllowedOrigins = origin ? [origin, ...configured.filter((o) => o !== origin)] : configured;
  return { rateLimit, previewHostPatterns, iframeAllowedOrigins };
}
