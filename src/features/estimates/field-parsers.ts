// Parsing and validation of what a rep types into the editor. A field's text is kept as typed;
// only a valid value is written to the device database, an invalid one shows its message.
import { z } from 'zod';
import { formatMoney } from '../../lib/money';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const DECIMAL = /^\d+(\.\d{0,3})?$|^\.\d{1,3}$/;
const MONEY = /^\d+(\.\d{0,2})?$|^\.\d{1,2}$/;

function clean(text: string): string {
  return text.trim().replace(/,/g, '').replace(/^\$/, '');
}

function fromZod<T>(schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: result.error.issues[0]?.message ?? 'Invalid value' };
}

const quantitySchema = z
  .string()
  .transform(clean)
  .refine((s) => s !== '', 'Enter a quantity')
  .refine((s) => !s.startsWith('-'), 'Quantity cannot be negative')
  .refine((s) => DECIMAL.test(s), 'Enter a number with at most 3 decimals')
  .transform(Number)
  .refine((n) => n <= 999_999_999, 'Quantity is too large');

const moneySchema = (label: string) =>
  z
    .string()
    .transform(clean)
    .refine((s) => s !== '', `Enter ${label}`)
    .refine((s) => !s.startsWith('-'), `${label[0]!.toUpperCase()}${label.slice(1)} cannot be negative`)
    .refine((s) => MONEY.test(s), 'Enter an amount like 12.50')
    .transform((s) => Math.round(Number(s) * 100))
    .refine((n) => n <= 100_000_000_000_00, 'Amount is too large');

const percentSchema = (label: string) =>
  z
    .string()
    .transform((s) => clean(s).replace(/%$/, '').trim())
    .refine((s) => s !== '', `Enter ${label}`)
    .refine((s) => !s.startsWith('-'), `${label[0]!.toUpperCase()}${label.slice(1)} must be between 0 and 100 %`)
    .refine((s) => DECIMAL.test(s), 'Enter a number with at most 3 decimals')
    .transform(Number)
    .refine((n) => n <= 100, `${label[0]!.toUpperCase()}${label.slice(1)} must be between 0 and 100 %`);

export function parseQuantity(text: string): Parsed<number> {
  return fromZod(quantitySchema, text);
}

export function parsePrice(text: string): Parsed<number> {
  return fromZod(moneySchema('a price'), text);
}

/** An empty cost means "not known" (margin N/A), not zero. */
export function parseCost(text: string): Parsed<number | null> {
  if (clean(text) === '') return { ok: true, value: null };
  return fromZod(moneySchema('a cost'), text);
}

function parseDiscountAmount(text: string): Parsed<number> {
  if (clean(text) === '') return { ok: true, value: 0 };
  return fromZod(moneySchema('a discount'), text);
}

export function parseDiscountPercent(text: string): Parsed<number> {
  if (clean(text) === '') return { ok: true, value: 0 };
  return fromZod(percentSchema('the discount'), text);
}

export function parseTaxRate(text: string): Parsed<number> {
  if (clean(text) === '') return { ok: true, value: 0 };
  return fromZod(percentSchema('the tax rate'), text);
}

export function parseRequiredText(label: string, max: number) {
  return (text: string): Parsed<string> =>
    fromZod(
      z
        .string()
        .transform((s) => s.trim())
        .refine((s) => s !== '', `${label} cannot be empty`)
        .refine((s) => s.length <= max, `${label} is too long (at most ${max} characters)`),
      text,
    );
}

/** An estimate discount (an amount) may not exceed the subtotal it is taken from. */
export function parseDiscountUpTo(subtotalCents: number) {
  return (text: string): Parsed<number> => {
    const parsed = parseDiscountAmount(text);
    if (parsed.ok && parsed.value > subtotalCents) {
      return { ok: false, error: `The discount cannot be more than the subtotal (${formatMoney(subtotalCents)})` };
    }
    return parsed;
  };
}

/** A validity date from `today` (YYYY-MM-DD, the device's local day) on; empty for none. */
export function parseValidUntil(today: string) {
  return (text: string): Parsed<string | null> => {
    const parsed = parseDate(text);
    if (parsed.ok && parsed.value !== null && parsed.value < today) return { ok: false, error: 'The valid-until date cannot be in the past' };
    return parsed;
  };
}

export function parseDate(text: string): Parsed<string | null> {
  if (text === '') return { ok: true, value: null };
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
    ? { ok: true, value: text }
    : { ok: false, error: 'Enter a date' };
}

/** Both dates optional; when both are set the end may not precede the start. */
export function checkDateRange(start: string | null, end: string | null): string | null {
  return start && end && end < start ? 'The end date cannot be before the start date' : null;
}

/** Cents as the editor shows them: 1250 → "12.50". */
export function centsText(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

export function decimalText(value: number): string {
  return String(Number(value.toFixed(3)));
}
