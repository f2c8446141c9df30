import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();
const PASSWORD = 'Str0ng!Passw0rd';
let counter = 0;
const uniqueEmail = () => `mail${Date.now()}${counter++}@example.com`;
const uniquePhone = () => `1555${String(Date.now()).slice(-6)}${counter++ % 10}`;

type Message = { kind: string; to: string; subject: string; text: string; links: string[]; codes: string[] };

async function inbox(server: TestServer, to: string): Promise<Message[]> {
  const res = await fetch(`${server.url}/_mail/api?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Message[] }).messages;
}

async function follow(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

describe.each(backends)('auth mail and passwordless flows on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  async function user(email = uniqueEmail()) {
    await createTestClient(server, server.serviceRoleKey).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    return email;
  }

  it('recovers a password through the mailbox link, landing on /auth?reset=true with type=recovery', async () => {
    const email = await user();
    const client = createTestClient(server);
    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: `${server.url}/auth?reset=true` });
    expect(error).toBeNull();
    const [mail] = await inbox(server, email);
    expect(mail).toMatchObject({ kind: 'email', subject: 'Reset your password' });
    expect(mail!.codes).toHaveLength(1);
    const { location, fragment } = await follow(mail!.links[0]!);
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${server.url}/auth?reset=true`);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');

    const set = await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(set.error).toBeNull();
    const newPassword = 'N3w!Password99';
    const updated = await client.auth.updateUser({ password: newPassword });
    expect(updated.error).toBeNull();
    const signIn = await createTestClient(server).auth.signInWithPassword({ email, password: newPassword });
    expect(signIn.error).toBeNull();
    const old = await createTestClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');

    const reused = await follow(mail!.links[0]!);
    expect(reused.fragment.get('error_code')).toBe('otp_expired');
    expect(reused.fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('answers /recover and /otp alike for unknown accounts and sends nothing', async () => {
    const email = uniqueEmail();
    const client = createTestClient(server);
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    expect(await inbox(server, email)).toEqual([]);
  });

  it('signs in with an e-mail one-time code and with the magic link', async () => {
    const email = await user();
    const client = createTestClient(server);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const [first] = await inbox(server, email);
    const wrong = await client.auth.verifyOtp({ email, token: first!.codes[0] === '000000' ? '111111' : '000000', type: 'email' });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
    const { data, error } = await client.auth.verifyOtp({ email, token: first!.codes[0]!, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);

    await createTestClient(server).auth.signInWithOtp({ email, options: { emailRedirectTo: `${server.url}/estimates` } });
    const [magic] = await inbox(server, email);
    expect(magic!.subject).toBe('Your magic link');
    const { location, fragment } = await follow(magic!.links[0]!);
    expect(location.pathname).toBe('/estimates');
    expect(fragment.get('type')).toBe('magiclink');
    expect((await createTestClient(server).auth.getUser(fragment.get('access_token')!)).data.user?.email).toBe(email);
  });

  it('creates the user on a first /otp and confirms the address by the code', async () => {
    const email = uniqueEmail();
    const client = createTestClient(server);
    expect((await client.auth.signInWithOtp({ email, options: { data: { first_name: 'Otto' } } })).error).toBeNull();
    const [mail] = await inbox(server, email);
    expect(mail!.subject).toBe('Confirm your signup');
    const { data, error } = await client.auth.verifyOtp({ email, token: mail!.codes[0]!, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata).toEqual({ first_name: 'Otto' });
  });

  it('sends phone codes by SMS to the mailbox and verifies them', async () => {
    const phone = uniquePhone();
    const client = createTestClient(server);
    const sent = await client.auth.signInWithOtp({ phone: `+${phone}` });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toBeTruthy();
    const [sms] = await inbox(server, phone);
    expect(sms).toMatchObject({ kind: 'sms' });
    const { data, error } = await client.auth.verifyOtp({ phone: `+${phone}`, token: sms!.codes[0]!, type: 'sms' });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(phone);
    expect(data.user?.phone_confirmed_at).toBeTruthy();
  });

  it('updates metadata and changes the e-mail after confirmation through the mailbox', async () => {
    const email = await user();
    const client = createTestClient(server);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const meta = await client.auth.updateUser({ data: { first_name: 'Mary', last_name: 'Shelley' } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata).toEqual({ first_name: 'Mary', last_name: 'Shelley' });

    const newEmail = uniqueEmail();
    const change = await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${server.url}/settings` });
    expect(change.error).toBeNull();
    expect(change.data.user?.email).toBe(email);
    expect(change.data.user?.new_email).toBe(newEmail);
    const [mail] = await inbox(server, newEmail);
    expect(mail!.subject).toBe('Confirm e-mail change');
    const { location, fragment } = await follow(mail!.links[0]!);
    expect(location.pathname).toBe('/settings');
    expect(fragment.get('type')).toBe('email_change');
    const after = await client.auth.getUser();
    expect(after.data.user?.email).toBe(newEmail);
    expect(after.data.user?.new_email).toBeUndefined();
    expect((await createTestClient(server).auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
  });

  it('refuses weak and unchanged passwords on updateUser', async () => {
    const email = await user();
    const client = createTestClient(server);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const weak = await client.auth.updateUser({ password: 'password' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.message).toBe('New password should be different from the old password.');
  });

  it('sends a reauthentication nonce that updateUser accepts once', async () => {
    const email = await user();
    const client = createTestClient(server);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const [mail] = await inbox(server, email);
    const bad = await client.auth.updateUser({ password: 'An0ther!Pass', nonce: '000000' === mail!.codes[0] ? '111111' : '000000' });
    expect(bad.error?.code).toBe('reauthentication_not_valid');
    const ok = await client.auth.updateUser({ password: 'An0ther!Pass', nonce: mail!.codes[0]! });
    expect(ok.error).toBeNull();
  });

  it('shows messages on the /_mail page and clears them through the API', async () => {
    const email = await user();
    await createTestClient(server).auth.resetPasswordForEmail(email);
    const page = await fetch(`${server.url}/_mail`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Reset your password');
    expect(html).toContain(email);
    const cleared = await fetch(`${server.url}/_mail/api`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await inbox(server, email)).toEqual([]);
  });
});

describe.each(backends)('auth without auto-confirm on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { AUTOCONFIRM: 'false' });
  });
  afterAll(() => server?.close());

  it('answers sign-up with the bare user, mails a confirmation link and signs in after it', async () => {
    const email = uniqueEmail();
    const client = createTestClient(server);
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${server.url}/` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    const early = await createTestClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');

    const resent = await client.auth.resend({ type: 'signup', email });
    expect(resent.error).toBeNull();
    const [mail] = await inbox(server, email);
    expect(mail!.subject).toBe('Confirm your signup');
    const { fragment } = await follow(mail!.links[0]!);
    expect(fragment.get('type')).toBe('signup');
    expect((await createTestClient(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('finishes a PKCE recovery with a code exchanged for a session', async () => {
    const email = uniqueEmail();
    await createTestClient(server, server.serviceRoleKey).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const storage = new Map<string, string>();
    const { createClient } = await import('@supabase/supabase-js');
    const client = createClient(server.url, server.anonKey, {
      auth: {
        flowType: 'pkce',
        autoRefreshToken: false,
        detectSessionInUrl: false,
        persistSession: true,
        storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
      },
    });
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: `${server.url}/auth?reset=true` })).error).toBeNull();
    const [mail] = await inbox(server, email);
    const res = await fetch(mail!.links[0]!, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('reset')).toBe('true');
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    const { data, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    const again = await client.auth.exchangeCodeForSession(code!);
    expect(again.error).not.toBeNull();
  });
});
