// Applies bootstrap SQL, then supabase/migrations/*.sql in file order, each exactly once,
// recorded in supabase_migrations.schema_migrations as the Supabase CLI records them.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
const migrationsDir = path.join(repoRoot, 'supabase/migrations');
const localSqlDir = path.join(here, 'sql');

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

type MigrationFile = { version: string; name: string; file: string };

async function listMigrations(dir = migrationsDir): Promise<MigrationFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((m): m is { file: string; match: RegExpExecArray } => m.match !== null)
    .map(({ file, match }) => ({ version: match[1]!, name: match[2]!, file: path.join(dir, file) }))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** The platform layer: bootstrap.sql first, then every other file of sql/ in name order. */
export async function bootstrap(db: Db): Promise<void> {
  const files = (await readdir(localSqlDir)).filter((f) => f.endsWith('.sql')).sort((a, b) =>
    a === 'bootstrap.sql' ? -1 : b === 'bootstrap.sql' ? 1 : a.localeCompare(b),
  );
  // A lock keeps two processes starting on one PostgreSQL from racing through the DDL.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7243001)');
    for (const file of files) await tx.exec(await readFile(path.join(localSqlDir, file), 'utf8'));
  });
}

/** Applies pending migrations in order; `progress` hears each one before it runs (first start). */
export async function migrate(db: Db, dir = migrationsDir, progress?: (message: string) => void): Promise<string[]> {
  const applied: string[] = [];
  const migrations = await listMigrations(dir);
  for (const [i, migration] of migrations.entries()) {
    const sql = await readFile(migration.file, 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(7243002)');
      const seen = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [migration.version]);
      if (seen.rows.length > 0) return false;
      progress?.(`  migration ${i + 1}/${migrations.length}: ${migration.name}`);
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        migration.version,
        migration.name,
        [sql],
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}

export async function pendingMigrations(db: Db, dir = migrationsDir): Promise<string[]> {
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const seen = new Set(rows.map((r) => r.version));
  return (await listMigrations(dir)).filter((m) => !seen.has(m.version)).map((m) => m.version);
}
