import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSiteUrl } from '../../supabase/local/mail/outbox';
import { listMailbox } from '../../supabase/local/mail/mailbox';
import { backendsToTest, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();

describe('fillSiteUrl', () => {
  it('replaces every placeholder and never doubles the slash', () => {
    expect(fillSiteUrl('{{site_url}}/invite/abc and {{site_url}}/x', 'https://a.example/')).toBe(
      'https://a.example/invite/abc and https://a.example/x',
    );
  });
});

describe.each(backends)('mail outbox drainer on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  async function waitForStatus(id: string, status: string) {
    for (let i = 0; i < 100; i++) {
      const { rows } = await server.ctx.db.query<{ status: string }>('select status from public.mail_outbox where id = $1', [id]);
      if (rows[0]?.status === status) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`outbox row ${id} never reached ${status}`);
  }

  it('delivers a pending message to the dev mailbox with the site URL filled in, once', async () => {
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `insert into public.mail_outbox ("to", subject, text, html, contains_secret)
       values ('new.member@example.com', 'You are invited', 'Join: {{site_url}}/invite/tok123', '<a href="{{site_url}}/invite/tok123">Join</a>', true)
       returning id`,
    );
    const id = rows[0]!.id;
    await waitForStatus(id, 'sent');
    await server.outbox.drain();
    const mails = (await listMailbox(server.ctx, 'new.member@example.com')).filter((m) => m.subject === 'You are invited');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toBe(`Join: ${server.url}/invite/tok123`);
    expect(mails[0]!.links).toContain(`${server.url}/invite/tok123`);
    // The secret link is removed from the outbox once sent.
    const after = await server.ctx.db.query<{ text: string; attempts: number }>('select text, attempts from public.mail_outbox where id = $1', [id]);
    expect(after.rows[0]).toEqual({ text: '[removed after sending]', attempts: 1 });
  });
});
