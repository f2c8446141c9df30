import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest, startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const backends = await backendsToTest();

describe.each(backends)('server basics on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  it('reports health with the database kind and no pending migrations', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', database: backend, migrations: { pending: [] } });
  });

  it('serves /config.json with the URL the browser used and a verifiable anon key', async () => {
    const res = await fetch(`${server.url}/config.json`);
    const body = (await res.json()) as { supabaseUrl: string; supabaseAnonKey: string };
    expect(body.supabaseUrl).toBe(server.url.replace('127.0.0.1', '127.0.0.1'));
    const claims = await server.ctx.keys.verify(body.supabaseAnonKey);
    expect(claims.role).toBe('anon');
  });

  it('publishes the public signing key, never the private part', async () => {
    const res = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('records migrations and does not apply them twice', async () => {
    const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations');
    const { migrate } = await import('../../supabase/local/migrate');
    expect(await migrate(server.ctx.db)).toEqual([]);
    const again = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations');
    expect(again.rows[0]!.n).toBe(rows[0]!.n);
  });
});
