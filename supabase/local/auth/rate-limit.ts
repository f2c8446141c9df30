// Fixed-window counters in Postgres (_local.rate_limits), so every process on one database
// shares them. Off unless RATE_LIMITS is true.
import type { LocalContext } from '../context';
import { AuthError } from './errors';

export type LimitedAction = 'signin' | 'signup' | 'recover' | 'otp' | 'verify' | 'token_refresh';

async function hit(ctx: LocalContext, key: string, windowSeconds: number): Promise<number> {
  const { rows } = await ctx.db.query<{ hits: number }>(
    `insert into _local.rate_limits as r (key, window_start, hits) values ($1, now(), 1)
     on conflict (key) do update set
       hits = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.hits + 1 end,
       window_start = case when r.window_start <= now() - make_interval(secs => $2) then now() else r.window_start end
     returning hits`,
    [key, windowSeconds],
  );
  return rows[0]!.hits;
}

/** Counts one request of `action` from this IP (and for this e-mail or phone, when given). */
export async function limitRequest(ctx: LocalContext, action: LimitedAction, ip: string, identifier?: string): Promise<void> {
  const { config } = ctx;
  if (!config.RATE_LIMITS) return;
  const window = config.RATE_LIMIT_WINDOW;
  if ((await hit(ctx, `ip:${action}:${ip}`, window)) > config.RATE_LIMIT_IP_REQUESTS) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
  if (identifier && (await hit(ctx, `id:${action}:${identifier.toLowerCase()}`, window)) > config.RATE_LIMIT_EMAIL_REQUESTS) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

/** Counts one message sent to this address per hour, whether or not an account exists. */
export async function limitMessageSent(ctx: LocalContext, kind: 'email' | 'sms', to: string): Promise<void> {
  const { config } = ctx;
  if (!config.RATE_LIMITS) return;
  if ((await hit(ctx, `sent:${kind}:${to.toLowerCase()}`, 3600)) > config.RATE_LIMIT_EMAIL_SENT) {
    throw kind === 'email'
      ? new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded')
      : new AuthError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded');
  }
}
