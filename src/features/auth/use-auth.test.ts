// @vitest-environment jsdom
// Whether a page must load supabase-js to know who is signed in: only with a stored session,
// an auth link's parameters in the URL, or a parent frame to ask.
import { afterEach, describe, expect, it, vi } from 'vitest';

async function neededAt(url: string, stored = false): Promise<boolean> {
  vi.resetModules();
  localStorage.clear();
  if (stored) localStorage.setItem('sb-127-auth-token', '{}');
  history.replaceState(null, '', url);
  return (await import('./use-auth')).authNeededAtLoad();
}

afterEach(() => localStorage.clear());

describe('auth needed at load', () => {
  it('is not needed for a visitor with no stored session and a plain URL', async () => {
    expect(await neededAt('/auth')).toBe(false);
    expect(await neededAt('/estimates?q=deck#top')).toBe(false);
  });

  it('is needed with a stored session or what an auth e-mail link carries', async () => {
    expect(await neededAt('/auth', true)).toBe(true);
    expect(await neededAt('/auth?code=abc')).toBe(true);
    expect(await neededAt('/auth?token_hash=abc&type=recovery')).toBe(true);
    expect(await neededAt('/auth#access_token=abc&type=recovery')).toBe(true);
    expect(await neededAt('/auth#error_code=otp_expired')).toBe(true);
  });
});
