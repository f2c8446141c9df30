// Loads supabase/seed.sql once, on a database that has no organization yet (a fresh data
// directory or an empty DATABASE_URL), as `supabase db reset` would.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db';
import { repoRoot } from './migrate';

const seedFile = path.join(repoRoot, 'supabase/seed.sql');

export async function seedIfEmpty(db: Db, file = seedFile): Promise<boolean> {
  const sql = await readFile(file, 'utf8').catch(() => undefined);
  if (!sql) return false;
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7243003)');
    await tx.exec('create table if not exists _local.seeded (file text primary key, at timestamptz not null default now())');
    const done = await tx.query('select 1 from _local.seeded where file = $1', ['seed.sql']);
    if (done.rows.length) return false;
    await tx.exec(sql);
    await tx.query('insert into _local.seeded (file) values ($1)', ['seed.sql']);
    return true;
  });
}
