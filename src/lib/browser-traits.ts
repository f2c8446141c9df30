// Stable traits of this browser: part of the device fingerprint of the sign-in rate limit
// (src/features/auth/device-fingerprint.ts) and of the key material of customer sessions.
// Never enough alone: each use adds a random per-device secret kept in IndexedDB.

export type BrowserTraits = {
  userAgent: string;
  language: string;
  platform: string;
  screen: string;
  timeZone: string;
  hardwareConcurrency: number;
};

export function readBrowserTraits(): BrowserTraits {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const scr = typeof screen === 'undefined' ? undefined : screen;
  return {
    userAgent: nav?.userAgent ?? '',
    language: nav?.language ?? '',
    platform: nav?.platform ?? '',
    screen: scr ? `${scr.width}x${scr.height}x${scr.colorDepth}` : '',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    hardwareConcurrency: nav?.hardwareConcurrency ?? 0,
  };
}
