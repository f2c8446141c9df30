// sync_pull as 20261122000900_sync.sql builds it: pages of up to 5000 rows, each row
// the replicated columns as json. A device must get exactly what the jsonb form handed out
// (to_jsonb of the row without _txid and locked_txid), every row of its organization once,
// and nothing of another organization. The late-commit guarantee is tested on PostgreSQL in
// tests/integration/sync-postgres.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asUser, createTeam, type Team } from './helpers';

const backends = await backendsToTest();

type Row = Record<string, unknown>;
type Page = { documents: Row[]; checkpoint: { txid: string; id: string } | null; blocked: boolean };

const ROWS = 5100;

describe.each(backends)('sync_pull pages on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'pull');
    const other = await createTeam(db, 'elsewhere');
    // Two transactions, so the rows span two _txid values.
    for (const [from, to] of [[1, 3000], [3001, ROWS]]) {
      await db.query(`insert into public.accounts (org_id, name, tags) select $1, 'Account ' || i, 'tag ' || i from generate_series($2::int, $3::int) i`, [team.orgId, from, to]);
    }
    await db.query(`insert into public.accounts (org_id, name) select $1, 'Other ' || i from generate_series(1, 50) i`, [other.orgId]);
  }, 120_000);
  afterAll(() => server?.close());

  const pull = (after: Page['checkpoint'], limit: number) =>
    asUser(db, team.sales, async (tx) => (await tx.query<{ p: Page }>('select public.sync_pull($1, $2, $3, $4) as p', ['accounts', after?.txid ?? null, after?.id ?? null, limit])).rows[0]!.p);

  it('hands out every row of the organization once, in checkpoint order, as the jsonb form did', async () => {
    const seen: Row[] = [];
    let after: Page['checkpoint'] = null;
    for (;;) {
      const page = await pull(after, 700);
      expect(page.blocked).toBe(false);
      seen.push(...page.documents);
      if (page.documents.length < 700) break;
      expect(page.checkpoint?.id).toBe(page.documents.at(-1)!.id);
      after = page.checkpoint;
    }
    expect(seen).toHaveLength(ROWS);
    expect(new Set(seen.map((d) => d.id)).size).toBe(ROWS);
    const expected = await asUser(db, team.sales, async (tx) => {
      await tx.query(`set local timezone = 'UTC'`);
      return (await tx.query<{ d: Row }>(`select to_jsonb(t) - '_txid' - 'locked_txid' as d from public.accounts t order by t._txid, t.id`)).rows.map((r) => r.d);
    });
    expect(seen).toEqual(expected);
    expect(Object.keys(seen[0]!)).not.toContain('_txid');
    expect(Object.keys(seen[0]!)).not.toContain('locked_txid');
  });

  it('answers at most 5000 rows a page, with the checkpoint of the last', async () => {
    const page = await pull(null, 100_000);
    expect(page.documents).toHaveLength(5000);
    const rest = await pull(page.checkpoint, 100_000);
    expect(rest.documents).toHaveLength(ROWS - 5000);
    expect(rest.checkpoint?.id).toBe(rest.documents.at(-1)!.id);
    expect((await pull(rest.checkpoint, 100_000)).documents).toHaveLength(0);
  });
});
