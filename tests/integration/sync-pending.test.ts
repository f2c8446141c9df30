// The pending count (header badge, sign-out warning) is read from RxDB's replication records,
// so it is right when the app starts again with unpushed work, before anything is pushed, and
// counts every document, not only the first push batch.
import { IDBFactory } from 'fake-indexeddb';
import { firstValueFrom, filter } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, patchDocument } from '../../src/db/documents';
import { backendsToTest, startTestServer, type Backend } from '../../supabase/local/testing/harness';
import { closeDevice, openDevice, serverRows, settle, shutDevice, signUp, type Device, type User } from './sync-support';

const backends = await backendsToTest();

describe.each(backends)('pending changes on %s', (backend: Backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let user: User;
  const open: Device[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend);
    user = await signUp(server, `pending-${backend}@example.com`);
  });
  afterAll(async () => {
    await Promise.all(open.map(closeDevice));
    await server?.close();
  });

  it('counts unpushed work after a restart offline, beyond one push batch, and only local changes', async () => {
    const indexedDB = new IDBFactory();
    const options = { indexedDB, nameSuffix: `tablet-${backend}`, sync: { batchSize: { push: 5 } } };
    const first = await openDevice(server, user, ['accounts'], { ...options, net: { online: false, dropPushResponses: 0 } });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await insertDocument(first.db, 'accounts', { org_id: user.orgId, name: `Offline ${i}` })).id);
    expect(await first.sync.pendingCount()).toBe(12);
    await shutDevice(first);

    // The app starts again, still offline: nothing has been handed to the push handler yet.
    const again = await openDevice(server, user, ['accounts'], { ...options, net: { online: false, dropPushResponses: 0 } });
    open.push(again);
    expect(await again.sync.pendingCount()).toBe(12);
    const status = await firstValueFrom(again.sync.status$.pipe(filter((s) => s.pendingTotal === 12)));
    expect(status.pending).toMatchObject({ accounts: 12 });

    again.net.online = true;
    await settle([again]);
    expect(await again.sync.pendingCount()).toBe(0);
    expect((await serverRows(again, 'accounts', ids)).map((r) => r.name).sort()).toEqual(ids.map((_, i) => `Offline ${i}`).sort());
    await firstValueFrom(again.sync.status$.pipe(filter((s) => s.pendingTotal === 0)));

    // Pulled documents are not pending; a local edit of one is, until it is pushed.
    const other = await openDevice(server, user, ['accounts'], { net: { online: true, dropPushResponses: 0 } });
    open.push(other);
    await settle([other]);
    expect(await other.db.accounts.count().exec()).toBe(12);
    expect(await other.sync.pendingCount()).toBe(0);
    other.net.online = false;
    await patchDocument(other.db, 'accounts', ids[3]!, { phone: '555-0199' });
    expect(await other.sync.pendingCount()).toBe(1);
    other.net.online = true;
    await settle([other]);
    expect(await other.sync.pendingCount()).toBe(0);
  });
});
