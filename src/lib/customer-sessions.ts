// Customer sessions on this device, for the customer portal and the prospect portal alike:
// signing in (the sealed blob goes to the server with the sign-in), finding the session of a
// portal path, judging it (expired or undecryptable → cleared here and its row deleted on the
// server), the portal's offline copy and its queued messages, and signing out. The device keys
// are derived once per app start (PBKDF2 is the slow part) and kept in memory only.
import { z } from 'zod/mini';
import { readBrowserTraits } from './browser-traits';
import { customerStore, type SessionRecord } from './customer-device-store';
import { deriveDeviceKeys, judgeSession, newDeviceSecret, seal, sealSessionContent, unseal, type DeviceKeys, type SessionContent } from './customer-session-crypto';
import { recordSecurityEvent } from './local-log';
import { signOutOfPortal, type PortalKind } from './portal-api';

const PORTAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let keys: Promise<DeviceKeys> | null = null;

async function deviceSecret(): Promise<Uint8Array<ArrayBuffer>> {
  return customerStore.deviceSecret(newDeviceSecret);
}

/** This device's keys: derived on first use after start, then reused (never per call). */
export function deviceKeys(): Promise<DeviceKeys> {
  if (!keys) {
    keys = deviceSecret().then((secret) => deriveDeviceKeys(readBrowserTraits(), secret));
    keys.catch(() => {
      keys = null;
    });
  }
  return keys;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const portalLabelSchema = z.object({
  name: z.string(),
  organization: z.string(),
  brandColor: z.string(),
  logo: z.string(),
});
export type PortalLabel = z.infer<typeof portalLabelSchema>;

/** A session that opened: its record, its protected content and the key of its offline data. */
export type ActiveSession = { record: SessionRecord; content: SessionContent; dataKey: CryptoKey };

/** Before signing in: the protected content for the person, sealed for the server to keep. */
export async function prepareSession(prospectId: string) {
  return sealSessionContent(await deviceKeys(), prospectId);
}

type SignedIn = { sessionToken: string; expiresAt: string; portalId: string; kind: PortalKind };

/** After signing in: keeps the session (replacing an older one of the same portal). */
export async function keepSession(signedIn: SignedIn, sealed: { data: string; iv: string }, label: PortalLabel, routeKey: string | null): Promise<ActiveSession> {
  const device = await deviceKeys();
  const dataKey = await device.dataKey(signedIn.sessionToken);
  const previous = await customerStore.session(signedIn.portalId);
  if (previous) await endSession(previous, 'replaced');
  const record: SessionRecord = {
    portalId: signedIn.portalId,
    kind: signedIn.kind,
    sessionToken: signedIn.sessionToken,
    encryptedData: sealed.data,
    iv: sealed.iv,
    expiresAt: signedIn.expiresAt,
    routeKeys: routeKey ? [await sha256Hex(routeKey)] : [],
    label: await seal(dataKey, label),
    lastVisitAt: new Date().toISOString(),
  };
  await customerStore.putSession(record);
  const verdict = await judgeSession(device, record);
  if (verdict.status !== 'valid') throw new Error('The new session could not be read back on this device');
  return { record, content: verdict.content, dataKey };
}

/** The stored session a portal path's key (a link token or the portal's id) opens, unjudged. */
export async function findSession(routeKey: string, kind: PortalKind): Promise<SessionRecord | undefined> {
  const record = PORTAL_ID.test(routeKey) ? await customerStore.session(routeKey.toLowerCase()) : await customerStore.sessionByRouteKey(await sha256Hex(routeKey));
  return record?.kind === kind ? record : undefined;
}

/** Remembers that this link token opens the session's portal too. */
export async function addRouteKey(portalId: string, routeKey: string): Promise<void> {
  const hash = await sha256Hex(routeKey);
  await customerStore.updateSession(portalId, (r) => {
    if (!r.routeKeys.includes(hash)) r.routeKeys.push(hash);
  });
}

/**
 * Forgets a session on this device: the session, its offline copy and queued messages, and
 * deletes its row on the server (best effort: offline, the row expires on its own).
 */
export async function endSession(record: SessionRecord, reason: 'signed_out' | 'expired' | 'undecryptable' | 'refused' | 'replaced'): Promise<void> {
  await customerStore.forget(record.portalId);
  if (reason === 'undecryptable') {
    await recordSecurityEvent({ event_type: 'suspicious_activity', metadata: { action: 'customer_session', reason: 'undecryptable customer session cleared' } }).catch(() => undefined);
  }
  await signOutOfPortal(record.sessionToken).catch(() => undefined);
}

/** The session if it opens with this device's key and has not expired; otherwise cleared. */
export async function openSession(record: SessionRecord): Promise<ActiveSession | null> {
  const device = await deviceKeys();
  const verdict = await judgeSession(device, record);
  if (verdict.status !== 'valid') {
    await endSession(record, verdict.status);
    return null;
  }
  return { record, content: verdict.content, dataKey: await device.dataKey(record.sessionToken) };
}

export async function touchSession(portalId: string): Promise<void> {
  const lastVisitAt = new Date().toISOString();
  await customerStore.updateSession(portalId, (r) => {
    r.lastVisitAt = lastVisitAt;
  });
}

export type DeviceSession = { portalId: string; kind: PortalKind; label: PortalLabel; lastVisitAt: string; expiresAt: string };

/** This device's valid sessions of a kind, newest visit first (invalid ones are cleared). */
export async function listSessions(kind: PortalKind): Promise<DeviceSession[]> {
  const records = await customerStore.sessions();
  const listed: DeviceSession[] = [];
  for (const record of records.filter((r) => r.kind === kind)) {
    const active = await openSession(record);
    if (!active) continue;
    const label = (await unseal(active.dataKey, record.label, portalLabelSchema)) ?? { name: 'Portal', organization: '', brandColor: '', logo: '' };
    listed.push({ portalId: record.portalId, kind: record.kind, label, lastVisitAt: record.lastVisitAt, expiresAt: record.expiresAt });
  }
  return listed.sort((a, b) => b.lastVisitAt.localeCompare(a.lastVisitAt));
}

/** Keeps the portal's latest answer for offline reading, sealed with the session's data key. */
export async function saveOffline(active: ActiveSession, value: unknown): Promise<void> {
  await customerStore.putCache({ portalId: active.record.portalId, sealed: await seal(active.dataKey, value), savedAt: new Date().toISOString() });
}

export async function readOffline<S extends z.ZodMiniType>(active: ActiveSession, schema: S): Promise<{ value: z.infer<S>; savedAt: string } | null> {
  const row = await customerStore.cached(active.record.portalId);
  if (!row) return null;
  const value = await unseal(active.dataKey, row.sealed, schema);
  return value === null ? null : { value, savedAt: row.savedAt };
}

/** A message to send (a comment, a request), kept sealed until the server has it. */
export async function queueMessage(active: ActiveSession, key: string, value: unknown): Promise<void> {
  await customerStore.queue({ key, portalId: active.record.portalId, sealed: await seal(active.dataKey, value), createdAt: new Date().toISOString() });
}

export async function queuedMessages<S extends z.ZodMiniType>(active: ActiveSession, schema: S): Promise<{ key: string; createdAt: string; value: z.infer<S> }[]> {
  const rows = await customerStore.queued(active.record.portalId);
  const out: { key: string; createdAt: string; value: z.infer<S> }[] = [];
  for (const row of rows) {
    const value = await unseal(active.dataKey, row.sealed, schema);
    if (value !== null) out.push({ key: row.key, createdAt: row.createdAt, value });
  }
  return out;
}

export async function dropMessage(key: string): Promise<void> {
  await customerStore.dropQueued(key);
}
