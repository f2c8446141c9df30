// RPC: POST /rpc/fn with named JSON arguments, or GET/HEAD with arguments in the query
// string. Arguments go through json_to_record with the declared types from the catalogue,
// the function runs once in a CTE, and set-returning results take filters, order and
// limits like a table.
import { ApiError } from '../errors';
import type { Catalog, Routine, Table } from './catalog';
import { qualified, quoteIdent, readSql, type Statement } from './sql-builder';

function signature(name: string, args: string[]) {
  return `public.${name}(${args.join(', ')})`;
}

export function findRoutine(catalog: Catalog, name: string, argNames: string[]): Routine {
  const overloads = catalog.routines.get(name) ?? [];
  const matches = overloads.filter(
    (r) => argNames.every((a) => r.args.some((x) => x.name === a)) && r.args.every((x) => x.hasDefault || argNames.includes(x.name)),
  );
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((m) => signature(name, m.args.map((a) => `${a.name} => ${a.type}`))).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const asked = argNames.length ? `with parameter${argNames.length > 1 ? 's' : ''} ${argNames.join(', ')}` : 'without parameters';
  const hint = overloads[0] ? `Perhaps you meant to call the function ${signature(name, overloads[0].args.map((a) => a.name))}` : null;
  throw new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${signature(name, argNames)} in the schema cache`,
    `Searched for the function public.${name} ${asked}, but no matches were found in the schema cache.`,
    hint,
  );
}

/** The table-like view of a composite result, so select/filters/order work on it. */
function resultTable(catalog: Catalog, routine: Routine): Table | undefined {
  if (routine.result.kind !== 'composite') return undefined;
  const { columns, table } = routine.result;
  if (table && catalog.tables.has(table)) return catalog.tables.get(table);
  const list = columns.map((c) => ({ name: c.name, type: c.type, default: null, identity: false, generated: false }));
  return { name: routine.name, kind: 'view', columns: new Map(list.map((c) => [c.name, c])), columnList: list, primaryKey: [], uniqueKeys: [] };
}

/**
 * One statement returning (body, page_total, total): body is the JSON text of the result
 * (array, object or scalar) or null for void.
 */
export function rpcSql(
  st: Statement,
  routine: Routine,
  args: { names: string[]; json: string },
  options: { count: boolean; stripNulls: boolean },
): string {
  const provided = routine.args.filter((a) => args.names.includes(a.name));
  const call = `${qualified(routine)}(${provided.map((a) => `${quoteIdent(a.name)} := pgrst_args.${quoteIdent(a.name)}`).join(', ')})`;
  const from = provided.length
    ? `json_to_record(${st.bind(args.json)}::json) as pgrst_args(${provided.map((a) => `${quoteIdent(a.name)} ${a.type}`).join(', ')}) cross join lateral ${call}`
    : call;
  const result = routine.result;
  if (result.kind === 'void') {
    return `select null::text as body, count(*)::int as page_total, null::int8 as total from ${from} as pgrst_call`;
  }
  if (result.kind === 'scalar') {
    const source = `with pgrst_source as materialized (select pgrst_call.pgrst_scalar from ${from} as pgrst_call(pgrst_scalar))`;
    const limit = st.params.limit.get('');
    const offset = st.params.offset.get('');
    const page = `select pgrst_scalar from pgrst_source${limit !== undefined ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
    const total = options.count ? '(select count(*) from pgrst_source)' : 'null::int8';
    if (!routine.returnsSet) {
      return `${source} select coalesce((select to_json(pgrst_scalar)::text from pgrst_source limit 1), 'null') as body, 1 as page_total, null::int8 as total`;
    }
    const body = `coalesce(json_agg(pgrst_page.pgrst_scalar), '[]'::json)::text`;
    return `${source} select ${body} as body, count(*)::int as page_total, ${total}::int8 as total from (${page}) pgrst_page`;
  }
  const table = resultTable(st.catalog, routine)!;
  const source = `with pgrst_source as materialized (select pgrst_call.* from ${from} as pgrst_call) `;
  return source + readSql(st, table, { source: 'pgrst_source', count: options.count, stripNulls: options.stripNulls });
}
