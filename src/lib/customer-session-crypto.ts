// The cryptography of customer sessions on the device (SPEC.md §3, §9; DOMAIN.md). The browser
// keeps {sessionToken, encryptedData, iv, expiresAt}; the protected content {prospect_id,
// createdAt, expiresAt} is sealed with AES-GCM 256. The key material comes from PBKDF2
// (100,000 iterations, SHA-256) over the browser's traits, salted with a random per-device
// secret kept in IndexedDB, so traits alone cannot reproduce it. PBKDF2 runs once per sign-in
// and per app start (the caller keeps the keys); HKDF then gives two kinds of AES-GCM keys
// from it: one for session blobs, and one per session (salted with its token) for the
// offline portal cache, so a cache whose session is gone can no longer be read by anyone.
import { z } from 'zod/mini';
import type { BrowserTraits } from './browser-traits';

export const PBKDF2_ITERATIONS = 100_000;
export const SESSION_LIFE_MS = 24 * 60 * 60 * 1000;
const DEVICE_SECRET_BYTES = 32;

export type DeviceKeys = {
  /** Seals the protected content of every session blob on this device. */
  session: CryptoKey;
  /** The key of one session's offline data (its cache, its queued messages). */
  dataKey(sessionToken: string): Promise<CryptoKey>;
};

export type Sealed = { data: string; iv: string };

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function newDeviceSecret(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(DEVICE_SECRET_BYTES));
}

function traitsText(traits: BrowserTraits): string {
  return JSON.stringify([traits.userAgent, traits.language, traits.platform, traits.screen, traits.timeZone, traits.hardwareConcurrency]);
}

/** PBKDF2 over the traits, salted with the device secret; the slow step (about 100 ms). */
export async function deriveDeviceKeys(traits: BrowserTraits, deviceSecret: Uint8Array<ArrayBuffer>): Promise<DeviceKeys> {
  const password = await crypto.subtle.importKey('raw', encoder.encode(traitsText(traits)), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: deviceSecret, iterations: PBKDF2_ITERATIONS }, password, 256);
  const master = await crypto.subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey']);
  const aesKey = (salt: Uint8Array<ArrayBuffer>, info: string) =>
    crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt, info: encoder.encode(info) }, master, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  return {
    session: await aesKey(new Uint8Array(0), 'cep customer session'),
    dataKey: (sessionToken) => aesKey(encoder.encode(sessionToken), 'cep customer portal data'),
  };
}

export async function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(JSON.stringify(value)));
  return { data: toBase64(new Uint8Array(cipher)), iv: toBase64(iv) };
}

/** The sealed value, checked with `schema`; null when it cannot be decrypted or read. */
export async function unseal<S extends z.ZodMiniType>(key: CryptoKey, sealed: Sealed, schema: S): Promise<z.infer<S> | null> {
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(sealed.iv) }, key, fromBase64(sealed.data));
    const parsed = schema.safeParse(JSON.parse(new TextDecoder().decode(plain)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const sessionContentSchema = z.object({
  prospect_id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type SessionContent = z.infer<typeof sessionContentSchema>;

/** What the browser keeps of a session (SPEC.md §3). */
export type StoredSession = { sessionToken: string; encryptedData: string; iv: string; expiresAt: string };

/** The protected content of a new session for `prospectId`, sealed: it lives 24 hours from `now`. */
export async function sealSessionContent(keys: DeviceKeys, prospectId: string, now = new Date()): Promise<Sealed & { content: SessionContent }> {
  const content = { prospect_id: prospectId, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + SESSION_LIFE_MS).toISOString() };
  return { ...(await seal(keys.session, content)), content };
}

export type SessionVerdict = { status: 'valid'; content: SessionContent } | { status: 'expired' } | { status: 'undecryptable' };

/**
 * Whether a stored session may be used: its blob opens with this device's key and it has not
 * expired, by the time kept outside (the server's) and inside (sealed at sign-in) alike.
 */
export async function judgeSession(keys: DeviceKeys, stored: StoredSession, now = Date.now()): Promise<SessionVerdict> {
  const content = await unseal(keys.session, { data: stored.encryptedData, iv: stored.iv }, sessionContentSchema);
  if (!content) return { status: 'undecryptable' };
  const outside = Date.parse(stored.expiresAt);
  const inside = Date.parse(content.expiresAt);
  if (!Number.isFinite(outside) || Math.min(outside, inside) <= now) return { status: 'expired' };
  return { status: 'valid', content };
}
