import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();
const PASSWORD = 'Str0ng!Passw0rd';
let counter = 0;
const uniqueEmail = () => `session${Date.now()}${counter++}@example.com`;

describe.each(backends)('auth sessions and refresh tokens on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { JWT_EXPIRY: '30' });
  });
  afterAll(() => server?.close());

  async function signedIn(email = uniqueEmail()) {
    const admin = createTestClient(server, server.serviceRoleKey).auth.admin;
    await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = createTestClient(server);
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return { client, session: data.session!, email };
  }

  async function refresh(token: string) {
    return createTestClient(server).auth.refreshSession({ refresh_token: token });
  }

  async function backdate(token: string, seconds: number) {
    await server.ctx.db.query(`update auth.refresh_tokens set updated_at = now() - make_interval(secs => $2) where token = $1`, [token, seconds]);
  }

  async function getUser(accessToken: string) {
    return createTestClient(server).auth.getUser(accessToken);
  }

  it('issues tokens with the configured short life and rotates the refresh token', async () => {
    const { client, session } = await signedIn();
    expect(session.expires_in).toBe(30);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(data.session!.access_token).not.toBe(session.access_token);
    expect(data.session!.expires_in).toBe(30);
    expect(data.user?.id).toBe(session.user.id);
    const user = await client.auth.getUser();
    expect(user.error).toBeNull();
  });

  it('answers an unknown refresh token with refresh_token_not_found', async () => {
    const { error } = await refresh('not-a-real-token');
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('gives a client that lost the answer the active token again for the parent token', async () => {
    const { session } = await signedIn();
    const first = await refresh(session.refresh_token);
    const again = await refresh(session.refresh_token);
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(first.data.session!.refresh_token);
  });

  it('accepts an older rotated token just inside the reuse interval', async () => {
    const { session } = await signedIn();
    const b = await refresh(session.refresh_token);
    const c = await refresh(b.data.session!.refresh_token);
    expect(c.error).toBeNull();
    await backdate(session.refresh_token, 9);
    const reused = await refresh(session.refresh_token);
    expect(reused.error).toBeNull();
    expect(reused.data.session!.refresh_token).not.toBe(c.data.session!.refresh_token);
    expect((await getUser(reused.data.session!.access_token)).error).toBeNull();
  });

  it('revokes the whole session when a rotated token is reused just outside the reuse interval', async () => {
    const { session } = await signedIn();
    const b = await refresh(session.refresh_token);
    const c = await refresh(b.data.session!.refresh_token);
    await backdate(session.refresh_token, 11);
    const reused = await refresh(session.refresh_token);
    expect(reused.error?.status).toBe(400);
    expect(reused.error?.code).toBe('refresh_token_already_used');
    expect(reused.error?.message).toBe('Invalid Refresh Token: Already Used');

    const active = await refresh(c.data.session!.refresh_token);
    expect(active.error?.code).toBe('session_expired');
    const user = await getUser(c.data.session!.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('logout with scope local ends only the current session', async () => {
    const email = uniqueEmail();
    const one = await signedIn(email);
    const two = createTestClient(server);
    const twoSession = (await two.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const { error } = await one.client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    const dead = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.anonKey, Authorization: `Bearer ${one.session.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(dead.status).toBe(403);
    expect(await dead.json()).toMatchObject({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });
    expect((await getUser(twoSession.access_token)).error).toBeNull();
    expect((await refresh(one.session.refresh_token)).error?.code).toBe('refresh_token_not_found');
  });

  it('logout with scope others keeps the current session and ends the rest', async () => {
    const email = uniqueEmail();
    const one = await signedIn(email);
    const two = (await createTestClient(server).auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const { error } = await one.client.auth.signOut({ scope: 'others' });
    expect(error).toBeNull();
    expect((await one.client.auth.getUser()).error).toBeNull();
    const dead = await getUser(two.access_token);
    expect(dead.error?.name).toBe('AuthSessionMissingError');
  });

  it('logout with scope global ends every session of the user', async () => {
    const email = uniqueEmail();
    const one = await signedIn(email);
    const two = (await createTestClient(server).auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const { error } = await one.client.auth.signOut();
    expect(error).toBeNull();
    expect((await one.client.auth.getSession()).data.session).toBeNull();
    expect((await getUser(one.session.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect((await getUser(two.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect((await refresh(two.refresh_token)).error?.code).toBe('refresh_token_not_found');
  });

  it('rejects an unknown logout scope', async () => {
    const { session } = await signedIn();
    const res = await fetch(`${server.url}/auth/v1/logout?scope=everyone`, {
      method: 'POST',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error_code).toBe('validation_failed');
  });
});
