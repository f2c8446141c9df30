// The public request form's boundaries: the organization named in the URL, the fields (the
// server checks the same limits in submit_estimate_request), and the server's answers.
import { z } from 'zod';

/** /requests?org={slug}: lower-case words joined by hyphens. */
export const orgSlugSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).min(3).max(60);

/** The same list as private.request_budget_ranges() in the database. */
export const BUDGET_RANGES = [
  { value: 'under_5k', label: 'Under $5,000' },
  { value: '5k_15k', label: '$5,000 – $15,000' },
  { value: '15k_50k', label: '$15,000 – $50,000' },
  { value: '50k_150k', label: '$50,000 – $150,000' },
  { value: 'over_150k', label: 'Over $150,000' },
  { value: 'not_sure', label: 'Not sure yet' },
] as const;

const today = () => new Date().toISOString().slice(0, 10);

export const requestFormSchema = z.object({
  name: z
    .string()
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .refine((s) => s !== '', { message: 'Enter your name', abort: true })
    .refine((s) => s.length <= 200, 'Keep the name under 200 characters'),
  email: z
    .string()
    .trim()
    .refine((s) => s !== '', { message: 'Enter your e-mail address', abort: true })
    .refine((s) => s.length <= 254 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s), 'Enter a valid e-mail address, like name@example.com'),
  phone: z
    .string()
    .trim()
    .refine((s) => s.length <= 50, 'Keep the phone number under 50 characters')
    .refine((s) => s === '' || /^[+()\d\s./-]{5,}$/.test(s), 'Enter a phone number with digits, like (555) 010-0200'),
  company: z.string().trim().max(200, 'Keep the company name under 200 characters'),
  description: z
    .string()
    .trim()
    .refine((s) => s !== '', { message: 'Tell us what you need', abort: true })
    .refine((s) => s.length <= 5000, 'Keep it under 5,000 characters'),
  desiredStart: z
    .string()
    .refine((s) => s === '' || /^\d{4}-\d{2}-\d{2}$/.test(s), { message: 'Enter a date', abort: true })
    .refine((s) => s === '' || s >= today(), 'Choose a date from today on'),
  budgetRange: z.enum(['', ...BUDGET_RANGES.map((b) => b.value)] as ['', ...string[]]),
  /** The honeypot: hidden from people, filled in by some bots. */
  website: z.string(),
});
export type RequestFormInput = z.input<typeof requestFormSchema>;
export type RequestFormValues = z.output<typeof requestFormSchema>;
export type RequestField = keyof RequestFormInput;

/** The server's field names (the hint of an invalid_request refusal) on the form's. */
export const SERVER_FIELDS: Record<string, RequestField> = {
  name: 'name', email: 'email', phone: 'phone', company: 'company', description: 'description', desired_start: 'desiredStart', budget_range: 'budgetRange',
};

export const requestOrganizationSchema = z
  .object({ name: z.string(), logo: z.string(), brand_color: z.string(), slug: z.string(), address: z.string(), phone: z.string() })
  .nullable();
export type RequestOrganization = NonNullable<z.infer<typeof requestOrganizationSchema>>;

export const requestAnswerSchema = z.object({ reference: z.string(), organization: z.object({ name: z.string() }) }).nullable();
export type RequestAnswer = NonNullable<z.infer<typeof requestAnswerSchema>>;
