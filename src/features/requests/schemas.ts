// The public request form's boundaries: the organization named in the URL, the fields (the
// server checks the same limits in submit_estimate_request), and the server's answers.
import { z } from 'zod/mini';
import { portalRequestFormSchema } from '../../components/portal/request-schema';

/** /requests?org={slug}: lower-case words joined by hyphens. */
export const orgSlugSchema = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/), z.minLength(3), z.maxLength(60));

export { BUDGET_RANGES } from '../../components/portal/request-schema';

export const requestFormSchema = z.extend(portalRequestFormSchema, {
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

export const requestOrganizationSchema = z.nullable(z.object({ name: z.string(), logo: z.string(), brand_color: z.string(), slug: z.string(), address: z.string(), phone: z.string() }));
export type RequestOrganization = NonNullable<z.infer<typeof requestOrganizationSchema>>;

export const requestAnswerSchema = z.nullable(z.object({ reference: z.string(), organization: z.object({ name: z.string() }) }));
export type RequestAnswer = NonNullable<z.infer<typeof requestAnswerSchema>>;
