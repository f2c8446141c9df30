import { describe, expect, it } from 'vitest';
import { inlineParams, sqlLiteral } from './sql-literals';

describe('sqlLiteral', () => {
  it.each([
    [null, 'NULL'],
    [undefined, 'NULL'],
    ['plain', "'plain'"],
    ["it's", "'it''s'"],
    ['back\\slash', " E'back\\\\slash'"],
    [42, "'42'"],
    [{ a: 1 }, `'{"a":1}'`],
    [Buffer.from([1, 255]), "'\\x01ff'"],
  ])('%s → %s', (value, literal) => {
    expect(sqlLiteral(value)).toBe(literal);
  });
});

describe('inlineParams', () => {
  it('replaces every placeholder, the tenth after the first', () => {
    const values = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    expect(inlineParams('select $1, $10, $2', values)).toBe("select 'v1', 'v10', 'v2'");
  });

  it('leaves placeholders inside strings and quoted identifiers alone', () => {
    expect(inlineParams(`select '$1', "a$1""$2", $1 from t where x = 'it''s $2' and y = $2`, ['a', 'b'])).toBe(
      `select '$1', "a$1""$2", 'a' from t where x = 'it''s $2' and y = 'b'`,
    );
  });

  it('does not take identifiers or dollar quotes for placeholders', () => {
    expect(inlineParams('select col$1, $1', ['x'])).toBe("select col$1, 'x'");
  });

  it('refuses a placeholder without a value', () => {
    expect(() => inlineParams('select $2', ['only one'])).toThrow(/\$2/);
  });
});
