// The staff portal screens' boundaries: the portal form (create and settings; the server
// checks the same in private.portal_with_settings), the URL of /portals, and the answers of
// the staff RPCs (supabase/migrations/20261125000600_portals.sql).
import { z } from 'zod';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const today = () => new Date().toISOString().slice(0, 10);

export const portalFormSchema = z
  .object({
    kind: z.enum(['customer', 'prospect']),
    customerId: z.string().refine((s) => s !== '', 'Choose who the portal is for'),
    name: z
      .string()
      .transform((s) => s.trim().replace(/\s+/g, ' '))
      .refine((s) => s !== '', { message: 'Enter a name for the portal', abort: true })
      .refine((s) => s.length <= 200, 'Keep the name under 200 characters'),
    welcomeMessage: z.string().trim().max(2000, 'Keep the welcome message under 2,000 characters'),
    brandColor: z
      .string()
      .trim()
      .refine((s) => s === '' || /^#[0-9a-fA-F]{6}$/.test(s), 'Enter the colour as #rrggbb, e.g. #0f766e'),
    showAll: z.boolean(),
    visibleEstimateIds: z.array(uuid),
    allowRequests: z.boolean(),
    requireCode: z.boolean(),
    expiresOn: z
      .string()
      .refine((s) => s === '' || /^\d{4}-\d{2}-\d{2}$/.test(s), { message: 'Enter a date', abort: true })
      .refine((s) => s === '' || s > today(), 'Choose a date after today'),
  })
  .superRefine((form, ctx) => {
    if (!form.showAll && form.visibleEstimateIds.length === 0) ctx.addIssue({ code: 'custom', path: ['visibleEstimateIds'], message: 'Choose at least one estimate, or show all sent estimates' });
  });
export type PortalFormInput = z.input<typeof portalFormSchema>;
export type PortalFormValues = z.output<typeof portalFormSchema>;

/** The settings as the RPCs take them. */
export function settingsOf(values: PortalFormValues) {
  return {
    name: values.name,
    welcome_message: values.welcomeMessage,
    brand_color: values.brandColor.toLowerCase(),
    show_all_estimates: values.showAll,
    visible_estimate_ids: values.showAll ? [] : values.visibleEstimateIds,
    allow_requests: values.allowRequests,
    require_code: values.kind === 'prospect' && values.requireCode,
    // The end of the chosen day where the staff member is.
    expires_at: values.expiresOn ? new Date(`${values.expiresOn}T23:59:59`).toISOString() : null,
  };
}

/** The server's field names (the hint of an invalid_portal refusal) on the form's. */
export const SERVER_FIELDS: Record<string, keyof PortalFormInput> = {
  customer: 'customerId', name: 'name', welcome_message: 'welcomeMessage', brand_color: 'brandColor',
  visible_estimate_ids: 'visibleEstimateIds', expires_at: 'expiresOn',
};

/** /portals?create=account:{id} or ?create=prospect:{id} (from an account or a prospect), or ?create=1. */
export function parseCreateParam(value: string | null): { kind: 'customer' | 'prospect'; customerId: string } | 'blank' | null {
  if (value === null) return null;
  const match = /^(account|prospect)[:_-]([0-9a-f-]{36})$/i.exec(value.trim());
  if (!match || !uuid.safeParse(match[2]).success) return 'blank';
  return { kind: match[1]!.toLowerCase() === 'account' ? 'customer' : 'prospect', customerId: match[2]!.toLowerCase() };
}

export const issuedLinkSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/), kind: z.enum(['customer', 'prospect']).optional() });
export type IssuedLink = z.infer<typeof issuedLinkSchema>;
export const accessCodeSchema = z.object({ code: z.string().regex(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/) });
export const sentLinkSchema = z.object({ link_id: uuid, sent_to: z.string() });

export const activitySchema = z.object({
  links: z.array(z.object({
    id: uuid, channel: z.enum(['link', 'email']), sent_to: z.string(), created_at: z.string(), created_by_name: z.string(),
    view_count: z.number().int(), last_viewed_at: z.string().nullable(),
  })),
  access_code: z.object({ created_at: z.string() }).nullable(),
  sessions: z.array(z.object({
    id: uuid, prospect_id: uuid, person: z.string(), ip_address: z.string(), user_agent: z.string(),
    created_at: z.string(), expires_at: z.string(), last_seen_at: z.string().nullable(),
  })),
  access_log: z.array(z.object({
    id: z.number().int(), accessed_at: z.string(), token_kind: z.string(), what: z.string(), person: z.string(), ip_address: z.string(), user_agent: z.string(),
  })),
});
export type PortalActivity = z.infer<typeof activitySchema>;
