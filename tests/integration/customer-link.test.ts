// The customer link's RPCs over HTTP, as the page calls them with supabase-js: every kind of
// bad token gets the very same response (status and body) from every token RPC; a valid one
// answers without cost, margin or internal notes; and after 20 failed lookups the address
// gets 429 with Retry-After, valid tokens included.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, createTestClient, startTestServer, type TestServer } from '../../supabase/local/testing/harness';
import { asUser, createTeam, insertEstimate, insertItem, type Team } from '../../supabase/tests/helpers';

const backends = await backendsToTest();

describe.each(backends)('the customer link over HTTP on %s', (backend) => {
  let server: TestServer;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    team = await createTeam(server.ctx.db, 'link-http');
  });
  afterAll(() => server?.close());

  async function sentEstimate(): Promise<{ id: string; token: string }> {
    const db = server.ctx.db;
    const id = await asUser(db, team.sales, async (tx) => {
      const e = await insertEstimate(tx, team.orgId, { title: 'Fence' });
      await insertItem(tx, team.orgId, String(e.id), { name: 'Cedar fence', quantity: 10, unit_price_cents: 5000, unit_cost_cents: 2500 });
      await tx.query(`insert into public.comments (org_id, estimate_id, body, internal) values ($1, $2, 'Internal: thin margin here', true)`, [team.orgId, e.id]);
      return String(e.id);
    });
    await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = 'sent' where id = $1`, [id]));
    const token = (await asUser(db, team.sales, (tx) => tx.query<{ t: string }>(`select public.issue_estimate_link($1) as t`, [id]))).rows[0]!.t;
    return { id, token };
  }

  /** One RPC as the page sends it: POST, anon key, JSON arguments; the raw status and body. */
  async function raw(fn: string, args: Record<string, unknown>) {
    const response = await fetch(`${server.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    return { status: response.status, body: await response.text(), retryAfter: response.headers.get('retry-after') };
  }

  it('answers every kind of bad token alike, on every token RPC', async () => {
    const db = server.ctx.db;
    const [expired, revoked, deleted] = [await sentEstimate(), await sentEstimate(), await sentEstimate()];
    await db.query(`update public.estimate_links set expires_at = now() - interval '1 minute' where estimate_id = $1`, [expired.id]);
    await asUser(db, team.sales, (tx) => tx.query(`select public.rotate_estimate_links($1)`, [revoked.id]));
    // Staff cannot delete a sent estimate any more (only never-sent drafts); the server can.
    await db.query(`update public.estimates set _deleted = true where id = $1`, [deleted.id]);
    const bad = { unknown: 'A'.repeat(43), malformed: "'; select pg_sleep(1); --", expired: expired.token, revoked: revoked.token, deleted: deleted.token };

    const calls = (token: string) => [
      raw('estimate_by_link_token', { p_token: token }),
      raw('accept_estimate_by_link', {
        p_token: token, p_key: randomUUID(), p_version_id: randomUUID(), p_name: 'Pat', p_signature: 'data:image/svg+xml,x', p_signature_method: 'drawn', p_agreed: true,
      }),
    ];
    const answers = new Map<string, string>();
    for (const [kind, token] of Object.entries(bad)) {
      for (const answer of await Promise.all(calls(token))) answers.set(`${answer.status} ${answer.body}`, kind);
    }
    expect([...answers.keys()]).toEqual(['200 null']);
    await db.query(`delete from private.rate_counters where bucket = 'token_lookup'`);
  });

  it('gives a valid token the estimate through supabase-js, without cost, margin or internal notes', async () => {
    const { id, token } = await sentEstimate();
    const client = createTestClient(server);
    const { data, error } = await client.rpc('estimate_by_link_token', { p_token: token });
    expect(error).toBeNull();
    expect(data).toMatchObject({ estimate_id: id, status: 'viewed', snapshot: { items: [{ name: 'Cedar fence', line_net_cents: 50000 }] } });
    const keys: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          keys.push(k);
          walk(v);
        }
      }
    };
    walk(data);
    expect(keys.filter((k) => /cost|margin/i.test(k))).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('Internal');
  });

  it('answers 429 with Retry-After after 20 failed lookups from one address, for valid tokens too', async () => {
    const { token } = await sentEstimate();
    await server.ctx.db.query(`delete from private.rate_counters where bucket = 'token_lookup'`);
    for (let i = 0; i < 20; i++) expect((await raw('estimate_by_link_token', { p_token: `${'B'.repeat(40)}${i}` })).body).toBe('null');
    const blocked = await raw('estimate_by_link_token', { p_token: token });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(blocked.body)).toMatchObject({ code: 'too_many_requests', message: 'Too many attempts with invalid links or codes. Please wait 10 minutes and try again.' });
    await server.ctx.db.query(`delete from private.rate_counters where bucket = 'token_lookup'`);
    expect((await raw('estimate_by_link_token', { p_token: token })).status).toBe(200);
  });
});
