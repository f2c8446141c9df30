// What the change feed needs to know about a table, read from the catalogue: its columns
// with their type names (realtime-js converts values by typname), primary key, row level
// security and replica identity.
import type { Queryable } from '../db';

type Column = { name: string; type: string };

export type TableInfo = {
  oid: number;
  schema: string;
  table: string;
  columns: Column[];
  primaryKey: string[];
  rlsEnabled: boolean;
  replicaIdentityFull: boolean;
  published: boolean;
};

type Row = {
  oid: number;
  schema: string;
  table: string;
  columns: Column[];
  primary_key: string[] | null;
  rls: boolean;
  replident: string;
  published: boolean;
};

const TABLE_INFO_SQL = `
  select c.oid::int8 as oid, n.nspname as schema, c.relname as table,
    coalesce((
      select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    ), '[]'::json) as columns,
    (
      select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
      where i.indrelid = c.oid and i.indisprimary
    ) as primary_key,
    c.relrowsecurity as rls,
    c.relreplident::text as replident,
    exists (
      select 1 from pg_publication_tables pt
      where pt.pubname = 'supabase_realtime' and pt.schemaname = n.nspname and pt.tablename = c.relname
    ) as published
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname = $1 and c.relname = $2`;

export async function tableInfo(db: Queryable, schema: string, table: string): Promise<TableInfo | undefined> {
  const { rows } = await db.query<Row>(TABLE_INFO_SQL, [schema, table]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    oid: Number(row.oid),
    schema: row.schema,
    table: row.table,
    columns: row.columns,
    primaryKey: row.primary_key ?? [],
    rlsEnabled: row.rls,
    replicaIdentityFull: row.replident === 'f',
    published: row.published,
  };
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualifiedName = (info: Pick<TableInfo, 'schema' | 'table'>) => `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`;
