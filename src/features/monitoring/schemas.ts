// The monitoring page's server answers: backend health, customer sessions, the access log.
import { z } from 'zod';

export const healthSchema = z.object({
  status: z.string(),
  version: z.string().optional(),
  database: z.string().optional(),
  migrations: z.object({ pending: z.array(z.string()) }).optional(),
  realtime: z.object({ clients: z.number() }).optional(),
});

export const customerSessionsSchema = z.array(
  z.object({
    id: z.guid(),
    portal_name: z.string(),
    prospect_name: z.string(),
    ip_address: z.string(),
    user_agent: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
  }),
);

export const accessLogSchema = z.array(
  z.object({
    id: z.coerce.number(),
    token_kind: z.string(),
    outcome: z.enum(['ok', 'denied']),
    portal_name: z.string(),
    estimate_number: z.string(),
    ip_address: z.string(),
    user_agent: z.string(),
    accessed_at: z.string(),
  }),
);
