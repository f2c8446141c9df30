import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();
const PASSWORD = 'Str0ng!Passw0rd';
let counter = 0;
const uniqueEmail = () => `user${Date.now()}${counter++}@example.com`;

async function raw(server: TestServer, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers: Record<string, string> = { apikey: server.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' };
  const res = await fetch(`${server.url}/auth/v1${path}`, {
    method: init.method ?? 'POST',
    headers: { ...headers, ...(init.headers as Record<string, string>) },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

describe.each(backends)('auth sign-up and sign-in on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  it('signs up with e-mail and keeps first and last name as user metadata', async () => {
    const client = createTestClient(server);
    const email = uniqueEmail();
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: 'Ada', last_name: 'Lovelace' }, emailRedirectTo: server.url },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { first_name: 'Ada', last_name: 'Lovelace' },
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', identity_data: { email, sub: data.user?.id } });
  });

  it('signs up and signs in with a phone number', async () => {
    const client = createTestClient(server);
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const signUp = await client.auth.signUp({ phone, password: PASSWORD, options: { data: { first_name: 'Pat' } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.phone).toBe(phone.slice(1));
    expect(signUp.data.user?.user_metadata).toEqual({ first_name: 'Pat' });
    const signIn = await createTestClient(server).auth.signInWithPassword({ phone, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(signUp.data.user?.id);
  });

  it('refuses a second sign-up with the same e-mail', async () => {
    const email = uniqueEmail();
    await createTestClient(server).auth.signUp({ email, password: PASSWORD });
    const { error } = await createTestClient(server).auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  it('rejects weak passwords with 422 weak_password and its reasons', async () => {
    const { error } = await createTestClient(server).auth.signUp({ email: uniqueEmail(), password: 'short' });
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe(
      'Password must be at least 8 characters long, Password must contain at least one uppercase letter, Password must contain at least one number, Password must contain at least one special character',
    );
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length', 'characters']);
    const long = await createTestClient(server).auth.signUp({ email: uniqueEmail(), password: `Aa1!${'x'.repeat(130)}` });
    expect(long.error?.message).toBe('Password must be less than 128 characters');
    expect((long.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
  });

  it('signs in with a password and answers a session in GoTrue shape', async () => {
    const email = uniqueEmail();
    await createTestClient(server).auth.signUp({ email, password: PASSWORD });
    const client = createTestClient(server);
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.session!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(data.user?.email).toBe(email);
    expect(data.user?.last_sign_in_at).toBeTruthy();
    const { data: got, error: getError } = await client.auth.getUser();
    expect(getError).toBeNull();
    expect(got.user?.id).toBe(data.user?.id);
  });

  it('answers a wrong password and an unknown user with the same invalid_credentials', async () => {
    const email = uniqueEmail();
    await createTestClient(server).auth.signUp({ email, password: PASSWORD });
    const wrong = await createTestClient(server).auth.signInWithPassword({ email, password: 'Wr0ng!Password' });
    const unknown = await createTestClient(server).auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD });
    for (const { error } of [wrong, unknown]) {
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('issues ES256 access tokens with GoTrue claims that getClaims() verifies against the JWKS', async () => {
    const email = uniqueEmail();
    const client = createTestClient(server);
    await client.auth.signUp({ email, password: PASSWORD, options: { data: { first_name: 'Grace' } } });
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.header).toMatchObject({ alg: 'ES256', kid: server.ctx.keys.kid });
    expect(data?.claims).toMatchObject({
      iss: server.config.issuer,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      is_anonymous: false,
      user_metadata: { first_name: 'Grace' },
      app_metadata: { provider: 'email' },
    });
    expect(data?.claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const session = (await client.auth.getSession()).data.session!;
    const jwks = createRemoteJWKSet(new URL(`${server.url}/auth/v1/.well-known/jwks.json`));
    const { payload } = await jwtVerify(session.access_token, jwks, { issuer: server.config.issuer, audience: 'authenticated' });
    expect(payload.session_id).toEqual(expect.any(String));
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('signs in a seeded user whose hash pgcrypto made and who has no identities row', async () => {
    const email = uniqueEmail();
    await server.ctx.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
               extensions.crypt($2, extensions.gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{"first_name":"Demo"}', now(), now())`,
      [email, PASSWORD],
    );
    const { data, error } = await createTestClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ first_name: 'Demo' });
    expect(data.user?.identities).toEqual([]);
  });

  it('refuses sign-in before the e-mail is confirmed', async () => {
    const email = uniqueEmail();
    await server.ctx.db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt($2, extensions.gen_salt('bf', 4)), now(), now())`,
      [email, PASSWORD],
    );
    const { error } = await createTestClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(error?.code).toBe('email_not_confirmed');
    expect(error?.message).toBe('Email not confirmed');
  });

  it('answers bad raw requests with 400 and GoTrue error bodies, never a 500', async () => {
    const noIdentifier = await raw(server, '/token?grant_type=password', { json: { password: PASSWORD } });
    expect(noIdentifier.status).toBe(400);
    expect(noIdentifier.body).toMatchObject({ code: 'validation_failed', error_code: 'validation_failed', msg: 'missing email or phone' });
    expect(noIdentifier.headers.get('x-sb-error-code')).toBe('validation_failed');
    expect(noIdentifier.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    const noPassword = await raw(server, '/token?grant_type=password', { json: { email: 'a@example.com' } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.code).toBe('validation_failed');

    const signupNoPassword = await raw(server, '/signup', { json: { email: 'a@example.com' } });
    expect(signupNoPassword.status).toBe(400);
    expect(signupNoPassword.body).toMatchObject({ code: 'validation_failed', message: 'Signup requires a valid password' });

    const signupNoEmail = await raw(server, '/signup', { json: { password: PASSWORD } });
    expect(signupNoEmail.status).toBe(400);
    expect(signupNoEmail.body.code).toBe('validation_failed');

    const malformed = await raw(server, '/token?grant_type=password', { body: '{"email": "a@example.com",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('bad_json');

    const notObject = await raw(server, '/signup', { body: '[1,2]' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.code).toBe('bad_json');

    const grant = await raw(server, '/token?grant_type=magic', { json: {} });
    expect(grant.status).toBe(400);
    expect(grant.body).toMatchObject({ code: 'invalid_credentials', message: 'unsupported_grant_type' });

    const wrongTypes = await raw(server, '/token?grant_type=password', { json: { email: 42, password: ['x'] } });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.code).toBe('validation_failed');

    const badEmail = await raw(server, '/signup', { json: { email: 'not-an-email', password: PASSWORD } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({ code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
  });

  it('lets the client refuse a sign-in without e-mail or phone before sending anything', async () => {
    const { error } = await createTestClient(server).auth.signInWithPassword({ password: PASSWORD } as never);
    expect(error?.message).toBe('You must provide either an email or phone number and a password');
  });

  it('refuses /user without a Bearer, with a forged token and with the anon key', async () => {
    const none = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey } });
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('no_authorization');
    const forged = await raw(server, '/user', { method: 'GET', headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' } });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('bad_jwt');
    const anon = await raw(server, '/user', { method: 'GET', headers: { Authorization: `Bearer ${server.anonKey}` } });
    expect(anon.status).toBe(403);
    expect(anon.body).toMatchObject({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });
});

describe.each(backends)('auth admin API on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  it('creates, lists with pagination headers, gets, updates and deletes users with the service role key', async () => {
    const admin = createTestClient(server, server.serviceRoleKey).auth.admin;
    const created = [];
    for (let i = 0; i < 3; i++) {
      const { data, error } = await admin.createUser({ email: uniqueEmail(), password: PASSWORD, email_confirm: true, user_metadata: { n: i } });
      expect(error).toBeNull();
      created.push(data.user!);
    }
    expect(created[0]!.email_confirmed_at).toBeTruthy();

    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    expect(page.data).toMatchObject({ total: 3, nextPage: 2, lastPage: 2 });

    const got = await admin.getUserById(created[1]!.id);
    expect(got.data.user?.user_metadata).toEqual({ n: 1 });

    const updated = await admin.updateUserById(created[1]!.id, { user_metadata: { role_label: 'lead' }, app_metadata: { tier: 'gold' } });
    expect(updated.data.user?.user_metadata).toEqual({ n: 1, role_label: 'lead' });
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', tier: 'gold' });

    const signIn = await createTestClient(server).auth.signInWithPassword({ email: created[2]!.email!, password: PASSWORD });
    expect(signIn.error).toBeNull();

    const deleted = await admin.deleteUser(created[0]!.id);
    expect(deleted.error).toBeNull();
    const gone = await admin.getUserById(created[0]!.id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
  });

  it('refuses the admin API to the anon key and to users', async () => {
    const { error } = await createTestClient(server).auth.admin.listUsers();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('not_admin');
    expect(error?.message).toBe('User not allowed');
  });
});

describe.each(backends)('auth under junk input on %s', (backend) => {
  let server: TestServer;
  let accessToken: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    const client = createTestClient(server);
    const { data } = await client.auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    accessToken = data.session!.access_token;
  });
  afterAll(() => server?.close());

  it('never answers a 500, whatever the body', async () => {
    const bodies = [
      '',
      'null',
      '"text"',
      '{"email":{"$ne":1},"password":true}',
      '{"email":"a@example.com","password":"Str0ng!Passw0rd","data":{"x":"\\u0000"}}',
      '{"data":"not-an-object","email":"b@example.com","password":"Str0ng!Passw0rd"}',
      `{"phone":"${'9'.repeat(40)}","password":"Str0ng!Passw0rd"}`,
      '{"type":"recovery","token_hash":"\'; drop table auth.users; --"}',
      '{"factor_type":"totp","friendly_name":["x"]}',
      '{"challenge_id":"not-a-uuid","code":123456}',
      '{"code_challenge":"short","code_challenge_method":"s256","email":"c@example.com"}',
      '{"refresh_token":12}',
    ];
    const routes: [string, string][] = [
      ['POST', '/signup'],
      ['POST', '/token?grant_type=password'],
      ['POST', '/token?grant_type=refresh_token'],
      ['POST', '/token?grant_type=pkce'],
      ['POST', '/token?grant_type=id_token'],
      ['POST', '/otp'],
      ['POST', '/verify'],
      ['POST', '/recover'],
      ['POST', '/resend'],
      ['PUT', '/user'],
      ['POST', '/factors'],
      ['POST', '/factors/00000000-0000-0000-0000-000000000000/verify'],
      ['POST', '/factors/x/challenge'],
      ['POST', '/logout?scope=x'],
      ['POST', '/admin/users'],
      ['GET', '/verify?type=signup&token=x&redirect_to=javascript:alert(1)'],
    ];
    for (const [method, path] of routes) {
      for (const body of bodies) {
        const res = await fetch(`${server.url}/auth/v1${path}`, {
          method,
          headers: { apikey: server.anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
          body: method === 'GET' ? undefined : body,
          redirect: 'manual',
        });
        expect(res.status, `${method} ${path} ${body}`).toBeLessThan(500);
        if (res.status >= 400) expect((await res.json()).error_code).toEqual(expect.any(String));
      }
    }
  });
});
