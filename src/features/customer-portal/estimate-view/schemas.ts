// The customer estimate page's boundaries: the token from the URL, the server's answers
// (private.customer_estimate in supabase/migrations/20261125000200_customer_estimate.sql) and
// the forms. Unknown keys are dropped, so nothing the page did not ask for is ever rendered.
import { z } from 'zod';
import { tidyName } from '../../../lib/signature';

/** What a link token looks like (the server checks the same before any lookup). */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/);

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const timestamp = z.string();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const decimal = z.union([z.number(), z.string()]).transform(Number);

const snapshotItemSchema = z.object({
  id: uuid,
  name: z.string(),
  description: z.string(),
  quantity: decimal,
  unit: z.string(),
  unit_price_cents: z.number().int(),
  discount_percent: decimal,
  taxable: z.boolean(),
  optional: z.boolean(),
  selected: z.boolean(),
  sort_order: z.number().int(),
  line_net_cents: z.number().int(),
});
export type SnapshotLine = z.infer<typeof snapshotItemSchema>;

const snapshotSchema = z.object({
  format: z.literal(1),
  estimate: z.object({
    title: z.string(),
    valid_until: date.nullable(),
    tax_rate: decimal,
    discount_cents: z.number().int(),
    subtotal_cents: z.number().int(),
    tax_cents: z.number().int(),
    total_cents: z.number().int(),
    notes: z.string(),
    terms: z.string(),
  }),
  items: z.array(snapshotItemSchema),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

const MILESTONE_STATUSES = ['planned', 'in_progress', 'done'] as const;

const milestoneSchema = z.object({
  id: uuid,
  title: z.string(),
  description: z.string(),
  start_date: date.nullable(),
  end_date: date.nullable(),
  status: z.enum(MILESTONE_STATUSES),
});
export type CustomerMilestone = z.infer<typeof milestoneSchema>;

const commentSchema = z.object({
  id: uuid,
  author_kind: z.enum(['staff', 'customer']),
  author_name: z.string(),
  body: z.string(),
  created_at: timestamp,
});
export type CustomerComment = z.infer<typeof commentSchema>;

const decisionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('accepted'),
    at: timestamp.nullable(),
    name: z.string(),
    signature: z.string(),
    signature_method: z.enum(['drawn', 'typed']),
    sha256: z.string(),
    version_number: z.number().int().nullable(),
    total_cents: z.number().int().nullable(),
  }),
  z.object({ kind: z.literal('declined'), at: timestamp.nullable(), reason: z.string() }),
  z.object({ kind: z.literal('changes_requested'), at: timestamp.nullable(), message: z.string() }),
  z.object({ kind: z.literal('update_requested'), at: timestamp.nullable(), message: z.string() }),
]);
export type Decision = z.infer<typeof decisionSchema>;

const ESTIMATE_STATUSES = ['draft', 'sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'expired', 'archived'] as const;

const customerEstimateFields = {
  estimate_id: uuid,
  number: z.string(),
  title: z.string(),
  customer_name: z.string(),
  status: z.enum(ESTIMATE_STATUSES),
  can_act: z.boolean(),
  sent_at: timestamp.nullable(),
  valid_until: date.nullable(),
  organization: z.object({
    name: z.string(),
    logo: z.string(),
    brand_color: z.string(),
    address: z.string(),
    phone: z.string(),
  }),
  version: z.object({ id: uuid, version_number: z.number().int(), sha256: z.string(), created_at: timestamp }),
  milestones: z.array(milestoneSchema),
  comments: z.array(commentSchema),
  decision: decisionSchema.nullable(),
};

/** An opening or an action: everything the page shows. Null: the link is not valid. */
export const customerEstimateSchema = z.object({ ...customerEstimateFields, snapshot: snapshotSchema }).nullable();
export type CustomerEstimate = NonNullable<z.infer<typeof customerEstimateSchema>>;

/** What polling brings: the same, the snapshot only when the version changed. */
export const estimateUpdateSchema = z.object({ ...customerEstimateFields, snapshot: snapshotSchema.nullable() }).nullable();
export type EstimateUpdate = NonNullable<z.infer<typeof estimateUpdateSchema>>;

// Forms. Messages are shown at the field; the typed input is kept whatever happens.
const name = z
  .string()
  .transform(tidyName)
  .refine((s) => s !== '', 'Type your full name')
  .refine((s) => s.length <= 200, 'The name is too long (at most 200 characters)');

export const acceptFormSchema = z
  .object({
    name,
    method: z.enum(['drawn', 'typed']),
    drawn: z.string(),
    agreed: z.boolean().refine((v) => v, 'Tick the box to agree to the terms'),
  })
  .superRefine((form, ctx) => {
    if (form.method === 'drawn' && form.drawn === '') ctx.addIssue({ code: 'custom', path: ['drawn'], message: 'Sign in the box, or choose to type your signature' });
    if (form.method === 'drawn' && form.drawn.length > 100_000) ctx.addIssue({ code: 'custom', path: ['drawn'], message: 'The signature is too detailed; clear it and sign again' });
  });

const longText = (empty: string, max = 2000) =>
  z
    .string()
    .refine((s) => s.trim() !== '', empty)
    .refine((s) => s.trim().length <= max, `Keep it under ${max.toLocaleString('en-US')} characters`);

export const declineFormSchema = z.object({ reason: longText('Tell us why you are declining') });
export const changesFormSchema = z.object({ message: longText('Tell us what you would like changed') });
export const commentFormSchema = z.object({ name, body: longText('Write a comment first') });
