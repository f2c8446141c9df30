// Parses PostgREST's query string grammar (QueryParams.hs): select with renames, casts,
// embeds and spreads; filters with negation and operator modifiers; and/or trees with
// nesting and quoting; order; limit/offset; columns and on_conflict. The result holds
// names and values only; nothing here touches SQL.
import { ApiError } from '../errors';

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; name: string; alias?: string; cast?: string }
  | { kind: 'embed'; relation: string; alias?: string; hints: string[]; inner: boolean; spread: boolean; items: SelectItem[] };

type Operator =
  | 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch' | 'is' | 'isdistinct'
  | 'in' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj' | 'fts' | 'plfts' | 'phfts' | 'wfts';

export type Condition = {
  kind: 'condition';
  column: string;
  negated: boolean;
  op: Operator;
  /** like(any)/like(all) etc. */
  quantifier?: 'any' | 'all';
  /** fts(english) */
  language?: string;
  value: string;
  list?: string[];
};

type Tree = { kind: 'tree'; op: 'and' | 'or'; negated: boolean; children: Filter[] };
export type Filter = Condition | Tree;

export type OrderTerm = { column: string; relation?: string; direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' };

export type QueryParams = {
  select?: SelectItem[];
  /** Keyed by embed path: '' is the requested table, 'a.b' the embed b inside embed a. */
  filters: Map<string, Filter[]>;
  order: Map<string, OrderTerm[]>;
  limit: Map<string, number>;
  offset: Map<string, number>;
  columns?: string[];
  onConflict?: string[];
  /** Every parameter as sent, for RPC arguments passed by GET. */
  raw: [string, string][];
};

const OPERATORS = new Set<string>([
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct',
  'in', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
]);
const QUANTIFIABLE = new Set(['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch']);
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);
const MAX_TREE_DEPTH = 32;

function parseError(param: string, value: string, details: string): ApiError {
  return new ApiError(400, 'PGRST100', `"failed to parse ${param} parameter (${value})"`, details);
}

/** Splits a raw query string into decoded pairs, keeping order and repeats. */
export function splitQueryString(query: string): [string, string][] {
  const pairs: [string, string][] = [];
  if (!query) return pairs;
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      throw new ApiError(400, 'PGRST100', 'Invalid percent-encoding in the query string', `at "${part.slice(0, 100)}"`);
    }
    if (key.includes('\u0000') || value.includes('\u0000')) {
      throw new ApiError(400, 'PGRST100', 'The query string contains a NUL character');
    }
    pairs.push([key, value]);
  }
  return pairs;
}

/** A cursor over one parameter value, with PostgREST's quoting rules. */
class Scanner {
  pos = 0;
  constructor(
    readonly text: string,
    readonly param: string,
  ) {}

  get done() {
    return this.pos >= this.text.length;
  }
  peek(n = 0) {
    return this.text[this.pos + n];
  }
  startsWith(s: string) {
    return this.text.startsWith(s, this.pos);
  }
  fail(expected: string): never {
    const found = this.done ? 'end of input' : `"${this.text[this.pos]}"`;
    throw parseError(this.param, this.text, `unexpected ${found} expecting ${expected}`);
  }
  expect(s: string) {
    if (!this.startsWith(s)) this.fail(`"${s}"`);
    this.pos += s.length;
  }
  /** "..." with backslash escapes. */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && this.pos + 1 < this.text.length) this.pos++;
      out += this.text[this.pos++];
    }
    this.expect('"');
    return out;
  }
  /** Characters up to (not including) any of `stops`. */
  until(stops: string): string {
    const start = this.pos;
    while (!this.done && !stops.includes(this.text[this.pos]!)) this.pos++;
    return this.text.slice(start, this.pos);
  }
}

// ---------------------------------------------------------------- select

const NAME_STOPS = ',:()!."*';
const CASTS = new Set([
  'text', 'varchar', 'int', 'int2', 'int4', 'int8', 'integer', 'smallint', 'bigint', 'numeric', 'real', 'float4',
  'float8', 'boolean', 'bool', 'date', 'time', 'timestamp', 'timestamptz', 'uuid', 'json', 'jsonb', 'interval',
]);

function selectName(s: Scanner): string {
  if (s.peek() === '"') return s.quoted();
  const start = s.pos;
  while (!s.done && !NAME_STOPS.includes(s.peek()!)) {
    if (s.startsWith('->')) s.fail('a column name (JSON paths are not supported)');
    s.pos++;
  }
  if (s.pos === start) s.fail('a field name');
  return s.text.slice(start, s.pos);
}

function selectItems(s: Scanner, depth: number, closing: string): SelectItem[] {
  if (depth > MAX_TREE_DEPTH) s.fail('less nesting');
  const items: SelectItem[] = [];
  if (s.peek() === closing || (closing === '' && s.done)) return items;
  for (;;) {
    items.push(selectItem(s, depth));
    if (s.peek() === ',') {
      s.pos++;
      continue;
    }
    if (closing === '' ? s.done : s.peek() === closing) return items;
    s.fail(closing === '' ? '"," or end of input' : `"," or "${closing}"`);
  }
}

function selectItem(s: Scanner, depth: number): SelectItem {
  if (s.peek() === '*') {
    s.pos++;
    return { kind: 'star' };
  }
  const spread = s.startsWith('...');
  if (spread) s.pos += 3;
  let name = selectName(s);
  let alias: string | undefined;
  if (s.peek() === ':' && s.peek(1) !== ':') {
    s.pos++;
    alias = name;
    name = selectName(s);
  }
  const hints: string[] = [];
  let inner = false;
  while (s.peek() === '!') {
    s.pos++;
    const hint = selectName(s);
    if (hint === 'inner') inner = true;
    else if (hint !== 'left') hints.push(hint);
  }
  if (s.peek() === '(') {
    s.pos++;
    const items = selectItems(s, depth + 1, ')');
    s.expect(')');
    return { kind: 'embed', relation: name, alias, hints, inner, spread, items };
  }
  if (spread || hints.length || inner) s.fail('"("');
  let cast: string | undefined;
  if (s.startsWith('::')) {
    s.pos += 2;
    cast = s.until(',)');
    if (!CASTS.has(cast)) throw parseError('select', s.text, `unsupported cast "${cast}"`);
  }
  return { kind: 'column', name, alias, cast };
}

function parseSelect(value: string): SelectItem[] {
  if (value === '') return [{ kind: 'star' }];
  const s = new Scanner(value, 'select');
  const items = selectItems(s, 0, '');
  if (!s.done) s.fail('end of input');
  return items;
}

// ---------------------------------------------------------------- filters

/** `(a,"b,c",d)` for in.; returns the items. */
function listValue(s: Scanner): string[] {
  s.expect('(');
  const items: string[] = [];
  if (s.peek() === ')') {
    s.pos++;
    return items;
  }
  for (;;) {
    items.push(s.peek() === '"' ? s.quoted() : s.until(',)'));
    if (s.peek() === ',') {
      s.pos++;
      continue;
    }
    s.expect(')');
    return items;
  }
}

type OperatorHead = { negated: boolean; op: Operator; quantifier?: 'any' | 'all'; language?: string };

/** `[not.]op[(modifier)].` */
function operatorHead(s: Scanner): OperatorHead {
  let negated = false;
  if (s.startsWith('not.')) {
    negated = true;
    s.pos += 4;
  }
  const name = s.until('.(,)');
  if (!OPERATORS.has(name)) s.fail(`an operator (eq, neq, gt, ..., not a "${name}")`);
  const head: OperatorHead = { negated, op: name as Operator };
  if (s.peek() === '(') {
    s.pos++;
    const modifier = s.until(')');
    s.expect(')');
    if (FTS.has(name)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(modifier)) s.fail('a text search configuration name');
      head.language = modifier;
    } else if (QUANTIFIABLE.has(name) && (modifier === 'any' || modifier === 'all')) {
      head.quantifier = modifier;
    } else {
      s.fail(`a valid modifier for ${name}`);
    }
  }
  s.expect('.');
  return head;
}

function condition(column: string, head: OperatorHead, value: string, list: string[] | undefined, s: Scanner): Condition {
  if (head.op === 'is') {
    const v = value.toLowerCase();
    if (!IS_VALUES.has(v)) s.fail('null, not_null, true, false or unknown');
    return { kind: 'condition', column, ...head, value: v };
  }
  if (head.quantifier && !/^\{.*\}$/s.test(value)) s.fail(`a {...} list for ${head.op}(${head.quantifier})`);
  return { kind: 'condition', column, ...head, value, list };
}

/** A filter value given as `col=op.value` (the value runs to the end, unquoted). */
function parseFilterValue(column: string, text: string, param = column): Condition {
  const s = new Scanner(text, param);
  const head = operatorHead(s);
  if (head.op === 'in') {
    const list = listValue(s);
    if (!s.done) s.fail('end of input');
    return condition(column, head, '', list, s);
  }
  return condition(column, head, text.slice(s.pos), undefined, s);
}

function treeField(s: Scanner): string {
  if (s.peek() === '"') return s.quoted();
  const name = s.until('.,()');
  if (name === '') s.fail('a field name');
  return name;
}

/** A value inside a logic tree: quoted, a {..} literal, or up to the next , or ). */
function treeValue(s: Scanner): string {
  if (s.peek() === '"') return s.quoted();
  if (s.peek() === '{') {
    const start = s.pos;
    s.until('}');
    s.expect('}');
    return s.text.slice(start, s.pos);
  }
  return s.until(',)');
}

function treeChildren(s: Scanner, depth: number): Filter[] {
  if (depth > MAX_TREE_DEPTH) s.fail('less nesting');
  s.expect('(');
  const children: Filter[] = [];
  for (;;) {
    children.push(treeItem(s, depth));
    if (s.peek() === ',') {
      s.pos++;
      continue;
    }
    s.expect(')');
    return children;
  }
}

function treeItem(s: Scanner, depth: number): Filter {
  const save = s.pos;
  let negated = false;
  if (s.startsWith('not.')) {
    negated = true;
    s.pos += 4;
  }
  for (const op of ['and', 'or'] as const) {
    if (s.startsWith(`${op}(`)) {
      s.pos += op.length;
      return { kind: 'tree', op, negated, children: treeChildren(s, depth + 1) };
    }
  }
  s.pos = save;
  const column = treeField(s);
  s.expect('.');
  const head = operatorHead(s);
  if (head.op === 'in') return condition(column, head, '', listValue(s), s);
  return condition(column, head, treeValue(s), undefined, s);
}

function parseTree(op: 'and' | 'or', negated: boolean, text: string, param: string): Tree {
  const s = new Scanner(text, param);
  const children = treeChildren(s, 0);
  if (!s.done) s.fail('end of input');
  return { kind: 'tree', op, negated, children };
}

// ---------------------------------------------------------------- order, lists

function parseOrder(text: string, param: string): OrderTerm[] {
  const s = new Scanner(text, param);
  const terms: OrderTerm[] = [];
  for (;;) {
    const term: OrderTerm = { column: s.peek() === '"' ? s.quoted() : s.until('.,()') };
    if (term.column === '') s.fail('a column name');
    if (s.peek() === '(') {
      s.pos++;
      term.relation = term.column;
      term.column = s.peek() === '"' ? s.quoted() : s.until(')');
      s.expect(')');
    }
    while (s.peek() === '.') {
      s.pos++;
      const word = s.until('.,');
      if ((word === 'asc' || word === 'desc') && !term.direction && !term.nulls) term.direction = word;
      else if ((word === 'nullsfirst' || word === 'nullslast') && !term.nulls) term.nulls = word === 'nullsfirst' ? 'first' : 'last';
      else s.fail('asc, desc, nullsfirst or nullslast');
    }
    terms.push(term);
    if (s.done) return terms;
    s.expect(',');
  }
}

/** `a,"b c"` as used by columns= and on_conflict=. */
function parseNameList(text: string, param: string): string[] {
  const s = new Scanner(text, param);
  const names: string[] = [];
  for (;;) {
    const name = s.peek() === '"' ? s.quoted() : s.until(',');
    if (name === '') s.fail('a column name');
    names.push(name);
    if (s.done) return names;
    s.expect(',');
  }
}

function parseCount(text: string, param: string): number {
  if (!/^\d{1,15}$/.test(text)) throw parseError(param, text, 'expecting a non-negative integer');
  return Number(text);
}

// ---------------------------------------------------------------- all parameters

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'or', 'and']);

/**
 * Sorts the parameters into select/filters/order/... . `isArgument` tells which plain
 * parameters are RPC arguments (GET /rpc/fn?x=1) rather than filters.
 */
export function parseQueryParams(pairs: [string, string][], isArgument: (key: string) => boolean = () => false): QueryParams {
  const params: QueryParams = { filters: new Map(), order: new Map(), limit: new Map(), offset: new Map(), raw: pairs };
  const addFilter = (path: string, filter: Filter) => {
    const list = params.filters.get(path) ?? [];
    list.push(filter);
    params.filters.set(path, list);
  };
  for (const [key, value] of pairs) {
    if (key === 'select') {
      params.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      params.columns = parseNameList(value, 'columns');
      continue;
    }
    if (key === 'on_conflict') {
      params.onConflict = parseNameList(value, 'on_conflict');
      continue;
    }
    if (isArgument(key)) continue;
    const segments = key.split('.');
    const last = segments[segments.length - 1]!;
    if (last === 'order' || last === 'limit' || last === 'offset') {
      const path = segments.slice(0, -1).join('.');
      if (last === 'order') params.order.set(path, parseOrder(value, key));
      else params[last].set(path, parseCount(value, key));
      continue;
    }
    if (last === 'or' || last === 'and') {
      const negated = segments[segments.length - 2] === 'not';
      const path = segments.slice(0, negated ? -2 : -1).join('.');
      addFilter(path, parseTree(last, negated, value, key));
      continue;
    }
    if (RESERVED.has(key) || key === '') throw parseError('filter', `${key}=${value}`, 'unexpected parameter');
    addFilter(segments.slice(0, -1).join('.'), parseFilterValue(last, value, key));
  }
  return params;
}
