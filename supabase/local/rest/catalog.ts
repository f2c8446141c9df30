// The schema cache: tables, views, columns, keys, foreign keys and functions of schema
// public, read from the system catalogues. Every identifier the REST layer puts into SQL
// comes from here, never from the request. The cache reloads when a request names
// something it does not know and the catalogue fingerprint shows that DDL happened.
import type { Db } from '../db';

export type Column = {
  name: string;
  type: string;
  default: string | null;
  identity: boolean;
  generated: boolean;
};

export type Table = {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  columnList: Column[];
  primaryKey: string[];
  uniqueKeys: string[][];
};

export type ForeignKey = { name: string; table: string; columns: string[]; refTable: string; refColumns: string[] };

type RoutineArg = { name: string; type: string; hasDefault: boolean };

type RoutineResult =
  | { kind: 'void' }
  | { kind: 'scalar'; type: string }
  | { kind: 'composite'; columns: { name: string; type: string }[]; table?: string };

export type Routine = {
  name: string;
  args: RoutineArg[];
  returnsSet: boolean;
  result: RoutineResult;
};

export type Catalog = {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
  fingerprint: string;
};

const FINGERPRINT_SQL = `
select concat_ws('/',
  (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from pg_class where relnamespace = 'public'::regnamespace),
  (select count(*) || ':' || coalesce(max(a.xmin::text::bigint), 0) from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relnamespace = 'public'::regnamespace),
  (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from pg_proc where pronamespace = 'public'::regnamespace),
  (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from pg_constraint where connamespace = 'public'::regnamespace),
  (select count(*) || ':' || coalesce(max(i.xmin::text::bigint), 0) from pg_index i join pg_class c on c.oid = i.indrelid where c.relnamespace = 'public'::regnamespace)
) as fingerprint`;

const TABLES_SQL = `
select c.relname as name, c.relkind as kind,
  coalesce(json_agg(json_build_object(
    'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'default', pg_get_expr(d.adbin, d.adrelid),
    'identity', a.attidentity <> '', 'generated', a.attgenerated <> '') order by a.attnum) filter (where a.attnum is not null), '[]') as columns
from pg_class c
left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')
group by c.oid, c.relname, c.relkind`;

const KEYS_SQL = `
select c.relname as table, i.indisprimary as primary,
  to_json(array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(n, o)
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o)) as columns
from pg_index i join pg_class c on c.oid = i.indrelid
where c.relnamespace = 'public'::regnamespace and i.indisunique and i.indpred is null and i.indexprs is null`;

const FOREIGN_KEYS_SQL = `
select con.conname as name, c.relname as table, fc.relname as ref_table,
  to_json(array(select a.attname::text from unnest(con.conkey) with ordinality k(n, o)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o)) as columns,
  to_json(array(select a.attname::text from unnest(con.confkey) with ordinality k(n, o)
    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o)) as ref_columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_class fc on fc.oid = con.confrelid
where con.contype = 'f' and c.relnamespace = 'public'::regnamespace and fc.relnamespace = 'public'::regnamespace
order by con.conname`;

const ROUTINES_SQL = `
select p.proname as name, p.proretset as returns_set, p.prorettype = 'void'::regtype as returns_void,
  format_type(p.prorettype, null) as ret_type, p.pronargs as nargs, p.pronargdefaults as ndefaults,
  to_json(coalesce(p.proargnames, '{}'::text[])) as arg_names,
  to_json(coalesce(p.proargmodes::text[], '{}'::text[])) as arg_modes,
  to_json(array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, o) order by o)) as arg_types,
  case when rt.typrelid <> 0 then (
    select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
    from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped) end as ret_columns,
  (select c.relname from pg_class c where c.oid = rt.typrelid and c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')) as ret_table
from pg_proc p join pg_type rt on rt.oid = p.prorettype
where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'`;

type TableRow = { name: string; kind: string; columns: Column[] };
type KeyRow = { table: string; primary: boolean; columns: string[] };
type ForeignKeyRow = { name: string; table: string; ref_table: string; columns: string[]; ref_columns: string[] };
type RoutineRow = {
  name: string;
  returns_set: boolean;
  returns_void: boolean;
  ret_type: string;
  nargs: number;
  ndefaults: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  ret_columns: { name: string; type: string }[] | null;
  ret_table: string | null;
};

async function fingerprint(db: Db): Promise<string> {
  const { rows } = await db.query<{ fingerprint: string }>(FINGERPRINT_SQL);
  return rows[0]!.fingerprint;
}

function toRoutine(row: RoutineRow): Routine | undefined {
  const modes = row.arg_modes.length ? row.arg_modes : row.arg_types.map(() => 'i');
  const inputs: { name: string; type: string }[] = [];
  const outputs: { name: string; type: string }[] = [];
  modes.forEach((mode, i) => {
    const arg = { name: row.arg_names[i] ?? '', type: row.arg_types[i]! };
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push(arg);
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push(arg);
  });
  // Named notation is the only way PostgREST passes arguments.
  if (inputs.some((a) => a.name === '') || modes.includes('v')) return undefined;
  const firstDefault = inputs.length - row.ndefaults;
  const args = inputs.map((a, i) => ({ ...a, hasDefault: i >= firstDefault }));
  let result: RoutineResult;
  if (row.returns_void) result = { kind: 'void' };
  else if (outputs.length > 0) result = { kind: 'composite', columns: outputs };
  else if (row.ret_columns) result = { kind: 'composite', columns: row.ret_columns, table: row.ret_table ?? undefined };
  else if (row.ret_type === 'record') return undefined;
  else result = { kind: 'scalar', type: row.ret_type };
  return { name: row.name, args, returnsSet: row.returns_set, result };
}

async function loadCatalog(db: Db): Promise<Catalog> {
  const print = await fingerprint(db);
  const [tables, keys, foreignKeys, routines] = await Promise.all([
    db.query<TableRow>(TABLES_SQL),
    db.query<KeyRow>(KEYS_SQL),
    db.query<ForeignKeyRow>(FOREIGN_KEYS_SQL),
    db.query<RoutineRow>(ROUTINES_SQL),
  ]);
  const catalog: Catalog = { tables: new Map(), foreignKeys: [], routines: new Map(), fingerprint: print };
  for (const row of tables.rows) {
    catalog.tables.set(row.name, {
      name: row.name,
      kind: row.kind === 'r' || row.kind === 'p' ? 'table' : 'view',
      columns: new Map(row.columns.map((c) => [c.name, c])),
      columnList: row.columns,
      primaryKey: [],
      uniqueKeys: [],
    });
  }
  for (const key of keys.rows) {
    const table = catalog.tables.get(key.table);
    if (!table) continue;
    if (key.primary) table.primaryKey = key.columns;
    table.uniqueKeys.push(key.columns);
  }
  catalog.foreignKeys = foreignKeys.rows.map((r) => ({
    name: r.name,
    table: r.table,
    columns: r.columns,
    refTable: r.ref_table,
    refColumns: r.ref_columns,
  }));
  for (const row of routines.rows) {
    const routine = toRoutine(row);
    if (!routine) continue;
    const list = catalog.routines.get(routine.name) ?? [];
    list.push(routine);
    catalog.routines.set(routine.name, list);
  }
  return catalog;
}

/** One cached catalogue per database, reloaded only when its fingerprint changed. */
export type CatalogCache = {
  get(): Promise<Catalog>;
  /** Reloads if DDL happened since the last load; returns whether anything changed. */
  refreshIfChanged(): Promise<boolean>;
  invalidate(): void;
  /** The database reported a missing object: check the fingerprint before the next use. */
  markStale(): void;
};

function createCatalogCache(db: Db): CatalogCache {
  let current: Promise<Catalog> | undefined;
  let stale = false;
  const load = () => {
    const loading = loadCatalog(db);
    current = loading;
    loading.catch(() => {
      if (current === loading) current = undefined;
    });
    return loading;
  };
  const cache: CatalogCache = {
    async get() {
      if (stale) {
        stale = false;
        await cache.refreshIfChanged();
      }
      return current ?? load();
    },
    async refreshIfChanged() {
      if (!current) {
        await load();
        return true;
      }
      const known = await current.catch(() => undefined);
      if (known && known.fingerprint === (await fingerprint(db))) return false;
      await load();
      return true;
    },
    invalidate() {
      current = undefined;
    },
    markStale() {
      stale = true;
    },
  };
  return cache;
}

const caches = new WeakMap<Db, CatalogCache>();

export function catalogCacheFor(db: Db): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createCatalogCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/** Drops the cached schema of this database, e.g. after DDL (PostgREST's "reload schema"). */
export function invalidateCatalog(db: Db): void {
  catalogCacheFor(db).invalidate();
}
