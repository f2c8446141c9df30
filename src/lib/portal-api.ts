// The customer's and prospect's portal calls (supabase/migrations/20261125000600_portals.sql),
// shared by the customer portal and the prospect portal: each through callRpc with a zod
// schema of its answer. Every data call carries the caller's session (and, on a prospect
// token page, the link token); the server answers null for any credential it does not accept.
// zod/mini: the portals' JavaScript stays small (see vite.config.ts).
import { z } from 'zod/mini';
import { commentSchema, date, milestoneSchema, uuid } from './portal-fields';
import { callRpc } from './server-api';

const PORTAL_KINDS = ['customer', 'prospect'] as const;
export type PortalKind = (typeof PORTAL_KINDS)[number];

/** A portal link token as the server checks it before any lookup. */
export const portalTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/));

/** What opens a portal at sign-in: its link token or its access code. */
export type Credential = { token: string } | { code: string };

/** The caller of a data call: the session, and the link token on a prospect token page. */
export type PortalAccess = { session: string | null; token: string | null };

const branding = z.object({ name: z.string(), logo: z.string(), brand_color: z.string() });

const signInOptionsSchema = z.nullable(
  z.object({
    portal_id: uuid,
    kind: z.enum(PORTAL_KINDS),
    name: z.string(),
    brand_color: z.string(),
    organization: branding,
    needs_code: z.boolean(),
    contacts: z.array(z.object({ id: uuid, name: z.string(), email_hint: z.string() })),
  }),
);
export type SignInOptions = NonNullable<z.infer<typeof signInOptionsSchema>>;

const codeSentSchema = z.nullable(z.object({ challenge_id: uuid, sent_to: z.string(), expires_at: z.string() }));
export type CodeSent = NonNullable<z.infer<typeof codeSentSchema>>;

const signInResultSchema = z.nullable(
  z.discriminatedUnion('status', [
    z.object({ status: z.literal('signed_in'), session_token: z.string(), expires_at: z.string(), prospect_id: uuid, portal_id: uuid, kind: z.enum(PORTAL_KINDS) }),
    z.object({ status: z.literal('wrong_code'), attempts_left: z.int() }),
    z.object({ status: z.literal('code_expired') }),
  ]),
);

const sessionCheckSchema = z.nullable(z.object({ portal_id: uuid, kind: z.enum(PORTAL_KINDS), prospect_id: uuid, expires_at: z.string() }));

export type PortalComment = z.infer<typeof commentSchema>;

const REQUEST_STATUSES = ['new', 'in_review', 'converted', 'dismissed'] as const;
const portalRequestSchema = z.object({
  id: uuid,
  reference: z.string(),
  description: z.string(),
  status: z.enum(REQUEST_STATUSES),
  created_at: z.string(),
});
export type PortalRequest = z.infer<typeof portalRequestSchema>;

/**
 * One estimate of the portal: what the list and the timeline show, and the rest of the
 * estimate page's answer kept as it came (the estimate view checks it with its own schema
 * before showing it offline).
 */
const portalEstimateSchema = z.looseObject({
  estimate_id: uuid,
  number: z.string(),
  title: z.string(),
  status: z.string(),
  valid_until: z.nullable(date),
  sent_at: z.nullable(z.string()),
  snapshot: z.nullable(z.looseObject({ estimate: z.looseObject({ total_cents: z.int() }) })),
  decision: z.nullable(z.looseObject({ kind: z.string(), total_cents: z.optional(z.int()) })),
  version: z.looseObject({ id: uuid }),
  milestones: z.array(milestoneSchema),
});
export type PortalEstimate = z.infer<typeof portalEstimateSchema>;

export const portalHomeSchema = z.object({
  portal: z.object({
    id: uuid,
    kind: z.enum(PORTAL_KINDS),
    name: z.string(),
    welcome_message: z.string(),
    brand_color: z.string(),
    allow_requests: z.boolean(),
    expires_at: z.nullable(z.string()),
  }),
  organization: z.extend(branding, { address: z.string(), phone: z.string() }),
  contact: z.nullable(z.object({ id: uuid, first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string(), company: z.string() })),
  estimates: z.array(portalEstimateSchema),
  comments: z.array(commentSchema),
  requests: z.array(portalRequestSchema),
});
export type PortalHome = z.infer<typeof portalHomeSchema>;

const updatesSchema = z.object({
  comments: z.array(commentSchema),
  requests: z.array(portalRequestSchema),
  estimates: z.array(z.object({ estimate_id: uuid, status: z.string(), version_id: z.nullable(uuid) })),
});
export type PortalUpdates = z.infer<typeof updatesSchema>;

const requestFiledSchema = z.nullable(z.object({ reference: z.string(), id: uuid, requests: z.array(portalRequestSchema) }));
const estimateLinkSchema = z.nullable(z.object({ token: portalTokenSchema, expires_at: z.string() }));

function credentialArgs(credential: Credential) {
  return 'token' in credential ? { p_token: credential.token, p_code: null } : { p_token: null, p_code: credential.code };
}

const accessArgs = (access: PortalAccess) => ({ p_session: access.session, p_token: access.token });

export const fetchSignInOptions = (credential: Credential) => callRpc('portal_sign_in_options', credentialArgs(credential), signInOptionsSchema);

export const sendSignInCode = (credential: Credential, prospectId: string) =>
  callRpc('portal_send_sign_in_code', { ...credentialArgs(credential), p_prospect_id: prospectId }, codeSentSchema);

export const signInToPortal = (credential: Credential, challengeId: string | null, oneTimeCode: string | null, encryptedData: string) =>
  callRpc('portal_sign_in', { ...credentialArgs(credential), p_challenge_id: challengeId, p_one_time_code: oneTimeCode, p_encrypted_data: encryptedData }, signInResultSchema);

export const checkPortalSession = (session: string) => callRpc('portal_session_check', { p_session: session }, sessionCheckSchema);

export const fetchPortalHome = (access: PortalAccess, record: boolean) => callRpc('portal_home', { ...accessArgs(access), p_record: record }, z.nullable(portalHomeSchema));

export const fetchPortalUpdates = (access: PortalAccess) => callRpc('portal_updates', accessArgs(access), z.nullable(updatesSchema));

export const postPortalComment = (access: PortalAccess, key: string, body: string) =>
  callRpc('portal_comment', { ...accessArgs(access), p_key: key, p_body: body }, z.nullable(updatesSchema));

export type RequestFields = { name: string; email: string; phone: string; company: string; description: string; desired_start: string | null; budget_range: string };

export const postPortalRequest = (access: PortalAccess, key: string, fields: RequestFields) =>
  callRpc(
    'portal_request',
    {
      ...accessArgs(access), p_key: key, p_name: fields.name, p_email: fields.email, p_phone: fields.phone, p_company: fields.company,
      p_description: fields.description, p_desired_start: fields.desired_start, p_budget_range: fields.budget_range,
    },
    requestFiledSchema,
  );

export const fetchEstimateLink = (access: PortalAccess, estimateId: string, record: boolean) =>
  callRpc('portal_estimate_link', { ...accessArgs(access), p_estimate_id: estimateId, p_record: record }, estimateLinkSchema);

export const signOutOfPortal = (session: string) => callRpc('portal_sign_out', { p_session: session }, z.unknown());
