// The customer estimate page's boundaries: the token from the URL, the server's answers
// (private.customer_estimate in supabase/migrations/20261125000200_customer_estimate.sql) and
// the forms. Unknown keys are dropped, so nothing the page did not ask for is ever rendered.
// zod/mini, not zod: the same checks in a fraction of the JavaScript a customer downloads.
import { z } from 'zod/mini';
import { commentSchema, date, milestoneSchema, uuid } from '../../../lib/portal-fields';
import { tidyName } from '../../../lib/signature';

/** What a link token looks like (the server checks the same before any lookup). */
export const tokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/));

const timestamp = z.string();
const decimal = z.pipe(z.union([z.number(), z.string()]), z.transform(Number));

const snapshotItemSchema = z.object({
  id: uuid,
  name: z.string(),
  description: z.string(),
  quantity: decimal,
  unit: z.string(),
  unit_price_cents: z.int(),
  discount_percent: decimal,
  taxable: z.boolean(),
  optional: z.boolean(),
  selected: z.boolean(),
  sort_order: z.int(),
  line_net_cents: z.int(),
});
export type SnapshotLine = z.infer<typeof snapshotItemSchema>;

const snapshotSchema = z.object({
  format: z.literal(1),
  estimate: z.object({
    title: z.string(),
    valid_until: z.nullable(date),
    tax_rate: decimal,
    discount_cents: z.int(),
    subtotal_cents: z.int(),
    tax_cents: z.int(),
    total_cents: z.int(),
    notes: z.string(),
    terms: z.string(),
  }),
  items: z.array(snapshotItemSchema),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export type CustomerMilestone = z.infer<typeof milestoneSchema>;

export type CustomerComment = z.infer<typeof commentSchema>;

const decisionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('accepted'),
    at: z.nullable(timestamp),
    name: z.string(),
    signature: z.string(),
    signature_method: z.enum(['drawn', 'typed']),
    sha256: z.string(),
    version_number: z.nullable(z.int()),
    total_cents: z.nullable(z.int()),
  }),
  z.object({ kind: z.literal('declined'), at: z.nullable(timestamp), reason: z.string() }),
  z.object({ kind: z.literal('changes_requested'), at: z.nullable(timestamp), message: z.string() }),
  z.object({ kind: z.literal('update_requested'), at: z.nullable(timestamp), message: z.string() }),
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
  sent_at: z.nullable(timestamp),
  valid_until: z.nullable(date),
  organization: z.object({
    name: z.string(),
    logo: z.string(),
    brand_color: z.string(),
    address: z.string(),
    phone: z.string(),
  }),
  version: z.object({ id: uuid, version_number: z.int(), sha256: z.string(), created_at: timestamp }),
  milestones: z.array(milestoneSchema),
  comments: z.array(commentSchema),
  decision: z.nullable(decisionSchema),
};

/** An opening or an action: everything the page shows. Null: the link is not valid. */
export const customerEstimateSchema = z.nullable(z.object({ ...customerEstimateFields, snapshot: snapshotSchema }));
export type CustomerEstimate = NonNullable<z.infer<typeof customerEstimateSchema>>;

/** What polling brings: the same, the snapshot only when the version changed. */
export const estimateUpdateSchema = z.nullable(z.object({ ...customerEstimateFields, snapshot: z.nullable(snapshotSchema) }));
export type EstimateUpdate = NonNullable<z.infer<typeof estimateUpdateSchema>>;

// Forms. Messages are shown at the field; the typed input is kept whatever happens.
const name = z.pipe(z.string(), z.transform(tidyName)).check(
  z.refine((s) => s !== '', 'Type your full name'),
  z.refine((s) => s.length <= 200, 'The name is too long (at most 200 characters)'),
);

export const acceptFormSchema = z
  .object({
    name,
    method: z.enum(['drawn', 'typed']),
    drawn: z.string(),
    agreed: z.boolean().check(z.refine((v) => v, 'Tick the box to agree to the terms')),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.method === 'drawn' && form.drawn === '') ctx.addIssue({ code: 'custom', path: ['drawn'], message: 'Sign in the box, or choose to type your signature' });
      if (form.method === 'drawn' && form.drawn.length > 100_000) ctx.addIssue({ code: 'custom', path: ['drawn'], message: 'The signature is too detailed; clear it and sign again' });
    }),
  );

const longText = (empty: string, max = 2000) =>
  z.string().check(
    z.refine((s) => s.trim() !== '', empty),
    z.refine((s) => s.trim().length <= max, `Keep it under ${max.toLocaleString('en-US')} characters`),
  );

export const declineFormSchema = z.object({ reason: longText('Tell us why you are declining') });
export const changesFormSchema = z.object({ message: longText('Tell us what you would like changed') });
export const commentFormSchema = z.object({ name, body: longText('Write a comment first') });
