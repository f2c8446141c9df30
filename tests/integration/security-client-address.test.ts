// One client address (issue 20, item 1): the socket's peer, unless TRUSTED_PROXIES names the
// peer, and then the right-most untrusted X-Forwarded-For hop. A forged X-Forwarded-For is
// never what the access log, the sessions or SQL's request_ip() record.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, startTestServer, type TestServer } from '../../supabase/local/testing/harness';
import { acceptanceEvidence, asUser, createTeam, deviceCopy, insertEstimate, insertItem, uniqueEmail, type Team } from '../../supabase/tests/helpers';

const backends = await backendsToTest();
const PASSWORD = 'Address-Tester-2026!';

function clientWith(server: TestServer, forwardedFor: string): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'X-Forwarded-For': forwardedFor, 'X-Real-IP': '6.6.6.7', 'CF-Connecting-IP': '6.6.6.8' } },
  });
}

/** Signs up the invitee from `forwardedFor`, accepts the invite and returns what was recorded. */
async function recordedAddresses(server: TestServer, team: Team, forwardedFor: string) {
  const db = server.ctx.db;
  const email = uniqueEmail('addr');
  const invite = (await asUser(db, team.owner, (tx) => tx.query<{ r: { token: string; invite_id: string } }>(`select public.create_invite($1, 'viewer') as r`, [email]))).rows[0]!.r;
  const client = clientWith(server, forwardedFor);
  const signUp = await client.auth.signUp({ email, password: PASSWORD });
  expect(signUp.error).toBeNull();
  const accepted = await client.rpc('accept_invite', { token: invite.token });
  expect(accepted.error).toBeNull();
  const seenBySql = await client.rpc('accept_invite', { token: 'not-a-real-token-at-all' });
  expect(seenBySql.status).toBe(404);
  const log = await db.query<{ ip_address: string }>(`select ip_address from public.access_logs where invite_id = $1`, [invite.invite_id]);
  const session = await db.query<{ ip: string }>(`select host(ip) as ip from auth.sessions where user_id = $1`, [signUp.data.user!.id]);
  return { accessLog: log.rows.map((r) => r.ip_address), session: session.rows.map((r) => r.ip) };
}

/** A rep's tablet records the customer's acceptance (as the streamlined flow pushes it) from `forwardedFor`. */
async function recordedAcceptance(server: TestServer, forwardedFor: string): Promise<string> {
  const db = server.ctx.db;
  const client = clientWith(server, forwardedFor);
  const { data, error } = await client.auth.signUp({ email: uniqueEmail('rep'), password: PASSWORD });
  expect(error).toBeNull();
  const userId = data.user!.id;
  const orgId = (await db.query<{ org_id: string }>(`select org_id from public.profiles where user_id = $1`, [userId])).rows[0]!.org_id;
  const estimate = await asUser(db, userId, async (tx) => {
    const row = await insertEstimate(tx, orgId);
    await insertItem(tx, orgId, String(row.id));
    return String(row.id);
  });
  const evidence = await acceptanceEvidence(await deviceCopy(db, estimate));
  const accepted = await client.from('estimates').update({ status: 'accepted', ...evidence, acceptance_ip: '6.6.6.9' }).eq('id', estimate);
  expect(accepted.error).toBeNull();
  return (await db.query<{ acceptance_ip: string }>(`select acceptance_ip from public.estimates where id = $1`, [estimate])).rows[0]!.acceptance_ip;
}

describe.each(backends)('the client address on %s', (backend) => {
  describe('with no trusted proxy (the default)', () => {
    let server: TestServer;
    let team: Team;
    beforeAll(async () => {
      server = await startTestServer(backend);
      team = await createTeam(server.ctx.db, 'noproxy');
    });
    afterAll(() => server?.close());

    it('records the socket peer, never a forged X-Forwarded-For', async () => {
      const recorded = await recordedAddresses(server, team, '6.6.6.6');
      expect(recorded).toEqual({ accessLog: ['127.0.0.1'], session: ['127.0.0.1'] });
      const counted = await server.ctx.db.query(`select client from private.rate_counters where client like '6.6.6.%'`);
      expect(counted.rows).toEqual([]);
    });

    it('records where an acceptance came from, not what the device or a forged header says', async () => {
      expect(await recordedAcceptance(server, '6.6.6.6')).toBe('127.0.0.1');
    });
  });

  describe('behind a trusted proxy', () => {
    let server: TestServer;
    let team: Team;
    beforeAll(async () => {
      server = await startTestServer(backend, { TRUSTED_PROXIES: '127.0.0.1/32, ::1' });
      team = await createTeam(server.ctx.db, 'proxy');
    });
    afterAll(() => server?.close());

    it('records the right-most untrusted hop the proxy appended, not a value the client put first', async () => {
      const recorded = await recordedAddresses(server, team, '6.6.6.6, 203.0.113.5');
      expect(recorded).toEqual({ accessLog: ['203.0.113.5'], session: ['203.0.113.5'] });
      const counted = await server.ctx.db.query<{ client: string }>(`select client from private.rate_counters where bucket = 'token_lookup'`);
      expect(counted.rows.map((r) => r.client)).toEqual(['203.0.113.5']);
    });

    it('records the client behind the proxy on an acceptance', async () => {
      expect(await recordedAcceptance(server, '6.6.6.6, 203.0.113.6')).toBe('203.0.113.6');
    });
  });
});
