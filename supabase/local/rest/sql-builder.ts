// Turns parsed query parameters into one SQL statement. Identifiers come from the catalogue
// (quoted), values are bound as $n parameters, and the JSON is built by Postgres itself
// (json_agg/row_to_json) so values print exactly as Postgres prints them.
import { ApiError } from '../errors';
import type { Catalog, Table } from './catalog';
import type { Condition, Filter, OrderTerm, QueryParams, SelectItem } from './query-params';
import { findRelationship, type Relationship } from './relationships';

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(table: { name: string }): string {
  return `"public".${quoteIdent(table.name)}`;
}

function unknownColumn(table: string, column: string): ApiError {
  return new ApiError(400, '42703', `column ${table}.${column} does not exist`);
}

/** Collects bound values and hands out table aliases for one statement. */
export class Statement {
  readonly values: unknown[] = [];
  private aliases = 0;
  /** Embed paths that the select made available, to reject filters on unknown ones. */
  readonly knownPaths = new Set<string>(['']);

  constructor(
    readonly catalog: Catalog,
    readonly params: QueryParams,
  ) {}

  bind(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  alias(prefix = 't'): string {
    return `pgrst_${prefix}${this.aliases++}`;
  }
}

type Output = { expr: string; name: string };
type SelectList = { outputs: Output[]; joins: string[] };

function childPath(path: string, key: string) {
  return path ? `${path}.${key}` : key;
}

function columnExpr(table: Table, alias: string, name: string): string {
  if (!table.columns.has(name)) throw unknownColumn(table.name, name);
  return `${alias}.${quoteIdent(name)}`;
}

function embedKey(item: Extract<SelectItem, { kind: 'embed' }>) {
  return item.alias ?? item.relation;
}

function joinCondition(rel: Relationship, targetAlias: string, sourceAlias: string): string[] {
  return rel.pairs.map((p) => `${targetAlias}.${quoteIdent(p.target)} = ${sourceAlias}.${quoteIdent(p.source)}`);
}

function where(conditions: string[]): string {
  return conditions.length ? ` where ${conditions.join(' and ')}` : '';
}

/** The select list of one table node, with embeds as correlated subqueries. */
function selectList(st: Statement, table: Table, alias: string, items: SelectItem[], path: string): SelectList {
  const outputs: Output[] = [];
  const joins: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of table.columnList) outputs.push({ expr: `${alias}.${quoteIdent(column.name)}`, name: column.name });
      continue;
    }
    if (item.kind === 'column') {
      const cast = item.cast ? `::${item.cast}` : '';
      outputs.push({ expr: `${columnExpr(table, alias, item.name)}${cast}`, name: item.alias ?? item.name });
      continue;
    }
    const rel = findRelationship(st.catalog, table, item.relation, item.hints);
    const key = embedKey(item);
    const sub = childPath(path, key);
    st.knownPaths.add(sub);
    const target = st.alias();
    const child = selectList(st, rel.target, target, item.items, sub);
    const conditions = [...joinCondition(rel, target, alias), ...nodeConditions(st, rel.target, target, item.items, sub)];
    const body = `select ${child.outputs.map((o) => `${o.expr} as ${quoteIdent(o.name)}`).join(', ')} from ${qualified(rel.target)} ${target}${child.joins.join('')}${where(conditions)}`;
    if (item.spread) {
      if (!rel.toOne) {
        throw new ApiError(400, 'PGRST119', `A spread operation on '${item.relation}' is not possible`, `'${table.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`);
      }
      const spread = st.alias('s');
      joins.push(` ${item.inner ? 'inner' : 'left'} join lateral (${body} limit 1) ${spread} on true`);
      for (const o of child.outputs) outputs.push({ expr: `${spread}.${quoteIdent(o.name)}`, name: o.name });
      continue;
    }
    if (item.items.length === 0) continue;
    const row = st.alias('e');
    if (rel.toOne) {
      outputs.push({ expr: `(select row_to_json(${row}) from (${body} limit 1) ${row})`, name: key });
    } else {
      const paged = `${body}${orderBy(st, rel.target, target, item.items, sub)}${limitOffset(st, sub)}`;
      outputs.push({ expr: `coalesce((select json_agg(${row}) from (${paged}) ${row}), '[]'::json)`, name: key });
    }
  }
  return { outputs, joins };
}

/** `exists (...)` for an embed: used by !inner and by `rel=not.is.null`. */
function embedExists(st: Statement, table: Table, alias: string, item: Extract<SelectItem, { kind: 'embed' }>, path: string): string {
  const rel = findRelationship(st.catalog, table, item.relation, item.hints);
  const sub = childPath(path, embedKey(item));
  const target = st.alias();
  const conditions = [...joinCondition(rel, target, alias), ...nodeConditions(st, rel.target, target, item.items, sub)];
  return `exists (select 1 from ${qualified(rel.target)} ${target}${where(conditions)})`;
}

/** Filters of this node plus the !inner embeds below it. */
export function nodeConditions(st: Statement, table: Table, alias: string, items: SelectItem[], path: string): string[] {
  const conditions = (st.params.filters.get(path) ?? []).map((f) => filterSql(st, table, alias, items, path, f));
  for (const item of items) {
    if (item.kind === 'embed' && item.inner) conditions.push(embedExists(st, table, alias, item, path));
  }
  return conditions;
}

const COMPARISON: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-', isdistinct: 'is distinct from',
};
const FTS_FUNCTIONS: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };
const IS_SQL: Record<string, string> = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' };

function likePattern(op: string, value: string) {
  return op === 'like' || op === 'ilike' ? value.replace(/\*/g, '%') : value;
}

function conditionSql(st: Statement, table: Table, alias: string, items: SelectItem[], path: string, c: Condition): string {
  if (!table.columns.has(c.column)) {
    const embed = items.find((i): i is Extract<SelectItem, { kind: 'embed' }> => i.kind === 'embed' && embedKey(i) === c.column);
    if (embed && c.op === 'is' && (c.value === 'null' || c.value === 'not_null')) {
      const exists = embedExists(st, table, alias, embed, path);
      return (c.value === 'null') !== c.negated ? `not ${exists}` : exists;
    }
    throw unknownColumn(table.name, c.column);
  }
  const column = `${alias}.${quoteIdent(c.column)}`;
  let sql: string;
  if (c.op === 'is') sql = `${column} ${IS_SQL[c.value]}`;
  else if (c.op === 'in') sql = c.list!.length ? `${column} in (${c.list!.map((v) => st.bind(v)).join(', ')})` : 'false';
  else if (c.op in FTS_FUNCTIONS) {
    const language = c.language ? `${st.bind(c.language)}::regconfig, ` : '';
    const vector = table.columns.get(c.column)!.type === 'tsvector' ? column : `to_tsvector(${language}${column})`;
    sql = `${vector} @@ ${FTS_FUNCTIONS[c.op]}(${language}${st.bind(c.value)})`;
  } else if (c.quantifier) {
    const values = c.value.slice(1, -1) === '' ? [] : splitArrayLiteral(c.value.slice(1, -1)).map((v) => likePattern(c.op, v));
    sql = `${column} ${COMPARISON[c.op]} ${c.quantifier} (${st.bind(arrayLiteral(values))}::text[])`;
  } else {
    sql = `${column} ${COMPARISON[c.op]} ${st.bind(likePattern(c.op, c.value))}`;
  }
  return c.negated ? `not (${sql})` : sql;
}

function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** `a,"b,c"` inside {...}, for like(any) and friends. */
function splitArrayLiteral(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= text.length) {
    if (text[i] === '"') {
      let v = '';
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') i++;
        v += text[i++] ?? '';
      }
      i++;
      out.push(v);
    } else {
      const end = text.indexOf(',', i);
      out.push(text.slice(i, end < 0 ? text.length : end));
      i = end < 0 ? text.length : end;
    }
    if (text[i] !== ',') break;
    i++;
  }
  return out;
}

function filterSql(st: Statement, table: Table, alias: string, items: SelectItem[], path: string, f: Filter): string {
  if (f.kind === 'condition') return conditionSql(st, table, alias, items, path, f);
  const parts = f.children.map((child) => filterSql(st, table, alias, items, path, child));
  const joined = `(${parts.join(f.op === 'and' ? ' and ' : ' or ')})`;
  return f.negated ? `not ${joined}` : joined;
}

function orderTermSql(st: Statement, table: Table, alias: string, items: SelectItem[], term: OrderTerm): string {
  let expr: string;
  if (term.relation) {
    const embed = items.find((i): i is Extract<SelectItem, { kind: 'embed' }> => i.kind === 'embed' && embedKey(i) === term.relation);
    if (!embed) throw new ApiError(400, 'PGRST108', `'${term.relation}' is not an embedded resource in this request`);
    const rel = findRelationship(st.catalog, table, embed.relation, embed.hints);
    if (!rel.toOne) throw new ApiError(400, 'PGRST118', `A related order on '${term.relation}' is not possible`, `'${table.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`);
    const target = st.alias();
    expr = `(select ${columnExpr(rel.target, target, term.column)} from ${qualified(rel.target)} ${target}${where(joinCondition(rel, target, alias))} limit 1)`;
  } else {
    expr = columnExpr(table, alias, term.column);
  }
  const direction = term.direction === 'desc' ? ' desc' : ' asc';
  const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
  return `${expr}${direction}${nulls}`;
}

function orderBy(st: Statement, table: Table, alias: string, items: SelectItem[], path: string): string {
  const terms = st.params.order.get(path);
  if (!terms?.length) return '';
  return ` order by ${terms.map((t) => orderTermSql(st, table, alias, items, t)).join(', ')}`;
}

function limitOffset(st: Statement, path: string): string {
  const limit = st.params.limit.get(path);
  const offset = st.params.offset.get(path);
  return `${limit !== undefined ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
}

/** Rejects filters, order or limits on embeds that the select does not contain. */
function checkPaths(st: Statement): void {
  for (const map of [st.params.filters, st.params.order, st.params.limit, st.params.offset]) {
    for (const path of map.keys()) {
      if (!st.knownPaths.has(path)) {
        throw new ApiError(400, 'PGRST108', `'${path}' is not an embedded resource in this request`, null, `Verify that '${path}' is included in the 'select' query parameter.`);
      }
    }
  }
}

export type ReadOptions = {
  /** Read rows from this CTE (e.g. a write's RETURNING) instead of the table. */
  source?: string;
  count?: boolean;
  stripNulls?: boolean;
  /** Skip filters/order/limit (they already applied to the write). */
  unfiltered?: boolean;
  /** More output columns, e.g. a count of inserted rows. */
  extra?: string;
};

/** The body (a JSON array as text), the page size and optionally the total count. */
export function readSql(st: Statement, table: Table, options: ReadOptions = {}): string {
  const items = st.params.select ?? [{ kind: 'star' }];
  const alias = st.alias();
  const list = selectList(st, table, alias, items, '');
  const conditions = options.unfiltered ? [] : nodeConditions(st, table, alias, items, '');
  const tail = options.unfiltered ? '' : `${orderBy(st, table, alias, items, '')}${limitOffset(st, '')}`;
  const from = options.source ? `${options.source} ${alias}` : `${qualified(table)} ${alias}`;
  const columns = list.outputs.map((o) => `${o.expr} as ${quoteIdent(o.name)}`).join(', ');
  const inner = `select ${columns} from ${from}${list.joins.join('')}${where(conditions)}${tail}`;
  const row = st.alias('r');
  const agg = options.stripNulls ? `json_strip_nulls(coalesce(json_agg(${row}), '[]'::json))` : `coalesce(json_agg(${row}), '[]'::json)`;
  let total = 'null::bigint';
  if (options.count) {
    const countAlias = st.alias();
    const conditionsForCount = options.unfiltered ? [] : nodeConditions(st, table, countAlias, items, '');
    total = `(select count(*) from ${options.source ?? qualified(table)} ${countAlias}${where(conditionsForCount)})`;
  }
  checkPaths(st);
  return `select ${agg}::text as body, count(*)::int as page_total, ${total}::int8 as total${options.extra ?? ''} from (${inner}) ${row}`;
}
