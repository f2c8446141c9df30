// The zod/mini fields both customer pages check the server's answers with: the estimate link
// page (features/customer-portal) and the portals (portal-api.ts). zod/mini, as their schemas.
import { z } from 'zod/mini';

export const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
export const date = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** A step of an estimate's project timeline as the customer sees it. */
export const milestoneSchema = z.object({
  id: uuid,
  title: z.string(),
  description: z.string(),
  start_date: z.nullable(date),
  end_date: z.nullable(date),
  status: z.enum(['planned', 'in_progress', 'done']),
});

/** A comment on an estimate or a portal, from staff or the customer. */
export const commentSchema = z.object({
  id: uuid,
  author_kind: z.enum(['staff', 'customer']),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
