// Client-side login rate limit (SPEC §9): 5 failed attempts per 15 minutes per device
// fingerprint. It slows down guessing from one device; the server keeps its own limits.

const LOGIN_MAX_ATTEMPTS = 5;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export type RateLimitStore = {
  load(key: string): Promise<number[]>;
  save(key: string, times: number[]): Promise<void>;
};

export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterMs: number; message: string };

export function rateLimitMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many login attempts. Please try again in ${minutes} minutes.`;
}

export function memoryRateLimitStore(): RateLimitStore {
  const entries = new Map<string, number[]>();
  return {
    load: async (key) => entries.get(key) ?? [],
    save: async (key, times) => {
      if (times.length === 0) entries.delete(key);
      else entries.set(key, times);
    },
  };
}

export type RateLimiterOptions = {
  store: RateLimitStore;
  maxAttempts?: number;
  windowMs?: number;
  now?: () => number;
};

export class LoginRateLimiter {
  private readonly store: RateLimitStore;
  private readonly maxAttempts: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: RateLimiterOptions) {
    this.store = options.store;
    this.maxAttempts = options.maxAttempts ?? LOGIN_MAX_ATTEMPTS;
    this.windowMs = options.windowMs ?? LOGIN_WINDOW_MS;
    this.now = options.now ?? Date.now;
  }

  async check(key: string): Promise<RateLimitDecision> {
    return this.decide(await this.recent(key));
  }

  async recordFailure(key: string): Promise<RateLimitDecision> {
    const times = [...(await this.recent(key)), this.now()];
    await this.store.save(key, times);
    return this.decide(times);
  }

  async reset(key: string): Promise<void> {
    await this.store.save(key, []);
  }

  private async recent(key: string): Promise<number[]> {
    const since = this.now() - this.windowMs;
    return (await this.store.load(key)).filter((time) => time > since).sort((a, b) => a - b);
  }

  private decide(times: number[]): RateLimitDecision {
    if (times.length < this.maxAttempts) return { allowed: true, remaining: this.maxAttempts - times.length };
    // Allowed again once enough of the oldest failures have left the window.
    const freeing = times[times.length - this.maxAttempts]!;
    const retryAfterMs = Math.max(0, freeing + this.windowMs - this.now());
    return { allowed: false, retryAfterMs, message: rateLimitMessage(retryAfterMs) };
  }
}

// Preview deployments (per-branch URLs) are used for testing sign-in, so the limit is off
// there unless configured on. '*' matches one or more characters within the host name.
export const DEFAULT_PREVIEW_HOST_PATTERNS: readonly string[] = [
  '*.vercel.app',
  '*.netlify.app',
  '*.pages.dev',
  '*.preview.*',
  'preview.*',
  'preview-*',
  'deploy-preview-*',
];

export function matchesHostPattern(host: string, pattern: string): boolean {
  const escaped = pattern
    .toLowerCase()
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${escaped}$`).test(host.toLowerCase());
}

function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '0.0.0.0';
}

export type RateLimitSetting = 'on' | 'off' | 'auto';

export function parseRateLimitSetting(value: unknown): RateLimitSetting | null {
  if (value === true || value === 'on' || value === 'true') return 'on';
  if (value === false || value === 'off' || value === 'false') return 'off';
  if (value === 'auto') return 'auto';
  return null;
}

export type RateLimitSwitch = {
  hostname: string;
  setting: RateLimitSetting;
  previewHostPatterns?: readonly string[];
};

export function rateLimitEnabled({ hostname, setting, previewHostPatterns = DEFAULT_PREVIEW_HOST_PATTERNS }: RateLimitSwitch): boolean {
  if (setting !== 'auto') return setting === 'on';
  if (isLocalHost(hostname)) return false;
  return !previewHostPatterns.some((pattern) => matchesHostPattern(hostname, pattern));
}
