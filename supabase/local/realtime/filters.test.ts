import { describe, expect, it } from 'vitest';
import { conditionSql, FilterError, parseFilter } from './filters';

describe('postgres_changes filters', () => {
  it('parses the forms realtime-js writes', () => {
    expect(parseFilter('id=eq.42')).toEqual([{ column: 'id', op: 'eq', negate: false, values: ['42'] }]);
    expect(parseFilter('status=not.in.(draft,"a,b",x\\y)')).toEqual([
      { column: 'status', op: 'in', negate: true, values: ['draft', 'a,b', 'x\\y'] },
    ]);
    expect(parseFilter('amount=gt.100,status=eq."open, now"')).toEqual([
      { column: 'amount', op: 'gt', negate: false, values: ['100'] },
      { column: 'status', op: 'eq', negate: false, values: ['open, now'] },
    ]);
    expect(parseFilter('deleted_at=not.is.null')).toEqual([{ column: 'deleted_at', op: 'is', negate: true, values: ['null'] }]);
    expect(parseFilter('note=eq.a=b.c')).toEqual([{ column: 'note', op: 'eq', negate: false, values: ['a=b.c'] }]);
  });

  it('rejects what it cannot read', () => {
    for (const bad of ['', 'id', 'id=eq', '=eq.1', 'id=zz.1', 'id=in.1', 'id=in.()', 'id=is.maybe', 'id=eq."open', 'id=eq.a"b', 'id=in.(a']) {
      expect(() => parseFilter(bad), bad).toThrow(FilterError);
    }
  });

  it('binds every value as a parameter and never splices it into SQL', () => {
    const params: unknown[] = ['taken'];
    const [condition] = parseFilter(`name=in.("x'); drop table t; --",b)`);
    const sql = conditionSql('c', '"name"', condition!, params);
    expect(sql).toBe('coalesce(c."name" in ($2, $3), false)');
    expect(params).toEqual(['taken', "x'); drop table t; --", 'b']);
    expect(conditionSql('c', '"n"', parseFilter('n=not.is.not_null')[0]!, [])).toBe('not coalesce(c."n" is not null, false)');
    expect(conditionSql('c', '"n"', parseFilter('n=like.ab*')[0]!, params)).toBe('coalesce(c."n" like $4, false)');
    expect(params[3]).toBe('ab%');
  });
});
