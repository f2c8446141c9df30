import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();
const PASSWORD = 'Str0ng!Passw0rd';
let counter = 0;
const uniqueEmail = () => `mfa${Date.now()}${counter++}@example.com`;

const totpFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

describe.each(backends)('auth MFA on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  async function signedIn(email = uniqueEmail()) {
    await createTestClient(server, server.serviceRoleKey).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = createTestClient(server);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    return { client, email };
  }

  async function enrolTotp(client: ReturnType<typeof createTestClient>) {
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet', issuer: 'Estimates' });
    expect(error).toBeNull();
    return data!;
  }

  it('enrols TOTP with an SVG QR code, verifies a code and raises the session to aal2', async () => {
    const { client, email } = await signedIn();
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const factor = await enrolTotp(client);
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Tablet');
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.uri).toContain(`otpauth://totp/Estimates:${encodeURIComponent(email)}?`);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);
    const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totpFor(factor.totp.secret).generate() });
    expect(verified.error).toBeNull();

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    expect(aal.data?.nextLevel).toBe('aal2');
    expect(aal.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual(expect.arrayContaining(['password', 'totp']));
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors?.totp.map((f) => f.id)).toEqual([factor.id]);
    expect(factors?.totp[0]?.status).toBe('verified');

    const fresh = createTestClient(server);
    await fresh.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await fresh.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
  });

  it('accepts a code one time step away, refuses two steps away and never the same code twice', async () => {
    const { client } = await signedIn();
    const factor = await enrolTotp(client);
    const totp = totpFor(factor.totp.secret);
    const now = Date.now();
    const challenge = async () => (await client.auth.mfa.challenge({ factorId: factor.id })).data!.id;

    const far = await client.auth.mfa.verify({ factorId: factor.id, challengeId: await challenge(), code: totp.generate({ timestamp: now - 65_000 }) });
    expect(far.error?.status).toBe(422);
    expect(far.error?.code).toBe('mfa_verification_failed');
    expect(far.error?.message).toBe('Invalid TOTP code entered');

    const previous = totp.generate({ timestamp: now - 30_000 });
    expect((await client.auth.mfa.verify({ factorId: factor.id, challengeId: await challenge(), code: previous })).error).toBeNull();
    const replay = await client.auth.mfa.verify({ factorId: factor.id, challengeId: await challenge(), code: previous });
    expect(replay.error?.code).toBe('mfa_verification_failed');
  });

  it('refuses a stale challenge and a factor of another user', async () => {
    const { client } = await signedIn();
    const factor = await enrolTotp(client);
    const { data } = await client.auth.mfa.challenge({ factorId: factor.id });
    await server.ctx.db.query(`update auth.mfa_challenges set created_at = now() - interval '10 minutes' where id = $1`, [data!.id]);
    const stale = await client.auth.mfa.verify({ factorId: factor.id, challengeId: data!.id, code: totpFor(factor.totp.secret).generate() });
    expect(stale.error?.code).toBe('mfa_challenge_expired');

    const other = await signedIn();
    const foreign = await other.client.auth.mfa.challenge({ factorId: factor.id });
    expect(foreign.error?.status).toBe(404);
    expect(foreign.error?.code).toBe('mfa_factor_not_found');
  });

  it('enrols a phone factor whose code arrives by SMS in the mailbox', async () => {
    const { client } = await signedIn();
    const phone = `1555${String(Date.now()).slice(-7)}`;
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'phone', phone: `+${phone}`, friendlyName: 'Work phone' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'phone', phone });
    const challenge = await client.auth.mfa.challenge({ factorId: data!.id });
    expect(challenge.error).toBeNull();
    const res = await fetch(`${server.url}/_mail/api?to=${phone}`);
    const [sms] = ((await res.json()) as { messages: { kind: string; codes: string[] }[] }).messages;
    expect(sms!.kind).toBe('sms');
    const verified = await client.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.data!.id, code: sms!.codes[0]! });
    expect(verified.error).toBeNull();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
  });

  it('needs aal2 to unenrol a verified factor', async () => {
    const { client, email } = await signedIn();
    const factor = await enrolTotp(client);
    await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpFor(factor.totp.secret).generate() });

    const other = createTestClient(server);
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const refused = await other.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('insufficient_aal');

    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });
});
