// postgres_changes filters as realtime-js writes them: `col=op.value`, optionally `not.`
// negated, several joined by top-level commas (AND). Values may be double-quoted with
// backslash escapes, `in` takes a parenthesised list. Parsing only: the conditions are
// evaluated in SQL with the column checked against the catalogue and values bound.

type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'is' | 'like' | 'ilike' | 'match' | 'imatch' | 'isdistinct';

export type Condition = { column: string; op: FilterOp; negate: boolean; values: string[] };

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'is', 'like', 'ilike', 'match', 'imatch', 'isdistinct']);
const IS_VALUES = new Set(['null', 'true', 'false', 'unknown', 'not_null']);

export class FilterError extends Error {}

/** Splits on `sep` outside double quotes and parentheses. */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) current += text[++i]!;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (ch === sep && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted || depth !== 0) throw new FilterError('unbalanced quotes or parentheses');
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  if (value.includes('"')) throw new FilterError('misplaced quote in value');
  return value;
}

function parseCondition(text: string): Condition {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new FilterError(`expected column=operator.value in "${text}"`);
  const column = text.slice(0, eq);
  let rest = text.slice(eq + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw new FilterError(`expected operator.value after ${column}=`);
  const op = rest.slice(0, dot) as FilterOp;
  const raw = rest.slice(dot + 1);
  if (!OPS.has(op)) throw new FilterError(`unsupported filter operator "${op}"`);
  if (op === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) throw new FilterError('in expects a list like in.(a,b)');
    const items = splitTopLevel(raw.slice(1, -1), ',').map(unquote);
    if (items.length === 0 || (items.length === 1 && items[0] === '')) throw new FilterError('in expects at least one value');
    return { column, op, negate, values: items };
  }
  if (op === 'is') {
    if (!IS_VALUES.has(raw)) throw new FilterError('is expects null, not_null, true, false or unknown');
    return { column, op, negate, values: [raw] };
  }
  return { column, op, negate, values: [unquote(raw)] };
}

export function parseFilter(filter: string): Condition[] {
  if (filter.trim() === '') throw new FilterError('empty filter');
  return splitTopLevel(filter, ',').map(parseCondition);
}

/** The SQL condition on a row alias with already quoted column; values become $n params. */
export function conditionSql(alias: string, quotedColumn: string, c: Condition, params: unknown[]): string {
  const col = `${alias}.${quotedColumn}`;
  const bind = (value: string) => {
    params.push(value);
    return `$${params.length}`;
  };
  const likePattern = (value: string) => value.replace(/\*/g, '%');
  let sql: string;
  switch (c.op) {
    case 'eq': sql = `${col} = ${bind(c.values[0]!)}`; break;
    case 'neq': sql = `${col} <> ${bind(c.values[0]!)}`; break;
    case 'lt': sql = `${col} < ${bind(c.values[0]!)}`; break;
    case 'lte': sql = `${col} <= ${bind(c.values[0]!)}`; break;
    case 'gt': sql = `${col} > ${bind(c.values[0]!)}`; break;
    case 'gte': sql = `${col} >= ${bind(c.values[0]!)}`; break;
    case 'like': sql = `${col} like ${bind(likePattern(c.values[0]!))}`; break;
    case 'ilike': sql = `${col} ilike ${bind(likePattern(c.values[0]!))}`; break;
    case 'match': sql = `${col} ~ ${bind(c.values[0]!)}`; break;
    case 'imatch': sql = `${col} ~* ${bind(c.values[0]!)}`; break;
    case 'isdistinct': sql = `${col} is distinct from ${bind(c.values[0]!)}`; break;
    case 'in': sql = `${col} in (${c.values.map(bind).join(', ')})`; break;
    case 'is': {
      const v = c.values[0]!;
      sql = v === 'not_null' ? `${col} is not null` : `${col} is ${v}`;
      break;
    }
  }
  return c.negate ? `not coalesce(${sql}, false)` : `coalesce(${sql}, false)`;
}
