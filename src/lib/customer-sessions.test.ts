// Sessions on the device: kept, found by route key, judged (tampered, other device, expired →
// cleared and signed out on the server), listed, and their offline copy and queue readable
// only while the session lasts.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const server = vi.hoisted(() => ({ signedOut: [] as string[] }));
vi.mock('./portal-api', () => ({ signOutOfPortal: async (token: string) => void server.signedOut.push(token) }));

const { customerStore } = await import('./customer-device-store');
const sessions = await import('./customer-sessions');

const PROSPECT = '3f0e8d52-6a3b-4c1e-9d7a-2b5c8e1f4a60';
const PORTAL = '7c1d6a7e-0b5e-4b8c-9a51-2d7f3e9c1b42';
const LINK = 'L'.repeat(43);
const LABEL = { name: 'Acme project portal', organization: 'Stone & Sons', brandColor: '#0f766e', logo: '' };

async function signIn(portalId = PORTAL, token = 'S'.repeat(43), kind: 'customer' | 'prospect' = 'customer') {
  const sealed = await sessions.prepareSession(PROSPECT);
  return sessions.keepSession({ sessionToken: token, expiresAt: sealed.content.expiresAt, portalId, kind }, sealed, LABEL, LINK);
}

beforeEach(async () => {
  await new Promise((resolve, reject) => Object.assign(indexedDB.deleteDatabase('cep-customer-portal'), { onsuccess: resolve, onerror: reject }));
  server.signedOut.length = 0;
});

describe('customer sessions on the device', () => {
  it('keeps what SPEC.md §3 lists, finds the session by link token or portal id, and opens it', async () => {
    const active = await signIn();
    const stored = await customerStore.session(PORTAL);
    expect(stored).toMatchObject({ sessionToken: 'S'.repeat(43), expiresAt: active.content.expiresAt });
    expect(stored!.encryptedData).not.toContain(PROSPECT);
    expect(JSON.stringify(stored)).not.toContain(LABEL.name);
    expect(await sessions.findSession(LINK, 'customer')).toMatchObject({ portalId: PORTAL });
    expect(await sessions.findSession(PORTAL, 'customer')).toMatchObject({ portalId: PORTAL });
    expect(await sessions.findSession(PORTAL, 'prospect')).toBeUndefined();
    expect(await sessions.findSession('M'.repeat(43), 'customer')).toBeUndefined();
    const opened = await sessions.openSession(stored!);
    expect(opened?.content.prospect_id).toBe(PROSPECT);
  });

  it('clears a tampered session and deletes its row on the server', async () => {
    await signIn();
    const stored = (await customerStore.session(PORTAL))!;
    const tampered = { ...stored, encryptedData: `${stored.encryptedData.slice(0, -4)}AAAA` };
    await customerStore.putSession(tampered);
    await customerStore.putCache({ portalId: PORTAL, sealed: { data: 'x', iv: 'y' }, savedAt: '' });
    expect(await sessions.openSession(tampered)).toBeNull();
    expect(await customerStore.session(PORTAL)).toBeUndefined();
    expect(await customerStore.cached(PORTAL)).toBeUndefined();
    expect(server.signedOut).toEqual(['S'.repeat(43)]);
  });

  it('clears an expired session', async () => {
    await signIn();
    const stored = (await customerStore.session(PORTAL))!;
    const expired = { ...stored, expiresAt: new Date(Date.now() - 1000).toISOString() };
    expect(await sessions.openSession(expired)).toBeNull();
    expect(await customerStore.sessions()).toEqual([]);
  });

  it('lists valid sessions of a kind with their labels, and replaces an older session of the same portal', async () => {
    await signIn();
    await signIn('11111111-2222-4333-8444-555555555555', 'P'.repeat(43), 'prospect');
    await signIn(PORTAL, 'T'.repeat(43));
    expect(server.signedOut).toEqual(['S'.repeat(43)]);
    const listed = await sessions.listSessions('customer');
    expect(listed).toEqual([expect.objectContaining({ portalId: PORTAL, label: LABEL })]);
    expect(await sessions.listSessions('prospect')).toHaveLength(1);
  });

  it('reads the offline copy and the queue only with the session that wrote them', async () => {
    const active = await signIn();
    const schema = z.object({ estimates: z.array(z.string()) });
    await sessions.saveOffline(active, { estimates: ['EST-000123'] });
    expect((await sessions.readOffline(active, schema))?.value).toEqual({ estimates: ['EST-000123'] });
    expect(JSON.stringify(await customerStore.cached(PORTAL))).not.toContain('EST-000123');
    await sessions.queueMessage(active, 'k1', { kind: 'comment', body: 'Hello' });
    expect(await sessions.queuedMessages(active, z.object({ kind: z.string(), body: z.string() }))).toEqual([
      expect.objectContaining({ key: 'k1', value: { kind: 'comment', body: 'Hello' } }),
    ]);
    const other = { ...active, dataKey: await (await sessions.deviceKeys()).dataKey('Z'.repeat(43)) };
    expect(await sessions.readOffline(other, schema)).toBeNull();
    await sessions.endSession(active.record, 'signed_out');
    expect(await customerStore.queued(PORTAL)).toEqual([]);
    expect(await sessions.readOffline(active, schema)).toBeNull();
  });
});
