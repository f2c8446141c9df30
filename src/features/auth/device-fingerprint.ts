import { readBrowserTraits, type BrowserTraits } from '../../lib/browser-traits';
import { localLog } from '../../lib/local-log';

// Device fingerprint for the client login rate limit (SPEC §9): SHA-256 over stable browser
// traits plus a random id kept per device in IndexedDB, so two identical tablets still differ
// and a browser update that changes the user agent only moves the device to a new bucket.

export async function computeFingerprint(traits: BrowserTraits, deviceId: string): Promise<string> {
  // Fixed key order, so the hash does not depend on how the object was built.
  const canonical = JSON.stringify([
    traits.userAgent,
    traits.language,
    traits.platform,
    traits.screen,
    traits.timeZone,
    traits.hardwareConcurrency,
    deviceId,
  ]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

let fallbackDeviceId: string | null = null;

async function readDeviceId(): Promise<string> {
  try {
    return await localLog().deviceId();
  } catch {
    fallbackDeviceId ??= crypto.randomUUID();
    return fallbackDeviceId;
  }
}

export async function deviceFingerprint(): Promise<string> {
  return computeFingerprint(readBrowserTraits(), await readDeviceId());
}
