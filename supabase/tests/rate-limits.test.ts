// The token limiter in the database (20261125000100_rate_limits.sql): failed token lookups are
// counted per client address and 10-minute window in one row; the 21st failed lookup from an
// address gets PostgREST's 429 with Retry-After; other addresses are unaffected; old windows
// are pruned. The address is the one the server computed: the test server trusts loopback as
// a proxy, so each test speaks for its own address through X-Forwarded-For.
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asUser, createTeam, uniqueEmail, type Team } from './helpers';

const backends = await backendsToTest();
const PASSWORD = 'Limit-Tester-2026!';
let lastAddress = 0;
const nextAddress = () => `198.51.100.${++lastAddress}`;

describe.each(backends)('the token limiter on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUSTED_PROXIES: 'loopback' });
    db = server.ctx.db;
    team = await createTeam(db, 'limits');
  });
  afterAll(() => server?.close());

  /** A signed-in staff user calling from `address`. */
  async function staffAt(address: string, email = uniqueEmail('guesser')) {
    const client = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'X-Forwarded-For': address } },
    });
    const { error } = await client.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    const { data } = await client.auth.getSession();
    return { client, token: data.session!.access_token };
  }

  const acceptRaw = (address: string, accessToken: string, token: string) =>
    fetch(`${server.url}/rest/v1/rpc/accept_invite`, {
      method: 'POST',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ token }),
    });

  const counters = async (address: string) =>
    (await db.query<{ hits: number }>(`select hits from private.rate_counters where bucket = 'token_lookup' and client = $1`, [address])).rows;

  it('answers a wrong invite 404 in PostgREST’s error shape and counts it in one row, without a log row per failure', async () => {
    const address = nextAddress();
    const { token } = await staffAt(address);
    const logsBefore = (await db.query<{ n: number }>(`select count(*)::int as n from public.access_logs`)).rows[0]!.n;
    for (let i = 0; i < 3; i++) {
      const res = await acceptRaw(address, token, randomUUID() + randomUUID());
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'invalid_invite', message: 'This invitation is invalid or has expired', details: null, hint: null });
    }
    expect(await counters(address)).toEqual([{ hits: 3 }]);
    expect((await db.query<{ n: number }>(`select count(*)::int as n from public.access_logs`)).rows[0]!.n).toBe(logsBefore);
  });

  it('refuses the 21st failed lookup from one address with 429, Retry-After and a plain message; other addresses go on', async () => {
    const guesser = nextAddress();
    const { token } = await staffAt(guesser);
    for (let i = 0; i < 20; i++) expect((await acceptRaw(guesser, token, `guess-${i}-${randomUUID()}`)).status).toBe(404);
    const refused = await acceptRaw(guesser, token, `guess-21-${randomUUID()}`);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await refused.json()).toEqual({
      code: 'too_many_requests',
      message: 'Too many attempts with invalid links or codes. Please wait 10 minutes and try again.',
      details: null,
      hint: null,
    });
    expect(await counters(guesser)).toEqual([{ hits: 20 }]);

    // A valid invite keeps working from another address, through supabase-js.
    const email = uniqueEmail('invitee');
    const invite = (await asUser(db, team.owner, (tx) => tx.query<{ r: { token: string } }>(`select public.create_invite($1, 'sales') as r`, [email]))).rows[0]!.r;
    const invitee = await staffAt(nextAddress(), email);
    const { data, error } = await invitee.client.rpc('accept_invite', { token: invite.token });
    expect(error).toBeNull();
    expect(data).toEqual({ org_id: team.orgId, role: 'sales' });
    // The guesser stays refused even with that valid token.
    expect((await acceptRaw(guesser, token, invite.token)).status).toBe(429);
  });

  it('counts invite tokens tried at sign-up against the same limit', async () => {
    const address = nextAddress();
    const client = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'X-Forwarded-For': address } },
    });
    await db.query(
      `insert into private.rate_counters (bucket, client, window_start, hits) values ('token_lookup', $1, private.rate_window_start(interval '10 minutes'), 19)`,
      [address],
    );
    const first = await client.auth.signUp({ email: uniqueEmail('tries'), password: PASSWORD, options: { data: { invite_token: `x${randomUUID()}` } } });
    expect(first.error).toBeNull();
    expect(await counters(address)).toEqual([{ hits: 20 }]);
    const second = await client.auth.signUp({ email: uniqueEmail('tries'), password: PASSWORD, options: { data: { invite_token: `x${randomUUID()}` } } });
    expect(second.error?.status).toBe(429);
    expect(second.error?.message).toMatch(/Too many attempts/);
  });

  it('shares the limit with password-recovery codes and links checked by the auth service', async () => {
    const address = nextAddress();
    const email = uniqueEmail('recovering');
    await staffAt(nextAddress(), email);
    const verify = (body: Record<string, string>, from: string) =>
      fetch(`${server.url}/auth/v1/verify`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': from },
        body: JSON.stringify(body),
      });
    // Ten wrong invites and ten wrong recovery codes from one address: one counter.
    const { token } = await staffAt(address);
    for (let i = 0; i < 10; i++) expect((await acceptRaw(address, token, `guess-${i}-${randomUUID()}`)).status).toBe(404);
    for (let i = 0; i < 10; i++) expect((await verify({ type: 'recovery', email, token: String(100000 + i) }, address)).status).toBe(403);
    expect(await counters(address)).toEqual([{ hits: 20 }]);

    const refused = await verify({ type: 'recovery', email, token: '123456' }, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ code: 'over_request_rate_limit', message: expect.stringMatching(/^Too many attempts/) });

    // The real link still opens from the owner's own address.
    const client = createClient(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = (await (await fetch(`${server.url}/_mail/api?to=${encodeURIComponent(email)}`)).json()) as { messages: { codes: string[] }[] };
    const opened = await verify({ type: 'recovery', email, token: mail.messages[0]!.codes[0]! }, nextAddress());
    expect(opened.status).toBe(200);
  });

  it('prunes windows older than a day as new hits are counted', async () => {
    await db.query(
      `insert into private.rate_counters (bucket, client, window_start, hits)
       select 'token_lookup', '192.0.2.' || i, now() - interval '2 days' - i * interval '1 minute', 5 from generate_series(1, 5) i`,
    );
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': '192.0.2.200' })]);
      await tx.query(`select private.record_failed_token_lookup()`);
    });
    const old = await db.query(`select 1 from private.rate_counters where window_start < now() - interval '1 day'`);
    expect(old.rows).toEqual([]);
    expect(await counters('192.0.2.200')).toEqual([{ hits: 1 }]);
  });

  it('counts per fixed window: a hit in a new window starts a new row', async () => {
    const address = '192.0.2.201';
    await db.query(
      `insert into private.rate_counters (bucket, client, window_start, hits)
       values ('token_lookup', $1, private.rate_window_start(interval '10 minutes') - interval '10 minutes', 20)`,
      [address],
    );
    const limited = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': address })]);
      return (await tx.query<{ limited: boolean }>(`select private.rate_limited('token_lookup', 20, interval '10 minutes') as limited`)).rows[0]!.limited;
    });
    expect(limited).toBe(false);
  });

  it('keeps the counters out of reach of API roles', async () => {
    const { client } = await staffAt(nextAddress());
    const { error } = await client.from('rate_counters').select('*');
    expect(error?.code).toBe('PGRST205');
    for (const role of ['anon', 'authenticated']) {
      const { rows } = await db.query<{ ok: boolean }>(`select has_table_privilege($1, 'private.rate_counters', 'select') as ok`, [role]);
      expect(rows[0]!.ok).toBe(false);
    }
  });
});
