import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREVIEW_HOST_PATTERNS } from './login-rate-limit';
import { readAuthSettings } from './auth-settings';

function stubStorage(entries: Record<string, string>) {
  vi.stubGlobal('localStorage', { getItem: (key: string) => entries[key] ?? null });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth settings', () => {
  it('defaults: limit decided by host, default preview patterns, own origin allowed', () => {
    stubStorage({});
    expect(readAuthSettings({}, 'https://app.example.com')).toEqual({
      rateLimit: 'auto',
      previewHostPatterns: DEFAULT_PREVIEW_HOST_PATTERNS,
      iframeAllowedOrigins: ['https://app.example.com'],
    });
  });

  it('reads the build settings', () => {
    stubStorage({});
    const settings = readAuthSettings(
      {
        VITE_LOGIN_RATE_LIMIT: 'off',
        VITE_PREVIEW_HOST_PATTERNS: 'pr-*.example.com, staging.example.com',
        VITE_IFRAME_ALLOWED_ORIGINS: 'https://crm.example.com,https://app.example.com',
      },
      'https://app.example.com',
    );
    expect(settings).toEqual({
      rateLimit: 'off',
      previewHostPatterns: ['pr-*.example.com', 'staging.example.com'],
      iframeAllowedOrigins: ['https://app.example.com', 'https://crm.example.com'],
    });
  });

  it('the browser switch turns the limit on but never off', () => {
    stubStorage({ 'cep.loginRateLimit': 'on' });
    expect(readAuthSettings({ VITE_LOGIN_RATE_LIMIT: 'off' }, '').rateLimit).toBe('on');
    stubStorage({ 'cep.loginRateLimit': 'off' });
    expect(readAuthSettings({ VITE_LOGIN_RATE_LIMIT: 'on' }, '').rateLimit).toBe('on');
    expect(readAuthSettings({}, '').rateLimit).toBe('auto');
  });

  it('adds origins allowed in this browser', () => {
    stubStorage({ 'cep.iframeAllowedOrigins': 'https://host.example.com' });
    expect(readAuthSettings({}, 'https://app.example.com').iframeAllowedOrigins).toEqual(['https://app.example.com', 'https://host.example.com']);
  });
});
