// Sync stopped while a push is answered and started again on the same database (the app used
// to restart sync on every route change): RxDB records nothing for the cancelled push, so the
// next start must push against the answer the batcher kept, and two batchers of one database
// must not number changes from the same last_seq (the server would skip the second batch as
// a retry of the first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstimate } from '../../src/db/new-estimate';
import { patchDocument } from '../../src/db/documents';
import { openConflicts } from '../../src/db/sync-issues';
import { startSync, type SyncHandle } from '../../sync/index';
import { backendsToTest, startTestServer, type Backend } from '../../supabase/local/testing/harness';
import { FAST, closeDevice, openDevice, serverRows, settle, signUp, type Device, type User } from './sync-support';

const backends = await backendsToTest();

describe.each(backends)('sync restarted during a push on %s', (backend: Backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let user: User;
  let device: Device | undefined;

  beforeAll(async () => {
    server = await startTestServer(backend);
    user = await signUp(server, `restart-push-${backend}@example.com`);
  });
  afterAll(async () => {
    if (device) await closeDevice(device);
    await server?.close();
  });

  it('an edit made between the stop and the next start reaches the server, not the conflict log', async () => {
    device = await openDevice(server, user, ['accounts', 'estimates', 'estimate_items']);
    const d = device;
    let restarted: SyncHandle | undefined;
    const restart = (async () => {
      await new Promise<void>((resolve) => {
        d.net.onPushAnswer = async () => {
          // The server has applied the new estimate; its answer is on the way. The app stops
          // sync (not awaited, as React's effect clean-up does), the user edits, sync restarts.
          const old = d.sync;
          void old.stop();
          await patchDocument(d.db, 'estimates', estimate.id, { title: 'Edited during the restart' });
          restarted = startSync({ database: d.db, supabase: d.client, userId: user.userId, orgId: user.orgId, serverUrl: server.url, timing: FAST });
          resolve();
        };
      });
    })();
    const estimate = await createEstimate(d.db, { org_id: user.orgId, owner_id: user.userId, title: 'Before the restart' });
    await restart;
    d.sync = restarted!;
    await settle([d]);

    const [row] = await serverRows(d, 'estimates', [estimate.id]);
    expect(row).toMatchObject({ title: 'Edited during the restart', number: 'EST-000001' });
    expect(await openConflicts(d.db).exec()).toHaveLength(0);
    expect(await d.sync.pendingCount()).toBe(0);
    expect((await d.db.estimates.findOne(estimate.id).exec())?.title).toBe('Edited during the restart');
  });
});
