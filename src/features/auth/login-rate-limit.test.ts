import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LoginRateLimiter,
  matchesHostPattern,
  memoryRateLimitStore,
  parseRateLimitSetting,
  rateLimitEnabled,
  rateLimitMessage,
} from './login-rate-limit';

const MINUTE = 60_000;

describe('login rate limiter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('blocks after five failures in 15 minutes with the exact message', async () => {
    const limiter = new LoginRateLimiter({ store: memoryRateLimitStore() });
    for (let i = 0; i < 4; i++) {
      expect((await limiter.recordFailure('device')).allowed).toBe(true);
      vi.advanceTimersByTime(MINUTE);
    }
    const fifth = await limiter.recordFailure('device');
    expect(fifth).toEqual({
      allowed: false,
      retryAfterMs: 11 * MINUTE,
      message: 'Too many login attempts. Please try again in 11 minutes.',
    });
    expect((await limiter.check('device')).allowed).toBe(false);
  });

  it('allows again when the oldest failure leaves the window', async () => {
    const limiter = new LoginRateLimiter({ store: memoryRateLimitStore() });
    for (let i = 0; i < 5; i++) await limiter.recordFailure('device');
    vi.advanceTimersByTime(15 * MINUTE - 1);
    expect(await limiter.check('device')).toMatchObject({
      allowed: false,
      message: 'Too many login attempts. Please try again in 1 minutes.',
    });
    vi.advanceTimersByTime(1);
    expect(await limiter.check('device')).toEqual({ allowed: true, remaining: 5 });
  });

  it('counts per fingerprint', async () => {
    const limiter = new LoginRateLimiter({ store: memoryRateLimitStore() });
    for (let i = 0; i < 5; i++) await limiter.recordFailure('one');
    expect((await limiter.check('one')).allowed).toBe(false);
    expect(await limiter.check('two')).toEqual({ allowed: true, remaining: 5 });
  });

  it('resets the counter after a success', async () => {
    const limiter = new LoginRateLimiter({ store: memoryRateLimitStore() });
    for (let i = 0; i < 4; i++) await limiter.recordFailure('device');
    await limiter.reset('device');
    expect(await limiter.check('device')).toEqual({ allowed: true, remaining: 5 });
    expect((await limiter.recordFailure('device')).allowed).toBe(true);
  });

  it('rounds the wait up to whole minutes', () => {
    expect(rateLimitMessage(14 * MINUTE + 1)).toBe('Too many login attempts. Please try again in 15 minutes.');
    expect(rateLimitMessage(0)).toBe('Too many login attempts. Please try again in 1 minutes.');
  });
});

describe('when the limit applies', () => {
  it.each([
    ['localhost', 'auto', false],
    ['127.0.0.1', 'auto', false],
    ['[::1]', 'auto', false],
    ['app.localhost', 'auto', false],
    ['my-branch.vercel.app', 'auto', false],
    ['deploy-preview-42--site.netlify.app', 'auto', false],
    ['portal.example.com', 'auto', true],
    ['localhost', 'on', true],
    ['portal.example.com', 'off', false],
  ] as const)('%s with setting %s → %s', (hostname, setting, expected) => {
    expect(rateLimitEnabled({ hostname, setting })).toBe(expected);
  });

  it('uses the configured preview host patterns instead of the defaults', () => {
    expect(rateLimitEnabled({ hostname: 'pr-7.staging.example.com', setting: 'auto', previewHostPatterns: ['pr-*.staging.example.com'] })).toBe(false);
    expect(rateLimitEnabled({ hostname: 'my-branch.vercel.app', setting: 'auto', previewHostPatterns: [] })).toBe(true);
  });

  it('matches host patterns literally apart from the wildcard', () => {
    expect(matchesHostPattern('a.vercel.app', '*.vercel.app')).toBe(true);
    expect(matchesHostPattern('vercel.app', '*.vercel.app')).toBe(false);
    expect(matchesHostPattern('aXvercel.app', '*.vercel.app')).toBe(false);
    expect(matchesHostPattern('A.VERCEL.APP', '*.vercel.app')).toBe(true);
  });

  it('parses the setting from config or storage values', () => {
    expect(parseRateLimitSetting(true)).toBe('on');
    expect(parseRateLimitSetting('off')).toBe('off');
    expect(parseRateLimitSetting('auto')).toBe('auto');
    expect(parseRateLimitSetting('maybe')).toBeNull();
    expect(parseRateLimitSetting(undefined)).toBeNull();
  });
});
