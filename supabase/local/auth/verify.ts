// Passwordless and recovery flows: POST /otp, /recover, /resend and GET or POST /verify
// (internal/api/otp.go, recover.go, resend.go, verify.go). /otp and /recover answer the same
// whether or not the account exists.
import type { Context, Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import type { LocalContext } from '../context';
import type { Queryable } from '../db';
import { AuthError, forbidden, unprocessable, validationFailed } from './errors';
import { bool, clientIp, obj, readJson, str, userAgent, type Body } from './http';
import { allowedRedirect, sendCodeSms, sendLinkMail, type VerifyType } from './messages';
import { consumeToken, issueToken, tokenHash, type FoundToken, type IssuedToken, type TokenType } from './one-time-tokens';
import { createFlowState, issueAuthCode, readChallenge, type Challenge } from './pkce';
import { limitMessageSent, limitRequest } from './rate-limit';
import { createSession, tokenResponse, type TokenResponse } from './sessions';
import { applyClientHeaders, asAuthError, recordFailedTokenLookup } from './token-guard';
import { insertUser, loadUser, normalizeEmail, normalizePhone, upsertIdentity } from './users';

export function verifyRoutes(app: Hono, ctx: LocalContext): void {
  app.post('/otp', (c) => otp(ctx, c));
  app.post('/recover', (c) => recover(ctx, c));
  app.post('/resend', (c) => resend(ctx, c));
  app.post('/verify', (c) => verifyPost(ctx, c));
  app.get('/verify', (c) => verifyGet(ctx, c));
}

type Pending = { to: string; kind: 'email' | 'sms'; type: VerifyType; token: IssuedToken } | undefined;

async function deliver(ctx: LocalContext, pending: Pending, redirectTo: string): Promise<string | undefined> {
  if (!pending) return undefined;
  if (pending.kind === 'sms') return sendCodeSms(ctx, pending.to, pending.token.code);
  await sendLinkMail(ctx, pending.to, pending.type, pending.token, redirectTo);
  return undefined;
}

/** Keeps an answer for an unknown account as costly (and as rate limited) as a real one. */
async function sendNothing(ctx: LocalContext, kind: 'email' | 'sms', to: string): Promise<void> {
  await limitMessageSent(ctx, kind, to);
}

async function startFlow(tx: Queryable, userId: string, type: TokenType, relatesTo: string, challenge: Challenge | undefined, method: string) {
  const token = await issueToken(tx, userId, type, relatesTo, !!challenge);
  if (challenge) await createFlowState(tx, userId, challenge, method);
  return token;
}

async function otp(ctx: LocalContext, c: Context): Promise<Response> {
  const body = await readJson(c);
  const rawEmail = str(body, 'email');
  const rawPhone = str(body, 'phone');
  if (rawEmail && rawPhone) throw validationFailed('Only an email address or phone number should be provided');
  if (!rawEmail && !rawPhone) throw validationFailed('You must provide either an email or phone number');
  const email = rawEmail ? normalizeEmail(rawEmail) : undefined;
  const phone = rawPhone ? normalizePhone(rawPhone) : undefined;
  const channel = str(body, 'channel') || 'sms';
  if (phone && channel !== 'sms') throw validationFailed("Invalid channel, supported values are 'sms'");
  const createUser = bool(body, 'create_user') ?? true;
  const data = obj(body, 'data') ?? {};
  const challenge = readChallenge(body);
  const to = (email ?? phone)!;
  await limitRequest(ctx, 'otp', clientIp(c), to);

  const pending: Pending = await ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, email ? { email } : { phone });
    const kind = email ? 'email' : 'sms';
    if (!user) {
      if (!createUser) return undefined;
      const userId = await insertUser(tx, { email, phone, userMetadata: data });
      const token = await startFlow(tx, userId, 'confirmation_token', to, challenge, 'email/signup');
      await tx.query('update auth.users set confirmation_sent_at = now() where id = $1', [userId]);
      return { to, kind, type: 'signup', token };
    }
    const confirmed = email ? user.row.email_confirmed_at : user.row.phone_confirmed_at;
    if (!confirmed || phone) {
      const token = await startFlow(tx, user.row.id, 'confirmation_token', to, challenge, confirmed ? 'magiclink' : 'email/signup');
      await tx.query('update auth.users set confirmation_sent_at = now() where id = $1', [user.row.id]);
      return { to, kind, type: confirmed ? 'magiclink' : 'signup', token };
    }
    const token = await startFlow(tx, user.row.id, 'recovery_token', to, challenge, 'magiclink');
    await tx.query('update auth.users set recovery_sent_at = now() where id = $1', [user.row.id]);
    return { to, kind, type: 'magiclink', token };
  });
  const redirectTo = allowedRedirect(ctx, c.req.query('redirect_to'), ctx.config.siteUrl);
  if (!pending) await sendNothing(ctx, email ? 'email' : 'sms', to);
  const messageId = await deliver(ctx, pending, redirectTo);
  return c.json(phone ? { message_id: messageId ?? randomUUID() } : {});
}

async function recover(ctx: LocalContext, c: Context): Promise<Response> {
  const body = await readJson(c);
  const rawEmail = str(body, 'email');
  if (!rawEmail) throw validationFailed('Password recovery requires an email');
  const email = normalizeEmail(rawEmail);
  const challenge = readChallenge(body);
  await limitRequest(ctx, 'recover', clientIp(c), email);
  const pending: Pending = await ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, { email });
    if (!user) return undefined;
    const token = await startFlow(tx, user.row.id, 'recovery_token', email, challenge, 'recovery');
    await tx.query('update auth.users set recovery_sent_at = now() where id = $1', [user.row.id]);
    return { to: email, kind: 'email', type: 'recovery', token };
  });
  if (!pending) await sendNothing(ctx, 'email', email);
  await deliver(ctx, pending, allowedRedirect(ctx, c.req.query('redirect_to'), `${ctx.config.siteUrl}/auth?reset=true`));
  return c.json({});
}

async function resend(ctx: LocalContext, c: Context): Promise<Response> {
  const body = await readJson(c);
  const type = str(body, 'type');
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const byEmail = type === 'signup' || type === 'email_change';
  const raw = str(body, byEmail ? 'email' : 'phone');
  if (!raw) throw validationFailed(byEmail ? 'Type provided requires an email address' : 'Type provided requires a phone number');
  const address = byEmail ? normalizeEmail(raw) : normalizePhone(raw);
  const challenge = readChallenge(body);
  await limitRequest(ctx, 'otp', clientIp(c), address);
  const pending: Pending = await ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, byEmail ? { email: address } : { phone: address });
    if (!user) return undefined;
    const r = user.row;
    if (type === 'signup' && !r.email_confirmed_at) {
      const token = await startFlow(tx, r.id, 'confirmation_token', address, challenge, 'email/signup');
      return { to: address, kind: 'email', type: 'signup', token };
    }
    if (type === 'sms' && !r.phone_confirmed_at) {
      return { to: address, kind: 'sms', type: 'signup', token: await issueToken(tx, r.id, 'confirmation_token', address) };
    }
    if (type === 'email_change' && r.email_change) {
      const token = await startFlow(tx, r.id, 'email_change_token_new', r.email_change, challenge, 'email_change');
      return { to: r.email_change, kind: 'email', type: 'email_change', token };
    }
    if (type === 'phone_change' && r.phone_change) {
      return { to: r.phone_change, kind: 'sms', type: 'signup', token: await issueToken(tx, r.id, 'phone_change_token', r.phone_change) };
    }
    return undefined;
  });
  if (!pending) await sendNothing(ctx, byEmail ? 'email' : 'sms', address);
  const messageId = await deliver(ctx, pending, allowedRedirect(ctx, c.req.query('redirect_to'), ctx.config.siteUrl));
  return c.json(byEmail ? {} : { message_id: messageId ?? randomUUID() });
}

const VERIFY_TYPES: Record<string, { tokens: TokenType[]; amr: string; phone?: boolean }> = {
  signup: { tokens: ['confirmation_token'], amr: 'otp' },
  invite: { tokens: ['confirmation_token'], amr: 'invite' },
  magiclink: { tokens: ['recovery_token', 'confirmation_token'], amr: 'magiclink' },
  recovery: { tokens: ['recovery_token'], amr: 'recovery' },
  email_change: { tokens: ['email_change_token_new', 'email_change_token_current'], amr: 'email_change' },
  email: { tokens: ['confirmation_token', 'recovery_token'], amr: 'otp' },
  sms: { tokens: ['confirmation_token'], amr: 'otp', phone: true },
  phone_change: { tokens: ['phone_change_token'], amr: 'otp', phone: true },
};

const OTP_INVALID = () => forbidden('otp_expired', 'Token has expired or is invalid');

type Verified = { session: TokenResponse } | { code: string };

/** Checks the token, applies what it confirms and starts a session (or issues a PKCE code). */
async function verifyToken(ctx: LocalContext, c: Context, params: Body, forRedirect: boolean): Promise<{ type: string; result: Verified }> {
  const type = str(params, 'type');
  const spec = VERIFY_TYPES[type];
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!spec) throw validationFailed('Unsupported verification type');
  const token = str(params, 'token');
  let hash = str(params, 'token_hash');
  if (!hash) {
    if (!token) throw validationFailed('Verify requires a token or a token hash');
    if (forRedirect) {
      hash = token;
    } else if (spec.phone) {
      const phone = str(params, 'phone');
      if (!phone) throw validationFailed('Only an email address or phone number should be provided on verify');
      hash = tokenHash(normalizePhone(phone), token.trim());
    } else {
      const email = str(params, 'email');
      if (!email) throw validationFailed('Only an email address or phone number should be provided on verify');
      hash = tokenHash(normalizeEmail(email), token.trim());
    }
  }
  const client = { ip: clientIp(c), userAgent: userAgent(c) };
  await limitRequest(ctx, 'verify', client.ip);
  const result = await ctx.db
    .transaction(async (tx): Promise<Verified> => {
      await applyClientHeaders(tx, c);
      await tx.query('select private.guard_token_lookup()');
      const found = await consumeToken(tx, hash, spec.tokens, ctx.config.OTP_EXPIRY);
      if (!found) throw OTP_INVALID();
      return startVerifiedSession(ctx, tx, found, { type, amr: spec.amr, forRedirect, client });
    })
    .catch(async (error: unknown) => {
      if (error instanceof AuthError && error.code === 'otp_expired') await recordFailedTokenLookup(ctx, c);
      throw asAuthError(error);
    });
  return { type, result };
}

async function startVerifiedSession(
  ctx: LocalContext,
  tx: Queryable,
  found: FoundToken,
  options: { type: string; amr: string; forRedirect: boolean; client: { ip: string; userAgent: string | null } },
): Promise<Verified> {
  await applyToken(tx, found);
  if (found.pkce && options.forRedirect) {
    const code = await issueAuthCode(tx, found.user_id, flowMethod(found, options.type));
    if (code) return { code };
  }
  const { sessionId, refreshToken } = await createSession(tx, found.user_id, options.amr, options.client);
  return { session: await tokenResponse(ctx, tx, found.user_id, sessionId, refreshToken) };
}

function flowMethod(found: FoundToken, type: string): string {
  if (found.token_type === 'recovery_token') return type === 'recovery' ? 'recovery' : 'magiclink';
  if (found.token_type === 'email_change_token_new' || found.token_type === 'email_change_token_current') return 'email_change';
  return type === 'magiclink' ? 'magiclink' : 'email/signup';
}

async function applyToken(tx: Queryable, found: FoundToken): Promise<void> {
  const id = found.user_id;
  switch (found.token_type) {
    case 'confirmation_token':
    case 'recovery_token':
      await tx.query(
        `update auth.users set
           email_confirmed_at = case when email is not null and lower(email) = lower($2) then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
           phone_confirmed_at = case when phone = $2 then coalesce(phone_confirmed_at, now()) else phone_confirmed_at end,
           updated_at = now()
         where id = $1`,
        [id, found.relates_to],
      );
      break;
    case 'email_change_token_new':
    case 'email_change_token_current': {
      const taken = await tx.query(
        `select 1 from auth.users o, auth.users u where u.id = $1 and o.id <> u.id and lower(o.email) = lower(u.email_change)`,
        [id],
      );
      if (taken.rows.length) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      await tx.query(
        `update auth.users set email = email_change, email_change = '', email_change_sent_at = null,
           email_confirmed_at = now(), updated_at = now()
         where id = $1 and coalesce(email_change, '') <> ''`,
        [id],
      );
      await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`, [id]);
      break;
    }
    case 'phone_change_token': {
      const taken = await tx.query(`select 1 from auth.users o, auth.users u where u.id = $1 and o.id <> u.id and o.phone = u.phone_change`, [id]);
      if (taken.rows.length) throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
      await tx.query(
        `update auth.users set phone = phone_change, phone_change = '', phone_change_sent_at = null,
           phone_confirmed_at = now(), updated_at = now()
         where id = $1 and coalesce(phone_change, '') <> ''`,
        [id],
      );
      break;
    }
    default:
      throw OTP_INVALID();
  }
  await upsertIdentity(tx, id);
}

async function verifyPost(ctx: LocalContext, c: Context): Promise<Response> {
  const body = await readJson(c);
  const { result } = await verifyToken(ctx, c, body, false);
  if ('session' in result) return c.json(result.session);
  throw OTP_INVALID();
}

/** The link in the mail: 303 to redirect_to with the session (or error) in the fragment. */
async function verifyGet(ctx: LocalContext, c: Context): Promise<Response> {
  const query = c.req.query();
  const target = allowedRedirect(ctx, query.redirect_to, ctx.config.siteUrl);
  const base = target.split('#')[0]!;
  try {
    const { type, result } = await verifyToken(ctx, c, { type: query.type, token: query.token, token_hash: query.token_hash }, true);
    if ('code' in result) {
      const url = new URL(base);
      url.searchParams.set('code', result.code);
      return c.redirect(url.toString(), 303);
    }
    const s = result.session;
    const fragment = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: 'bearer',
      type,
    });
    return c.redirect(`${base}#${fragment.toString()}`, 303);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const fragment = new URLSearchParams({
      error: error.status === 403 ? 'access_denied' : 'invalid_request',
      error_code: error.code,
      error_description: error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
    });
    return c.redirect(`${base}#${fragment.toString()}`, 303);
  }
}

