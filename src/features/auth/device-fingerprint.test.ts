import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { BrowserTraits } from '../../lib/browser-traits';
import { computeFingerprint, deviceFingerprint } from './device-fingerprint';

const traits: BrowserTraits = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156',
  language: 'en-US',
  platform: 'Linux x86_64',
  screen: '1024x768x24',
  timeZone: 'America/Chicago',
  hardwareConcurrency: 4,
};

describe('device fingerprint', () => {
  it('is a SHA-256 hex digest that is stable for the same traits and device id', async () => {
    const a = await computeFingerprint(traits, 'device-1');
    const b = await computeFingerprint({ ...traits }, 'device-1');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
  });

  it('does not depend on the order the traits were written in', async () => {
    const reordered = Object.fromEntries(Object.entries(traits).reverse()) as BrowserTraits;
    expect(await computeFingerprint(reordered, 'device-1')).toBe(await computeFingerprint(traits, 'device-1'));
  });

  it('changes with the device id and with each trait', async () => {
    const base = await computeFingerprint(traits, 'device-1');
    expect(await computeFingerprint(traits, 'device-2')).not.toBe(base);
    for (const [key, value] of Object.entries(traits)) {
      const changed = { ...traits, [key]: typeof value === 'number' ? value + 1 : `${value}x` };
      expect(await computeFingerprint(changed, 'device-1'), key).not.toBe(base);
    }
  });

  it('gives this device the same fingerprint on every call', async () => {
    const first = await deviceFingerprint();
    expect(await deviceFingerprint()).toBe(first);
  });
});
