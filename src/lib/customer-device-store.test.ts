// The customer device store in plain IndexedDB: reads what the earlier Dexie database of the
// same name wrote (a device that signed in before keeps its sessions), and each operation
// touches only what it names.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerStore, type OutboxRecord, type SessionRecord } from './customer-device-store';

const NAME = 'cep-customer-portal';
const sealed = { data: 'sealed', iv: 'iv' };

function session(portalId: string, routeKeys: string[] = []): SessionRecord {
  return { portalId, kind: 'customer', sessionToken: `token-${portalId}`, encryptedData: 'e', iv: 'i', expiresAt: '2026-11-27T00:00:00.000Z', routeKeys, label: sealed, lastVisitAt: '2026-11-26T00:00:00.000Z' };
}

const message = (key: string, portalId: string, createdAt: string): OutboxRecord => ({ key, portalId, sealed, createdAt });

async function deleteDatabase() {
  await new Promise((resolve, reject) => Object.assign(indexedDB.deleteDatabase(NAME), { onsuccess: resolve, onerror: reject }));
}

beforeEach(deleteDatabase);

describe('customer device store', () => {
  it('opens the database the Dexie version wrote, with its sessions, secret, copies and queue', async () => {
    const old = new Dexie(NAME);
    old.version(1).stores({ device: 'id', sessions: 'portalId, *routeKeys', cache: 'portalId', outbox: 'key, portalId, createdAt' });
    const secret = new Uint8Array([1, 2, 3]);
    await old.table('device').put({ id: 'secret', secret });
    await old.table('sessions').put(session('p1', ['hash-a', 'hash-b']));
    await old.table('cache').put({ portalId: 'p1', sealed, savedAt: 'then' });
    await old.table('outbox').put(message('k1', 'p1', '2026-11-26T01:00:00Z'));
    old.close();

    expect(await customerStore.deviceSecret(() => new Uint8Array([9]))).toEqual(secret);
    expect(await customerStore.sessionByRouteKey('hash-b')).toMatchObject({ portalId: 'p1' });
    expect(await customerStore.cached('p1')).toMatchObject({ savedAt: 'then' });
    expect(await customerStore.queued('p1')).toEqual([message('k1', 'p1', '2026-11-26T01:00:00Z')]);
  });

  it('creates the device secret once and keeps it', async () => {
    let made = 0;
    const create = () => new Uint8Array([++made]);
    const [first, second] = await Promise.all([customerStore.deviceSecret(create), customerStore.deviceSecret(create)]);
    expect(first).toEqual(second);
    expect(await customerStore.deviceSecret(create)).toEqual(first);
    expect(made).toBe(1);
  });

  it('finds a session by any of its route keys and updates it in place', async () => {
    await customerStore.putSession(session('p1', ['a']));
    await customerStore.updateSession('p1', (r) => r.routeKeys.push('b'));
    await customerStore.updateSession('missing', (r) => r.routeKeys.push('c'));
    expect(await customerStore.sessionByRouteKey('b')).toMatchObject({ portalId: 'p1', routeKeys: ['a', 'b'] });
    expect(await customerStore.sessionByRouteKey('c')).toBeUndefined();
    expect(await customerStore.sessions()).toHaveLength(1);
  });

  it('lists a portal’s queue oldest first and forgets one portal without touching another', async () => {
    await customerStore.putSession(session('p1'));
    await customerStore.putSession(session('p2'));
    await customerStore.putCache({ portalId: 'p1', sealed, savedAt: 'now' });
    await customerStore.queue(message('late', 'p1', '2026-11-26T02:00:00Z'));
    await customerStore.queue(message('early', 'p1', '2026-11-26T01:00:00Z'));
    await customerStore.queue(message('other', 'p2', '2026-11-26T00:00:00Z'));
    expect((await customerStore.queued('p1')).map((m) => m.key)).toEqual(['early', 'late']);

    await customerStore.dropQueued('late');
    expect((await customerStore.queued('p1')).map((m) => m.key)).toEqual(['early']);
    await customerStore.forget('p1');
    expect(await customerStore.session('p1')).toBeUndefined();
    expect(await customerStore.cached('p1')).toBeUndefined();
    expect(await customerStore.queued('p1')).toEqual([]);
    expect(await customerStore.session('p2')).toBeDefined();
    expect((await customerStore.queued('p2')).map((m) => m.key)).toEqual(['other']);
  });
});
