import { describe, expect, it } from 'vitest';
import { centsCsv, percentCsv, toCsv } from './csv';

describe('analytics CSV', () => {
  it('writes headers and rows, quoting what needs it', () => {
    expect(toCsv(['Product', 'Revenue (USD)'], [['Deck, cedar', centsCsv(123_456)], ['Roof "premium"', centsCsv(-200)]])).toBe(
      'Product,Revenue (USD)\r\n"Deck, cedar",1234.56\r\n"Roof ""premium""",-2.00',
    );
  });

  it('defuses cells a spreadsheet would run as formulas, not negative amounts', () => {
    expect(toCsv(['Name'], [['=HYPERLINK("x")'], ['@SUM(A1)'], ['-cmd'], ['-12.50']])).toBe('Name\r\n"\'=HYPERLINK(""x"")"\r\n"\'@SUM(A1)"\r\n"\'-cmd"\r\n-12.50');
  });

  it('writes N/A for a missing percentage and nothing for missing money', () => {
    expect(toCsv(['Margin %', 'Cost'], [[percentCsv(null), centsCsv(null)], [percentCsv(40), centsCsv(0)]])).toBe('Margin %,Cost\r\nN/A,\r\n40.0,0.00');
  });
});
