import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToAmount, parseMoney } from './money-input';

describe('parseMoney', () => {
  it.each([
    ['12.50', 1250],
    ['$1,250.5', 125050],
    ['0', 0],
    ['.99', 99],
    [' 7 ', 700],
  ])('%s → %i cents', (text, cents) => {
    expect(parseMoney(text, 'Price')).toEqual({ ok: true, cents });
  });

  it.each([
    ['-1', "Price can't be negative"],
    ['-$3.00', "Price can't be negative"],
    ['$-3.00', "Price can't be negative"],
    ['1.234', 'Price can have at most 2 decimals'],
    ['abc', 'Price must be an amount like 12.50'],
    ['1e3', 'Price must be an amount like 12.50'],
    ['.', 'Price must be an amount like 12.50'],
    ['999999999999', 'Price is too large'],
  ])('refuses %s', (text, message) => {
    expect(parseMoney(text, 'Price')).toEqual({ ok: false, message });
  });

  it('round-trips every amount it prints', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        expect(parseMoney(centsToAmount(cents), 'Price')).toEqual({ ok: true, cents });
      }),
    );
  });

  it('prints no amount for a missing cost', () => {
    expect(centsToAmount(null)).toBe('');
    expect(centsToAmount(5)).toBe('0.05');
  });
});
