// The pipeline offline on two devices (issue 13): both move the same prospect while offline;
// the move that reaches the server first stays on both devices, the other is kept in the
// second device's conflict log, from where it can be restored (with its reason), and the
// server's stage history holds the moves that reached it, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConflicts, restoreConflict } from '../../src/db/sync-issues';
import { createProspect, moveProspect } from '../../src/features/prospects/commands';
import { statusHistory } from '../../src/features/prospects/pipeline';
import { backendsToTest, startTestServer } from '../../supabase/local/testing/harness';
import { closeDevice, openDevice, serverRows, settle, signUp, sleep, type Device } from './sync-support';

const backends = await backendsToTest();

describe.each(backends)('the pipeline on two devices on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let user: Awaited<ReturnType<typeof signUp>>;
  let a: Device;
  let b: Device;

  beforeAll(async () => {
    server = await startTestServer(backend);
    user = await signUp(server, `crm-sync-${backend}@example.com`);
    a = await openDevice(server, user, ['accounts', 'prospects']);
    b = await openDevice(server, user, ['accounts', 'prospects']);
  });
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(closeDevice));
    await server?.close();
  });

  it('two devices move the same prospect offline: they converge on the first to sync, the other move is in the conflict log', async () => {
    const actor = { orgId: user.orgId, userId: user.userId };
    const ana = await createProspect(a.db, actor, { first_name: 'Ana', last_name: 'Lopez' });
    await settle([a, b]);
    expect((await b.db.prospects.findOne(ana.id).exec())?.status).toBe('new');

    a.net.online = false;
    b.net.online = false;
    await moveProspect(a.db, actor, ana.id, 'contacted');
    await sleep(20);
    await moveProspect(a.db, actor, ana.id, 'qualified');
    await moveProspect(b.db, actor, ana.id, 'lost', 'Went with a competitor');
    a.net.online = true;
    await settle([a]);
    b.net.online = true;
    await settle([a, b]);

    for (const device of [a, b]) {
      const doc = (await device.db.prospects.findOne(ana.id).exec())!.toJSON();
      expect(doc.status).toBe('qualified');
      expect(statusHistory(doc).map((e) => [e.status, e.pending])).toEqual([
        ['new', false],
        ['contacted', false],
        ['qualified', false],
      ]);
    }
    expect((await serverRows(a, 'prospects', [ana.id]))[0]).toMatchObject({ status: 'qualified' });

    const lost = (await openConflicts(b.db).exec()).filter((c) => c.doc_id === ana.id && c.field === 'status');
    expect(lost.map((c) => [JSON.parse(c.local_value), JSON.parse(c.server_value), c.rule])).toEqual([['lost', 'qualified', 'server-wins']]);
    expect(await openConflicts(a.db).exec()).toHaveLength(0);

    // Restored from the log, B's move goes through, with the reason it was given.
    await restoreConflict(b.db, lost[0]!.id);
    await settle([a, b]);
    for (const device of [a, b]) expect((await device.db.prospects.findOne(ana.id).exec())?.toJSON()).toMatchObject({ status: 'lost', status_reason: 'Went with a competitor' });
    expect(JSON.parse(String((await serverRows(a, 'prospects', [ana.id]))[0]!.status_history)).map((e: { status: string }) => e.status)).toEqual(['new', 'contacted', 'qualified', 'lost']);
  });
});
