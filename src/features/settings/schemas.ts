// The settings forms: what each field accepts, with the message shown at the field. They match
// the server's checks on organizations and profiles (20261122000100_core.sql), so a refused
// value never reaches sync. The forms keep what was typed (strings); the output is typed.
import { z } from 'zod';
import { contrastWithWhite, formatRatio, isHexColor, MIN_CONTRAST } from './color';
import { isStorableLogo } from './logo-image';

const DECIMAL = /^\d+(\.\d{1,3})?$/;
const WHOLE = /^\d+$/;

export const organizationFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter the name of your organization').max(200, 'The name has at most 200 characters'),
  address: z.string().trim().max(500, 'The address has at most 500 characters'),
  phone: z.string().trim().max(40, 'The phone number has at most 40 characters'),
  logo: z.string().refine(isStorableLogo, 'The logo must be a PNG, JPEG or WebP image of at most 200 KB'),
  brand_color: z
    .string()
    .trim()
    .refine(isHexColor, 'Enter a colour as # and six hex digits, e.g. #1d4ed8')
    .superRefine((value, ctx) => {
      if (!isHexColor(value)) return;
      const ratio = contrastWithWhite(value);
      if (ratio < MIN_CONTRAST) {
        ctx.addIssue({
          code: 'custom',
          message: `White text on this colour has a contrast of ${formatRatio(ratio)}; choose a darker colour (at least 4.5:1).`,
        });
      }
    })
    .transform((value) => value.toLowerCase()),
  estimate_prefix: z
    .string()
    .trim()
    .max(10, 'The prefix has at most 10 characters')
    .regex(/^[A-Za-z0-9._/#-]*$/, 'Use letters, digits and . _ / # - only, without spaces'),
  default_validity_days: z
    .string()
    .trim()
    .regex(WHOLE, 'Enter a whole number of days')
    .transform(Number)
    .refine((days) => days >= 1 && days <= 365, 'Enter between 1 and 365 days'),
  default_tax_rate: z
    .string()
    .trim()
    .transform((value) => value.replace(/%$/, '').trim())
    .refine((value) => DECIMAL.test(value), 'Enter a rate such as 8.25 (at most 3 decimals)')
    .transform(Number)
    .refine((rate) => rate >= 0 && rate <= 100, 'The tax rate must be between 0 and 100'),
  default_terms: z.string().max(5000, 'The terms have at most 5,000 characters'),
});
export type OrganizationFormInput = z.input<typeof organizationFormSchema>;
export type OrganizationFormValues = z.output<typeof organizationFormSchema>;

export const profileFormSchema = z.object({
  first_name: z.string().trim().min(1, 'Enter your first name').max(100, 'First name must be 100 characters or fewer'),
  last_name: z.string().trim().min(1, 'Enter your last name').max(100, 'Last name must be 100 characters or fewer'),
  phone: z
    .string()
    .trim()
    .max(40, 'The phone number has at most 40 characters')
    .regex(/^[0-9+() .-]*$/, 'Use digits, spaces and + ( ) . - only'),
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;
