// Guarantees that need two connections, so only PostgreSQL can show them (PGlite has one).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = (await backendsToTest()).filter((b) => b === 'postgres');
const PASSWORD = 'Sync-Test-Password-1';

type Checkpoint = { txid: string; id: string } | null;
type Page = { documents: { id: string; name: string; _modified: string }[]; checkpoint: Checkpoint; blocked: boolean };

describe.runIf(backends.length > 0)('sync guarantees on postgres', () => {
  let server: TestServer;
  let sql: pg.Client;
  let client: SupabaseClient;
  let orgId: string;

  beforeAll(async () => {
    server = await startTestServer('postgres');
    client = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const { error } = await client.auth.signUp({ email: 'late@example.com', password: PASSWORD });
    if (error) throw error;
    const { data } = await client.from('organizations').select('id');
    orgId = (data as { id: string }[])[0]!.id;
    sql = new pg.Client({ connectionString: server.config.DATABASE_URL });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await client?.removeAllChannels();
    await server?.close();
  });

  async function pull(checkpoint: Checkpoint): Promise<Page> {
    const { data, error } = await client.rpc('sync_pull', { p_table: 'accounts', p_after_txid: checkpoint?.txid ?? null, p_after_id: checkpoint?.id ?? null, p_limit: 100 });
    if (error) throw error;
    return data as Page;
  }

  it('a transaction that commits late is still pulled (a _modified checkpoint would skip it)', async () => {
    let checkpoint = (await pull(null)).checkpoint;
    const late = new pg.Client({ connectionString: server.config.DATABASE_URL });
    await late.connect();
    try {
      await late.query('begin');
      await late.query(`insert into public.accounts (org_id, name) values ($1, 'Late A')`, [orgId]);
      await sql.query(`insert into public.accounts (org_id, name) values ($1, 'Early B')`, [orgId]);

      const whileOpen = await pull(checkpoint);
      // B committed after A started: handing B out now would move the checkpoint past A.
      expect(whileOpen.documents.map((d) => d.name)).toEqual([]);
      expect(whileOpen.blocked).toBe(true);
      // What a timestamp checkpoint would have done: take B and move past A's timestamp.
      const byTime = await sql.query<{ name: string; _modified: string }>(`select name, _modified::text from public.accounts where org_id = $1 order by _modified desc limit 1`, [orgId]);
      expect(byTime.rows[0]!.name).toBe('Early B');
      checkpoint = whileOpen.checkpoint ?? checkpoint;

      await late.query('commit');
    } finally {
      await late.end();
    }
    const after = await pull(checkpoint);
    expect(after.documents.map((d) => d.name)).toEqual(['Late A', 'Early B']);
    expect(after.blocked).toBe(false);
    const lateRow = await sql.query<{ late_modified: boolean }>(
      `select (select _modified from public.accounts where name = 'Late A') < (select _modified from public.accounts where name = 'Early B') as late_modified`,
    );
    // A's timestamp is older than B's: a `_modified > last seen` pull after B would never return A.
    expect(lateRow.rows[0]!.late_modified).toBe(true);
  });

  it("a row's later version may carry a smaller _txid, never an earlier _modified (what orders a realtime row, sync/live-rows.ts)", async () => {
    const { rows: created } = await sql.query<{ id: string }>(`insert into public.accounts (org_id, name) values ($1, 'Ordered v0') returning id`, [orgId]);
    const id = created[0]!.id;
    const first = new pg.Client({ connectionString: server.config.DATABASE_URL });
    const second = new pg.Client({ connectionString: server.config.DATABASE_URL });
    await Promise.all([first.connect(), second.connect()]);
    type Version = { txid: string; micros: string };
    const stamped = `returning _txid::text as txid, (extract(epoch from _modified) * 1000000)::bigint::text as micros`;
    try {
      // The first transaction takes its id before the second, and writes the row after it.
      await first.query('begin');
      await first.query(`insert into public.accounts (org_id, name) values ($1, 'Ordered other')`, [orgId]);
      await second.query('begin');
      const v1 = (await second.query<Version>(`update public.accounts set name = 'Ordered v1' where id = $1 ${stamped}`, [id])).rows[0]!;
      const firstPid = (await first.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const writing = first.query<Version>(`update public.accounts set name = 'Ordered v2' where id = $1 ${stamped}`, [id]);
      // Wait until the first transaction waits for the row lock, then let the second commit.
      for (;;) {
        const { rows } = await sql.query<{ waiting: boolean }>(`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`, [firstPid]);
        if (rows[0]?.waiting) break;
      }
      await second.query('commit');
      const v2 = (await writing).rows[0]!;
      await first.query('commit');
      // v2 is newer: in pull order ((_txid, id)) it sits before v1, by _modified after it.
      expect(BigInt(v2.txid)).toBeLessThan(BigInt(v1.txid));
      expect(BigInt(v2.micros)).toBeGreaterThan(BigInt(v1.micros));
      const { rows } = await sql.query<{ name: string }>(`select name from public.accounts where id = $1`, [id]);
      expect(rows[0]!.name).toBe('Ordered v2');
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('final estimate numbers stay unique and gap-free when several devices push at once', async () => {
    const devices = Array.from({ length: 5 }, () => crypto.randomUUID());
    const perDevice = 8;
    const responses = await Promise.all(
      devices.map((device) =>
        client.rpc('sync_push', {
          p_device_id: device,
          p_changes: Array.from({ length: perDevice }, (_, i) => {
            const id = crypto.randomUUID();
            return { seq: i + 1, table: 'estimates', doc: { id, org_id: orgId, number: `DRAFT-${id.slice(0, 8)}`, title: `Device estimate ${i}` } };
          }),
        }),
      ),
    );
    for (const response of responses) {
      expect(response.error).toBeNull();
      expect((response.data as unknown as { results: { status: string }[] }).results.every((r) => r.status === 'applied')).toBe(true);
    }
    const { rows } = await sql.query<{ number: string }>(`select number from public.estimates where org_id = $1 order by number`, [orgId]);
    expect(rows).toHaveLength(devices.length * perDevice);
    expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => `EST-${String(i + 1).padStart(6, '0')}`));
  });
});
