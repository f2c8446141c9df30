// INSERT/upsert, UPDATE and DELETE as PostgREST builds them (QueryBuilder.hs): the JSON
// body is bound once and expanded with jsonb_populate_record, so Postgres converts every
// value to the column's type; RETURNING feeds the representation through a CTE.
import { ApiError } from '../errors';
import type { Column, Table } from './catalog';
import type { Preferences } from './preferences';
import { nodeConditions, qualified, quoteIdent, readSql, type Statement } from './sql-builder';

function unknownBodyColumn(table: Table, column: string): ApiError {
  return new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table.name}' in the schema cache`);
}

function checkColumns(table: Table, names: string[]): Column[] {
  return names.map((name) => {
    const column = table.columns.get(name);
    if (!column) throw unknownBodyColumn(table, name);
    return column;
  });
}

type Representation = { representation: boolean; stripNulls: boolean };

/**
 * With a representation: one row (body, page_total, total, inserted?) read from the
 * write's RETURNING. Without: the bare write, because RETURNING would make Postgres apply
 * the SELECT policies to the new rows, which PostgREST's return=minimal avoids.
 */
function withRepresentation(st: Statement, table: Table, write: string, options: Representation, extra = ''): string {
  if (!options.representation) return write;
  return `with pgrst_source as (${write}) ${readSql(st, table, { source: 'pgrst_source', stripNulls: options.stripNulls, unfiltered: true, extra })}`;
}

export type InsertBody = { text: string; rows: Record<string, unknown>[] };

export function insertSql(st: Statement, table: Table, body: InsertBody, prefs: Preferences, options: Representation): string {
  const missingDefault = prefs.missing === 'default';
  let names = st.params.columns ?? [...new Set(body.rows.flatMap((r) => Object.keys(r)))];
  checkColumns(table, names);
  if (missingDefault) names = names.filter((n) => body.rows.some((r) => n in r));
  const alias = st.alias();
  const source = `jsonb_array_elements(${st.bind(body.text)}::jsonb) with ordinality as pgrst_e(r, i) cross join lateral jsonb_populate_record(null::${qualified(table)}, pgrst_e.r) as pgrst_p`;
  const exprs = names.map((name) => {
    const value = `pgrst_p.${quoteIdent(name)}`;
    if (!missingDefault || body.rows.every((r) => name in r)) return value;
    const column = table.columns.get(name)!;
    const fallback = column.identity
      ? `nextval(pg_get_serial_sequence(${st.bind(`"public".${quoteIdent(table.name)}`)}, ${st.bind(name)}))`
      : column.default && !column.generated
        ? column.default
        : 'null';
    return `case when pgrst_e.r ? ${st.bind(name)} then ${value} else ${fallback} end`;
  });
  const target = names.length ? ` (${names.map(quoteIdent).join(', ')})` : '';
  let write = `insert into ${qualified(table)} as ${alias}${target} select ${exprs.join(', ')} from ${source} order by pgrst_e.i`;
  const upsert = prefs.resolution !== undefined;
  if (upsert) {
    const conflict = st.params.onConflict ?? table.primaryKey;
    checkColumns(table, conflict);
    const targetCols = conflict.length ? ` (${conflict.map(quoteIdent).join(', ')})` : '';
    if (prefs.resolution === 'merge-duplicates' && names.length) {
      if (!conflict.length) throw new ApiError(400, 'PGRST103', `'${table.name}' has no primary key; use on_conflict to name the unique columns`);
      write += ` on conflict${targetCols} do update set ${names.map((n) => `${quoteIdent(n)} = excluded.${quoteIdent(n)}`).join(', ')}`;
    } else {
      write += ` on conflict${targetCols} do nothing`;
    }
  }
  if (!options.representation) return withRepresentation(st, table, write, options);
  const inserted = upsert ? `, (${alias}.xmax::text = '0') as pgrst_inserted` : ', true as pgrst_inserted';
  write += ` returning ${alias}.*${inserted}`;
  return withRepresentation(st, table, write, options, ', (select count(*) from pgrst_source where pgrst_inserted)::int as inserted');
}

export function updateSql(st: Statement, table: Table, body: { text: string; keys: string[] }, options: Representation): string {
  checkColumns(table, body.keys);
  const alias = st.alias();
  const items = st.params.select ?? [{ kind: 'star' as const }];
  const conditions = nodeConditions(st, table, alias, items, '');
  const assignments = body.keys.map((k) => `${quoteIdent(k)} = pgrst_p.${quoteIdent(k)}`).join(', ');
  const whereSql = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const write = `update ${qualified(table)} as ${alias} set ${assignments} from jsonb_populate_record(null::${qualified(table)}, ${st.bind(body.text)}::jsonb) as pgrst_p${whereSql}${options.representation ? ` returning ${alias}.*` : ''}`;
  return withRepresentation(st, table, write, options);
}

export function deleteSql(st: Statement, table: Table, options: Representation): string {
  const alias = st.alias();
  const items = st.params.select ?? [{ kind: 'star' as const }];
  const conditions = nodeConditions(st, table, alias, items, '');
  const whereSql = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const write = `delete from ${qualified(table)} as ${alias}${whereSql}${options.representation ? ` returning ${alias}.*` : ''}`;
  return withRepresentation(st, table, write, options);
}
