// Bound values written into the statement as literals, so that a request's set-up and its
// query travel to PostgreSQL as one simple-protocol message (one round trip, one implicit
// transaction) instead of begin / set-up / query / commit. Values are escaped by
// node-postgres's own escapeLiteral, and an untyped literal is resolved by the server exactly
// as an untyped text parameter is. The REST layer binds only text (filter values, JSON).
import pg from 'pg';

export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'`;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return pg.escapeLiteral(text);
}

/**
 * Replaces the placeholders $1…$n of `sql` with literals of `values`. Placeholders inside
 * quoted strings or quoted identifiers are left alone.
 */
export function inlineParams(sql: string, values: readonly unknown[]): string {
  if (values.length === 0) return sql;
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"') {
      let end = i + 1;
      for (;;) {
        end = sql.indexOf(ch, end);
        if (end < 0) {
          end = sql.length;
          break;
        }
        if (sql[end + 1] === ch) end += 2;
        else {
          end += 1;
          break;
        }
      }
      out += sql.slice(i, end);
      i = end;
      continue;
    }
    if (ch === '$' && /[0-9]/.test(sql[i + 1] ?? '') && !/[\w$]/.test(sql[i - 1] ?? '')) {
      let end = i + 1;
      while (/[0-9]/.test(sql[end] ?? '')) end++;
      const index = Number(sql.slice(i + 1, end));
      if (index < 1 || index > values.length) throw new Error(`No value for placeholder $${index}`);
      out += sqlLiteral(values[index - 1]);
      i = end;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}
