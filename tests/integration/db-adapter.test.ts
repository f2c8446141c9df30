import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../supabase/local/db';
import { backendsToTest, createTestDatabase } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();

async function waitFor(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(backends)('database adapter on %s', (backend) => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (backend === 'postgres') {
      const database = await createTestDatabase();
      drop = database.drop;
      db = await openPostgres(database.url, 4);
    } else {
      db = await openPglite();
    }
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('returns timestamps as Postgres prints them, int8 as numbers and numeric as exact strings', async () => {
    const { rows } = await db.query<{ t: string; n: number; x: string; j: { a: number } }>(
      `select '2024-05-01 12:34:56.789012+00'::timestamptz at time zone 'UTC' as t, 42::int8 as n, 0.1::numeric(10,3) as x, '{"a":1}'::jsonb as j`,
    );
    expect(rows[0]).toEqual({ t: '2024-05-01 12:34:56.789012', n: 42, x: '0.100', j: { a: 1 } });
  });

  it('rolls a failed transaction back and keeps serving', async () => {
    await db.exec('create table t_tx (id int primary key)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t_tx values (1)');
        await tx.query('insert into t_tx values (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from t_tx');
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses writes in a read-only transaction', async () => {
    await expect(db.transaction((tx) => tx.query('insert into t_tx values (2)'), { readOnly: true })).rejects.toMatchObject({ code: '25006' });
  });

  it('delivers notifications to listeners and stops after unlisten', async () => {
    const got: string[] = [];
    const unlisten = await db.listen('adapter_test', (p) => got.push(p));
    await db.query(`select pg_notify('adapter_test', 'one')`);
    await waitFor(() => got.length === 1, 'the first notification');
    await unlisten();
    await db.query(`select pg_notify('adapter_test', 'two')`);
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual(['one']);
  });

  it.runIf(backend === 'postgres')('listens again after its connection is cut', async () => {
    const got: string[] = [];
    await db.listen('adapter_reconnect', (p) => got.push(p));
    await db.query(`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen%' and datname = current_database()`);
    // Notifications sent while the new connection is being opened may be missed; keep sending.
    for (let i = 0; i < 100 && got.length === 0; i++) {
      await db.query(`select pg_notify('adapter_reconnect', 'after')`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(got).toContain('after');
  });
});
