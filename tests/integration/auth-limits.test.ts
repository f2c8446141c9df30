import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();
const PASSWORD = 'Str0ng!Passw0rd';
let counter = 0;
const uniqueEmail = () => `limit${Date.now()}${counter++}@example.com`;

describe.each(backends)('auth rate limits on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, {
      RATE_LIMITS: 'true',
      RATE_LIMIT_IP_REQUESTS: '6',
      RATE_LIMIT_EMAIL_REQUESTS: '3',
      RATE_LIMIT_EMAIL_SENT: '2',
    });
  });
  afterAll(() => server?.close());

  it('limits sign-in attempts per e-mail with 429 over_request_rate_limit', async () => {
    const email = uniqueEmail();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const { error } = await createTestClient(server).auth.signInWithPassword({ email, password: PASSWORD });
      codes.push(error?.code);
    }
    expect(codes.slice(0, 3)).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials']);
    const { error } = await createTestClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(error?.message).toBe('Request rate limit reached');
  });

  it('limits requests per IP across addresses, shared through Postgres', async () => {
    await server.ctx.db.query(`delete from _local.rate_limits`);
    const results: (string | undefined)[] = [];
    for (let i = 0; i < 7; i++) {
      const { error } = await createTestClient(server).auth.signUp({ email: uniqueEmail(), password: PASSWORD });
      results.push(error?.code);
    }
    expect(results.slice(0, 6)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(results[6]).toBe('over_request_rate_limit');
    const { rows } = await server.ctx.db.query<{ hits: number }>(`select hits from _local.rate_limits where key like 'ip:signup:%'`);
    expect(rows[0]!.hits).toBe(7);
  });

  it('limits e-mails sent to one address with over_email_send_rate_limit, whether or not the account exists', async () => {
    await server.ctx.db.query(`delete from _local.rate_limits`);
    for (const email of [uniqueEmail(), (await createdUser())]) {
      const client = createTestClient(server);
      expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
      expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
      const { error } = await client.auth.resetPasswordForEmail(email);
      expect(error?.status).toBe(429);
      expect(error?.code).toBe('over_email_send_rate_limit');
      expect(error?.message).toBe('Email rate limit exceeded');
    }
  });

  it('limits /otp and /verify per IP', async () => {
    await server.ctx.db.query(`delete from _local.rate_limits`);
    const client = createTestClient(server);
    let last: string | undefined;
    for (let i = 0; i < 7; i++) last = (await client.auth.verifyOtp({ email: uniqueEmail(), token: '123456', type: 'email' })).error?.code;
    expect(last).toBe('over_request_rate_limit');
    for (let i = 0; i < 7; i++) last = (await client.auth.signInWithOtp({ email: uniqueEmail(), options: { shouldCreateUser: false } })).error?.code;
    expect(last).toBe('over_request_rate_limit');
  });

  async function createdUser() {
    const email = uniqueEmail();
    await createTestClient(server, server.serviceRoleKey).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    return email;
  }
});

describe.each(backends)('auth providers that are not configured on %s', (backend) => {
  let server: TestServer;
  let client: ReturnType<typeof createTestClient>;
  beforeAll(async () => {
    server = await startTestServer(backend);
    const email = uniqueEmail();
    client = createTestClient(server);
    await client.auth.signUp({ email, password: PASSWORD });
  });
  afterAll(() => server?.close());

  it('answers signInWithIdToken with provider_disabled', async () => {
    const { error } = await createTestClient(server).auth.signInWithIdToken({ provider: 'google', token: 'header.payload.signature' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('provider_disabled');
    expect(error?.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled');
  });

  it('answers signInWithSSO with saml_provider_disabled', async () => {
    const { error } = await createTestClient(server).auth.signInWithSSO({ domain: 'example.com' });
    expect(error?.status).toBe(404);
    expect(error?.code).toBe('saml_provider_disabled');
    expect(error?.message).toBe('SAML 2.0 is disabled');
  });

  it('answers signInWithWeb3 with web3_provider_disabled', async () => {
    const { error } = await createTestClient(server).auth.signInWithWeb3({ chain: 'ethereum', message: 'hello', signature: '0x00' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('web3_provider_disabled');
    expect(error?.message).toBe('Web3 provider is disabled');
  });

  it('answers linkIdentity and unlinkIdentity with manual_linking_disabled', async () => {
    const linked = await client.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } });
    expect(linked.error?.status).toBe(404);
    expect(linked.error?.code).toBe('manual_linking_disabled');
    expect(linked.error?.message).toBe('Manual linking is disabled');
    const { data } = await client.auth.getUserIdentities();
    const unlinked = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(unlinked.error?.code).toBe('manual_linking_disabled');
  });

  it('answers anonymous sign-in with anonymous_provider_disabled', async () => {
    const { error } = await createTestClient(server).auth.signInAnonymously();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('anonymous_provider_disabled');
  });
});
