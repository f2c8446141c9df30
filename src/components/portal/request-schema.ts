// An estimate request's fields, for the portal's request form and the public /requests form:
// the person's details, what they need, when and roughly for how much. The server checks the
// same limits (portal_request, submit_estimate_request).
import { z } from 'zod/mini';

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

export const portalRequestFormSchema = z.object({
  name: z.pipe(z.string(), z.transform((s) => s.trim().replace(/\s+/g, ' '))).check(
    z.refine((s) => s !== '', { message: 'Enter your name', abort: true }),
    z.refine((s) => s.length <= 200, 'Keep the name under 200 characters'),
  ),
  email: z.string().check(
    z.trim(),
    z.refine((s) => s !== '', { message: 'Enter your e-mail address', abort: true }),
    z.refine((s) => s.length <= 254 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s), 'Enter a valid e-mail address, like name@example.com'),
  ),
  phone: z.string().check(
    z.trim(),
    z.refine((s) => s.length <= 50, 'Keep the phone number under 50 characters'),
    z.refine((s) => s === '' || /^[+()\d\s./-]{5,}$/.test(s), 'Enter a phone number with digits, like (555) 010-0200'),
  ),
  company: z.string().check(z.trim(), z.maxLength(200, 'Keep the company name under 200 characters')),
  description: z.string().check(
    z.trim(),
    z.refine((s) => s !== '', { message: 'Tell us what you need', abort: true }),
    z.refine((s) => s.length <= 5000, 'Keep it under 5,000 characters'),
  ),
  desiredStart: z.string().check(
    z.refine((s) => s === '' || /^\d{4}-\d{2}-\d{2}$/.test(s), { message: 'Enter a date', abort: true }),
    z.refine((s) => s === '' || s >= today(), 'Choose a date from today on'),
  ),
  budgetRange: z.enum(['', ...BUDGET_RANGES.map((b) => b.value)] as ['', ...string[]]),
});
export type PortalRequestInput = z.input<typeof portalRequestFormSchema>;
export type PortalRequestValues = z.output<typeof portalRequestFormSchema>;
