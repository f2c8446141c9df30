// The session crypto with Node's Web Crypto: the round trip, another device's secret or other
// traits (undecryptable), an edited blob, expiry by either clock, and per-session data keys.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { BrowserTraits } from './browser-traits';
import { deriveDeviceKeys, judgeSession, newDeviceSecret, PBKDF2_ITERATIONS, seal, sealSessionContent, SESSION_LIFE_MS, unseal } from './customer-session-crypto';

const TRAITS: BrowserTraits = { userAgent: 'Mozilla/5.0 (iPad)', language: 'en-US', platform: 'iPad', screen: '1024x768x24', timeZone: 'America/Chicago', hardwareConcurrency: 4 };
const PROSPECT = '3f0e8d52-6a3b-4c1e-9d7a-2b5c8e1f4a60';

async function signedIn(secret = newDeviceSecret(), now = new Date()) {
  const keys = await deriveDeviceKeys(TRAITS, secret);
  const sealed = await sealSessionContent(keys, PROSPECT, now);
  const stored = { sessionToken: 'x'.repeat(43), encryptedData: sealed.data, iv: sealed.iv, expiresAt: sealed.content.expiresAt };
  return { keys, stored, secret, sealed };
}

describe('customer session crypto', () => {
  it('derives with PBKDF2 100,000 × SHA-256 and round-trips the protected content', async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const now = new Date('2026-11-25T10:00:00Z');
    const { keys, stored, sealed } = await signedIn(undefined, now);
    expect(sealed.content).toEqual({ prospect_id: PROSPECT, createdAt: '2026-11-25T10:00:00.000Z', expiresAt: '2026-11-26T10:00:00.000Z' });
    expect(stored.encryptedData).not.toContain(PROSPECT);
    const verdict = await judgeSession(keys, stored, now.getTime() + 1000);
    expect(verdict).toEqual({ status: 'valid', content: sealed.content });
  });

  it('cannot open a blob on another device (other secret) or with other traits', async () => {
    const { stored, secret } = await signedIn();
    const otherDevice = await deriveDeviceKeys(TRAITS, newDeviceSecret());
    expect(await judgeSession(otherDevice, stored)).toEqual({ status: 'undecryptable' });
    const otherBrowser = await deriveDeviceKeys({ ...TRAITS, userAgent: 'Mozilla/5.0 (Windows)' }, secret);
    expect(await judgeSession(otherBrowser, stored)).toEqual({ status: 'undecryptable' });
  });

  it('refuses an edited blob, an edited IV and garbage', async () => {
    const { keys, stored } = await signedIn();
    const flipped = stored.encryptedData.startsWith('A') ? `B${stored.encryptedData.slice(1)}` : `A${stored.encryptedData.slice(1)}`;
    expect(await judgeSession(keys, { ...stored, encryptedData: flipped })).toEqual({ status: 'undecryptable' });
    expect(await judgeSession(keys, { ...stored, iv: btoa('123456789012') })).toEqual({ status: 'undecryptable' });
    expect(await judgeSession(keys, { ...stored, encryptedData: 'not base64!' })).toEqual({ status: 'undecryptable' });
  });

  it('is expired after 24 hours, or as soon as the expiry kept outside the blob has passed', async () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const { keys, stored } = await signedIn(undefined, now);
    expect(await judgeSession(keys, stored, now.getTime() + SESSION_LIFE_MS)).toEqual({ status: 'expired' });
    // Moving the outside expiry later does not extend the session: the sealed one still counts.
    const later = { ...stored, expiresAt: '2030-01-01T00:00:00.000Z' };
    expect(await judgeSession(keys, later, now.getTime() + SESSION_LIFE_MS + 1)).toEqual({ status: 'expired' });
    const revokedEarly = { ...stored, expiresAt: new Date(now.getTime() + 1000).toISOString() };
    expect(await judgeSession(keys, revokedEarly, now.getTime() + 2000)).toEqual({ status: 'expired' });
    expect(await judgeSession(keys, { ...stored, expiresAt: 'never' }, now.getTime())).toEqual({ status: 'expired' });
  });

  it('keeps each session\'s offline data under its own key', async () => {
    const { keys } = await signedIn();
    const schema = z.object({ estimates: z.array(z.string()) });
    const a = await keys.dataKey('a'.repeat(43));
    const sealed = await seal(a, { estimates: ['EST-1'] });
    expect(await unseal(await keys.dataKey('a'.repeat(43)), sealed, schema)).toEqual({ estimates: ['EST-1'] });
    expect(await unseal(await keys.dataKey('b'.repeat(43)), sealed, schema)).toBeNull();
    expect(await unseal(keys.session, sealed, schema)).toBeNull();
    expect(await unseal(a, sealed, z.object({ other: z.number() }))).toBeNull();
  });
});
