// Contact fields as every form and import of people and companies checks them (prospects,
// accounts, their CSV files): the same rules as the database's checks on those columns
// (supabase/migrations/20261125000300_crm.sql), with a message for the field.
import { z } from 'zod';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
// Digits with the usual separators, an optional leading + or (, and an extension (x12, ext. 12).
const PHONE = /^[+(]?[0-9][0-9 ().+-]*( ?(x|ext\.?) ?[0-9]{1,6})?$/;

export const EMAIL_MESSAGE = 'Enter a valid e-mail address, like name@example.com';
export const PHONE_MESSAGE = 'Enter a phone number of at least 7 digits, like (720) 555-0199';

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

export function isPhone(value: string): boolean {
  const digits = value.replace(/( ?(x|ext\.?) ?[0-9]{1,6})$/, '').replace(/\D/g, '').length;
  return value.length <= 40 && PHONE.test(value) && digits >= 7 && digits <= 15;
}

/** An optional e-mail: empty, or a valid address (trimmed). */
export const emailField = z
  .string()
  .trim()
  .max(254, 'E-mail must be 254 characters or fewer')
  .refine((v) => v === '' || isEmail(v), EMAIL_MESSAGE);

/** An optional phone number: empty, or digits with separators (trimmed). */
export const phoneField = z
  .string()
  .trim()
  .max(40, 'Phone must be 40 characters or fewer')
  .refine((v) => v === '' || isPhone(v), PHONE_MESSAGE);

/** Optional text of at most `max` characters, trimmed; `label` names it in the message. */
export function textField(label: string, max: number) {
  return z.string().trim().max(max, `${label} must be ${max.toLocaleString('en-US')} characters or fewer`);
}
