// POST /signup (internal/api/signup.go): e-mail or phone with a password and metadata.
// Local mode auto-confirms (AUTOCONFIRM) and answers with a session; otherwise it sends a
// confirmation and answers with the bare user.
import type { Context, Hono } from 'hono';
import type { LocalContext } from '../context';
import { unprocessable, validationFailed } from './errors';
import { clientIp, obj, readJson, str, userAgent } from './http';
import { allowedRedirect, sendCodeSms, sendLinkMail } from './messages';
import { issueToken } from './one-time-tokens';
import { assertStrongPassword, hashPassword } from './passwords';
import { createFlowState, readChallenge } from './pkce';
import { limitRequest } from './rate-limit';
import { createSession, tokenResponse } from './sessions';
import { applyClientHeaders } from './token-guard';
import { insertUser, loadUser, normalizeEmail, normalizePhone, upsertIdentity, userJson } from './users';

export function signupRoutes(app: Hono, ctx: LocalContext): void {
  app.post('/signup', (c) => signup(ctx, c));
}

async function signup(ctx: LocalContext, c: Context): Promise<Response> {
  const body = await readJson(c);
  const rawEmail = str(body, 'email');
  const rawPhone = str(body, 'phone');
  const password = str(body, 'password');
  const data = obj(body, 'data') ?? {};
  if (!rawEmail && !rawPhone && !password) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (rawEmail && rawPhone) throw validationFailed('Only an email address or phone number should be provided on signup.');
  if (!rawEmail && !rawPhone) throw validationFailed('Signup requires a valid email or phone number');
  if (!password) throw validationFailed('Signup requires a valid password');
  const email = rawEmail ? normalizeEmail(rawEmail) : undefined;
  const phone = rawPhone ? normalizePhone(rawPhone) : undefined;
  const challenge = readChallenge(body);
  const client = { ip: clientIp(c), userAgent: userAgent(c) };
  await limitRequest(ctx, 'signup', client.ip, email ?? phone);
  assertStrongPassword(password);
  const hash = await hashPassword(password, ctx.config.BCRYPT_COST);
  const autoconfirm = ctx.config.AUTOCONFIRM;
  const redirectTo = allowedRedirect(ctx, c.req.query('redirect_to'), ctx.config.siteUrl);

  const outcome = await ctx.db.transaction(async (tx) => {
    // The sign-up trigger may look up an invite token, which counts against this address.
    await applyClientHeaders(tx, c);
    const existing = await loadUser(tx, email ? { email } : { phone });
    let userId: string;
    if (existing) {
      const confirmed = email ? existing.row.email_confirmed_at : existing.row.phone_confirmed_at;
      if (confirmed) throw unprocessable('user_already_exists', 'User already registered');
      userId = existing.row.id;
      await tx.query(
        `update auth.users set encrypted_password = $2, raw_user_meta_data = $3, updated_at = now(),
           email_confirmed_at = case when $4 and email is not null then now() else email_confirmed_at end,
           phone_confirmed_at = case when $4 and phone is not null then now() else phone_confirmed_at end
         where id = $1`,
        [userId, hash, data, autoconfirm],
      );
      await upsertIdentity(tx, userId);
    } else {
      userId = await insertUser(tx, { email, phone, passwordHash: hash, userMetadata: data, emailConfirmed: autoconfirm, phoneConfirmed: autoconfirm });
    }
    if (autoconfirm) {
      const { sessionId, refreshToken } = await createSession(tx, userId, 'password', client);
      return { session: await tokenResponse(ctx, tx, userId, sessionId, refreshToken) };
    }
    const token = await issueToken(tx, userId, 'confirmation_token', (email ?? phone)!, !!challenge);
    if (challenge) await createFlowState(tx, userId, challenge, 'email/signup');
    await tx.query('update auth.users set confirmation_sent_at = now() where id = $1', [userId]);
    const user = await loadUser(tx, { id: userId });
    return { token, user: userJson(user!) };
  });

  if ('session' in outcome) return c.json(outcome.session);
  if (email) await sendLinkMail(ctx, email, 'signup', outcome.token, redirectTo);
  else await sendCodeSms(ctx, phone!, outcome.token.code);
  return c.json(outcome.user);
}
