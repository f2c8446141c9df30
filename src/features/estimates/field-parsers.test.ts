import { describe, expect, it } from 'vitest';
import {
  checkDateRange,
  parseCost,
  parseDiscountUpTo,
  parseDiscountPercent,
  parsePrice,
  parseQuantity,
  parseRequiredText,
  parseTaxRate,
  parseValidUntil,
} from './field-parsers';

describe('field parsing', () => {
  it('accepts quantities with up to 3 decimals and refuses negatives', () => {
    expect(parseQuantity('2.5')).toEqual({ ok: true, value: 2.5 });
    expect(parseQuantity('-1')).toEqual({ ok: false, error: 'Quantity cannot be negative' });
    expect(parseQuantity('1.2345').ok).toBe(false);
    expect(parseQuantity('').ok).toBe(false);
  });

  it('turns dollars into cents and refuses negative prices', () => {
    expect(parsePrice('$1,250.50')).toEqual({ ok: true, value: 125_050 });
    expect(parsePrice('-3')).toEqual({ ok: false, error: 'A price cannot be negative' });
    expect(parsePrice('1.234').ok).toBe(false);
  });

  it('reads an empty cost as unknown', () => {
    expect(parseCost('')).toEqual({ ok: true, value: null });
    expect(parseCost('4.10')).toEqual({ ok: true, value: 410 });
    expect(parseCost('-4').ok).toBe(false);
  });

  it('keeps discounts and tax rates within 0–100 %', () => {
    expect(parseDiscountPercent('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseDiscountPercent('101')).toEqual({ ok: false, error: 'The discount must be between 0 and 100 %' });
    expect(parseDiscountPercent('-5')).toEqual({ ok: false, error: 'The discount must be between 0 and 100 %' });
    expect(parseTaxRate('8.25%')).toEqual({ ok: true, value: 8.25 });
    expect(parseTaxRate('100.5').ok).toBe(false);
  });

  it('refuses an empty title', () => {
    expect(parseRequiredText('Title', 10)('  ')).toEqual({ ok: false, error: 'Title cannot be empty' });
    expect(parseRequiredText('Title', 10)(' Deck ')).toEqual({ ok: true, value: 'Deck' });
    expect(parseRequiredText('Title', 3)('Deck').ok).toBe(false);
  });

  it('refuses an end date before the start', () => {
    expect(checkDateRange('2026-03-10', '2026-03-09')).toBe('The end date cannot be before the start date');
    expect(checkDateRange('2026-03-10', '2026-03-10')).toBeNull();
    expect(checkDateRange(null, '2026-03-09')).toBeNull();
  });
});

describe('estimate rules at the field', () => {
  it('refuses a discount larger than the subtotal, with the subtotal in the message', () => {
    expect(parseDiscountUpTo(10_000)('100')).toEqual({ ok: true, value: 10_000 });
    expect(parseDiscountUpTo(10_000)('100.01')).toEqual({ ok: false, error: 'The discount cannot be more than the subtotal ($100.00)' });
    expect(parseDiscountUpTo(0)('')).toEqual({ ok: true, value: 0 });
  });

  it('refuses a valid-until date in the past, takes today and later, and empty', () => {
    const parse = parseValidUntil('2026-11-25');
    expect(parse('2026-11-24')).toEqual({ ok: false, error: 'The valid-until date cannot be in the past' });
    expect(parse('2026-11-25')).toEqual({ ok: true, value: '2026-11-25' });
    expect(parse('')).toEqual({ ok: true, value: null });
  });
});
