// Seeding for the Chromium benches: one staff user (the owner of a new organization, signed up
// through the auth API like a real user) and bulk rows of that organization, written with SQL
// through the backend's own database handle. Nothing in the product is disabled: the triggers
// number the estimates and recompute the stored totals from the items as usual.
import type { TestServer } from '../../../supabase/local/testing/harness';
import { createTestClient } from '../../../supabase/local/testing/harness';

const BENCH_PASSWORD = 'Bench-Password-1';

export type BenchUser = { email: string; password: string; userId: string; orgId: string };

export async function signUpOwner(server: TestServer, email: string): Promise<BenchUser> {
  const client = createTestClient(server);
  const { data, error } = await client.auth.signUp({ email, password: BENCH_PASSWORD });
  if (error || !data.user) throw new Error(`sign-up of ${email} failed: ${error?.message ?? 'no user returned'}`);
  const { data: orgs, error: orgError } = await client.from('organizations').select('id');
  if (orgError || !orgs?.[0]) throw new Error(`the new user has no organization: ${orgError?.message ?? 'none visible'}`);
  await client.auth.signOut();
  return { email, password: BENCH_PASSWORD, userId: data.user.id, orgId: orgs[0].id as string };
}

// 20 × 10 customer names, so a two- or three-letter prefix narrows the list the way a person's
// search does (e.g. "ha" matches Harbor…, "harb" only Harbor…).
const FIRST = ['Acme', 'Harbor', 'Summit', 'Cedar', 'Granite', 'Maple', 'Riverside', 'Northwind', 'Bluebird', 'Oakridge',
  'Pioneer', 'Silverline', 'Evergreen', 'Lakeside', 'Ironwood', 'Sunrise', 'Westfield', 'Brightwater', 'Copper', 'Redstone'];
const SECOND = ['Builders', 'Homes', 'Renovations', 'Construction', 'Interiors', 'Roofing', 'Landscaping', 'Plumbing', 'Electric', 'Design'];
const CUSTOMER_NAMES = FIRST.flatMap((a) => SECOND.map((b) => `${a} ${b}`));

async function hasColumn(server: TestServer, table: string, column: string): Promise<boolean> {
  const { rows } = await server.ctx.db.query(
    `select 1 from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name = $2`,
    [table, column],
  );
  return rows.length > 0;
}

export type SeedOptions = { estimates: number; itemsPerEstimate: number; accounts?: number };

/**
 * Accounts, estimates (round-robin over the accounts, one title word per trade) and
 * `itemsPerEstimate` items each. Items go in per chunk of estimates, one statement each, so
 * the totals triggers run in reasonably sized transactions. Returns the seconds it took.
 */
export async function seedEstimates(server: TestServer, user: BenchUser, options: SeedOptions): Promise<number> {
  const started = performance.now();
  const db = server.ctx.db;
  const accountCount = Math.min(options.accounts ?? CUSTOMER_NAMES.length, CUSTOMER_NAMES.length);
  await db.query(
    `insert into public.accounts (org_id, owner_id, name) select $1, $2, n from unnest($3::text[]) n`,
    [user.orgId, user.userId, CUSTOMER_NAMES.slice(0, accountCount)],
  );
  // The lead is adding a customer_name column to estimates; fill it when it exists.
  const customerColumn = (await hasColumn(server, 'estimates', 'customer_name')) ? ', customer_name' : '';
  const customerValue = customerColumn ? ', a.name' : '';
  const chunk = 1000;
  for (let from = 1; from <= options.estimates; from += chunk) {
    const to = Math.min(options.estimates, from + chunk - 1);
    await db.query(
      `with a as (select id, name, row_number() over (order by name) - 1 as k from public.accounts where org_id = $1)
       insert into public.estimates (org_id, owner_id, title, account_id, tax_rate, created_at${customerColumn})
       select $1, $2,
              (array['Kitchen remodel', 'Roof repair', 'Deck build', 'Bathroom refresh', 'Office fit-out', 'Garden design', 'Window replacement', 'Basement finish'])[1 + i % 8] || ' ' || i,
              a.id, 8.25, now() - (i || ' minutes')::interval${customerValue}
       from generate_series($3::int, $4::int) i join a on a.k = i % $5`,
      [user.orgId, user.userId, from, to, accountCount],
    );
    if (options.itemsPerEstimate > 0) {
      await db.query(
        `insert into public.estimate_items (org_id, estimate_id, name, quantity, unit_price_cents, unit_cost_cents, sort_order)
         select e.org_id, e.id, 'Line ' || k, k, 1000 + k * 137, 600 + k * 71, k
         from (select id, org_id from public.estimates where org_id = $1 and title ~ ' ([0-9]+)$'
               and substring(title from ' ([0-9]+)$')::int between $2 and $3) e
         cross join generate_series(1, $4::int) k`,
        [user.orgId, from, to, options.itemsPerEstimate],
      );
    }
  }
  // PGlite has no autovacuum, so a freshly seeded table has no statistics, as in the product
  // until something runs ANALYZE; BENCH_ANALYZE=1 measures the state after one.
  if (process.env.BENCH_ANALYZE === '1') await db.exec('analyze');
  return (performance.now() - started) / 1000;
}

/** Row counts of one organization, to check a seed or a sync result. */
export async function countRows(server: TestServer, table: string, orgId: string): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number | string }>(`select count(*)::int as n from public.${table} where org_id = $1`, [orgId]);
  return Number(rows[0]?.n ?? 0);
}

const TRADES = ['Kitchen remodel', 'Roof repair', 'Deck build', 'Bathroom refresh', 'Office fit-out', 'Garden design', 'Window replacement', 'Basement finish'];

export type BulkSeedOptions = SeedOptions & {
  /** The number of the first estimate (titles and numbers go on from there); 1 by default. */
  first?: number;
  /**
   * Writes the estimates as if an old transaction had (this _txid, e.g. '3'): rows behind
   * every device's checkpoint, which an incremental pull never returns. Items only without it.
   */
  txid?: string;
};

/**
 * The data of seedEstimates (same accounts, titles, numbers and items), written in bulk: one
 * transaction with the per-row triggers off (session_replication_role = replica, as
 * tests/bench/analytics.ts does), a multi-row INSERT per table, the organization's number
 * counter moved past the numbers used, and one UPDATE storing each new estimate's totals
 * from compute_totals() (the server's own function). What the triggers would have derived is
 * written here: number, customer_name, totals. Returns the seconds it took.
 */
export async function seedEstimatesBulk(server: TestServer, user: BenchUser, options: BulkSeedOptions): Promise<number> {
  if (options.txid && options.itemsPerEstimate > 0) throw new Error('seedEstimatesBulk: items need the estimates of the same transaction');
  const started = performance.now();
  const first = options.first ?? 1;
  const last = first + options.estimates - 1;
  const accountCount = Math.min(options.accounts ?? CUSTOMER_NAMES.length, CUSTOMER_NAMES.length);
  await server.ctx.db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    await tx.query(
      `insert into public.accounts (org_id, owner_id, name)
       select $1, $2, n from unnest($3::text[]) n
       where not exists (select 1 from public.accounts a where a.org_id = $1)`,
      [user.orgId, user.userId, CUSTOMER_NAMES.slice(0, accountCount)],
    );
    await tx.query(
      `with a as (select id, name, row_number() over (order by name) - 1 as k from public.accounts where org_id = $1),
            o as (select estimate_prefix as prefix from public.organizations where id = $1)
       insert into public.estimates (org_id, owner_id, number, title, account_id, customer_name, tax_rate, created_at, updated_at, _modified, _txid)
       select $1, $2, o.prefix || lpad(i::text, 6, '0'), ($6::text[])[1 + i % 8] || ' ' || i, a.id, a.name, 8.25,
              now() - (i || ' minutes')::interval, now(), now(), coalesce($7::xid8, pg_current_xact_id())
       from generate_series($3::int, $4::int) i join a on a.k = i % $5 cross join o`,
      [user.orgId, user.userId, first, last, accountCount, TRADES, options.txid ?? null],
    );
    await tx.query(
      `insert into public.estimate_number_counters (org_id, last_value) values ($1, $2)
       on conflict (org_id) do update set last_value = greatest(public.estimate_number_counters.last_value, excluded.last_value)`,
      [user.orgId, last],
    );
    if (options.itemsPerEstimate === 0) return;
    await tx.query(
      `insert into public.estimate_items (org_id, estimate_id, name, quantity, unit_price_cents, unit_cost_cents, sort_order)
       select e.org_id, e.id, 'Line ' || k, k, 1000 + k * 137, 600 + k * 71, k
       from public.estimates e cross join generate_series(1, $2::int) k
       where e.org_id = $1 and e._txid = pg_current_xact_id()`,
      [user.orgId, options.itemsPerEstimate],
    );
    await tx.query(
      `update public.estimates e set (subtotal_cents, applied_discount_cents, tax_cents, total_cents, cost_cents, margin_cents, margin_percent) =
         (select t.subtotal_cents, t.applied_discount_cents, t.tax_cents, t.total_cents, t.cost_cents, t.margin_cents, t.margin_percent
          from private.compute_totals(e.id, e.discount_cents, e.tax_rate) t)
       where e.org_id = $1 and e._txid = pg_current_xact_id()`,
      [user.orgId],
    );
  });
  if (process.env.BENCH_ANALYZE === '1') await server.ctx.db.exec('analyze');
  return (performance.now() - started) / 1000;
}
