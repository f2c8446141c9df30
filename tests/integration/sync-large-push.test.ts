// A long offline day makes a push larger than a server accepts in one request body (the local
// backend caps bodies at 1 MiB, like a proxy in front of hosted Supabase may): the device
// splits it by size, so every change lands instead of the whole batch being refused forever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../../src/db/documents';
import { backendsToTest, startTestServer } from '../../supabase/local/testing/harness';
import { closeDevice, openDevice, settle, signUp, sleep, type Device } from './sync-support';

const [backend] = await backendsToTest();

describe(`a push bigger than one request body on ${backend}`, () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let device: Device;

  beforeAll(async () => {
    server = await startTestServer(backend!);
    const user = await signUp(server, `large-push-${backend}@example.com`);
    device = await openDevice(server, user, ['accounts']);
  });
  afterAll(async () => {
    if (device) await closeDevice(device);
    await server?.close();
  });

  it('lands every change made offline', async () => {
    device.net.online = false;
    const notes = 'Measured twice, quoted once. '.repeat(220); // ~6.4 KB: 200 of them (one RxDB push) exceed 1 MiB
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) ids.push((await insertDocument(device.db, 'accounts', { org_id: device.orgId, name: `Customer ${i}`, notes })).id);
    await sleep(50);
    device.net.online = true;
    await settle([device]);
    const { count, error } = await device.client.from('accounts').select('id', { count: 'exact', head: true }).eq('notes', notes);
    expect(error).toBeNull();
    expect(count).toBe(ids.length);
    expect(await device.sync.pendingCount()).toBe(0);
  });
});
