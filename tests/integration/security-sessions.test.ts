// Sessions after a password change (issue 20, item 2): a new password, set in the account or
// through a recovery link, ends every other session of the user and keeps the current one;
// a disabled or removed member is signed out the same way.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';
import { asUser, uniqueEmail } from '../../supabase/tests/helpers';

const backends = await backendsToTest();
const PASSWORD = 'First-Passw0rd!';
const NEW_PASSWORD = 'Second-Passw0rd!';

describe.each(backends)('sessions after a password change on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  async function device(email: string, password = PASSWORD) {
    const client = createTestClient(server);
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { client, session: data.session! };
  }

  async function newUser(): Promise<string> {
    const email = uniqueEmail('sessions');
    const { error } = await createTestClient(server).auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    return email;
  }

  /** What another device holding this session finds: can it refresh, is its access token still taken by the auth service? */
  async function standing(session: { refresh_token: string; access_token: string }) {
    const user = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey, Authorization: `Bearer ${session.access_token}` } });
    const refreshed = await createTestClient(server).auth.refreshSession({ refresh_token: session.refresh_token });
    return { user: user.ok ? 'ok' : ((await user.json()) as { code: string }).code, refresh: refreshed.error?.code ?? 'ok' };
  }

  it('ends the other sessions when the password is changed, and keeps the current one', async () => {
    const email = await newUser();
    const tablet = await device(email);
    const laptop = await device(email);
    const { error } = await laptop.client.auth.updateUser({ password: NEW_PASSWORD });
    expect(error).toBeNull();
    expect(await standing(tablet.session)).toEqual({ user: 'session_not_found', refresh: 'refresh_token_not_found' });
    const { data } = await laptop.client.auth.getSession();
    expect(await standing(data.session!)).toEqual({ user: 'ok', refresh: 'ok' });
    await device(email, NEW_PASSWORD);
  });

  it('ends the other sessions when a new password is set through a recovery link', async () => {
    const email = await newUser();
    const tablet = await device(email);
    const anon = createTestClient(server);
    expect((await anon.auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = (await (await fetch(`${server.url}/_mail/api?to=${encodeURIComponent(email)}`)).json()) as { messages: { codes: string[] }[] };
    const recovering = createTestClient(server);
    const verified = await recovering.auth.verifyOtp({ email, token: mail.messages[0]!.codes[0]!, type: 'recovery' });
    expect(verified.error).toBeNull();
    // Opening the link alone signs nobody out; setting the password does.
    expect(await standing(tablet.session)).toEqual({ user: 'ok', refresh: 'ok' });
    const { data: fresh } = await createTestClient(server).auth.refreshSession({ refresh_token: tablet.session.refresh_token });
    expect((await recovering.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect(await standing(fresh.session!)).toEqual({ user: 'session_not_found', refresh: 'refresh_token_not_found' });
    const { data } = await recovering.auth.getSession();
    expect(await standing(data.session!)).toEqual({ user: 'ok', refresh: 'ok' });
  });

  it('leaves the other sessions alone when only the profile data changes', async () => {
    const email = await newUser();
    const tablet = await device(email);
    const laptop = await device(email);
    expect((await laptop.client.auth.updateUser({ data: { first_name: 'Renamed' } })).error).toBeNull();
    expect(await standing(tablet.session)).toEqual({ user: 'ok', refresh: 'ok' });
  });

  describe('a member who loses access', () => {
    async function memberOfNewTeam(): Promise<{ owner: SupabaseClient; memberId: string; email: string; ownerId: string }> {
      const ownerEmail = await newUser();
      const owner = (await device(ownerEmail)).client;
      const ownerId = (await owner.auth.getUser()).data.user!.id;
      const email = uniqueEmail('member');
      const invite = await owner.rpc('create_invite', { email, role: 'sales' });
      expect(invite.error).toBeNull();
      const { data, error } = await createTestClient(server).auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { invite_token: (invite.data as { token: string }).token } },
      });
      expect(error).toBeNull();
      return { owner, memberId: data.user!.id, email, ownerId };
    }

    it('is signed out everywhere when disabled', async () => {
      const { owner, memberId, email } = await memberOfNewTeam();
      const tablet = await device(email);
      const { error } = await owner.from('profiles').update({ status: 'disabled' }).eq('user_id', memberId);
      expect(error).toBeNull();
      expect(await standing(tablet.session)).toEqual({ user: 'session_not_found', refresh: 'refresh_token_not_found' });
    });

    it('is signed out everywhere when removed', async () => {
      const { owner, memberId, email } = await memberOfNewTeam();
      const tablet = await device(email);
      const { error } = await owner.from('profiles').update({ _deleted: true }).eq('user_id', memberId);
      expect(error).toBeNull();
      expect(await standing(tablet.session)).toEqual({ user: 'session_not_found', refresh: 'refresh_token_not_found' });
    });

    it('keeps its sessions when only a name changes', async () => {
      const { memberId, email, ownerId } = await memberOfNewTeam();
      const tablet = await device(email);
      await asUser(server.ctx.db, ownerId, (tx) => tx.query(`update public.profiles set first_name = 'Renamed' where user_id = $1`, [memberId]));
      expect(await standing(tablet.session)).toEqual({ user: 'ok', refresh: 'ok' });
    });
  });
});
