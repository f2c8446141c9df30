// The signed-in user: GET and PUT /user, GET /reauthenticate, POST /logout and the identity
// endpoints (internal/api/user.go, reauthenticate.go, logout.go, identity.go).
import type { Context, Hono } from 'hono';
import type { LocalContext } from '../context';
import { badRequest, notFound, unprocessable, validationFailed } from './errors';
import { requireUser, type Authenticated } from './guard';
import { obj, readJson, str } from './http';
import { allowedRedirect, sendCodeMail, sendCodeSms, sendLinkMail } from './messages';
import { consumeToken, issueToken, tokenHash, type IssuedToken } from './one-time-tokens';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords';
import { createFlowState, readChallenge } from './pkce';
import { loadUser, normalizeEmail, normalizePhone, userJson } from './users';

export function userRoutes(app: Hono, ctx: LocalContext): void {
  app.get('/user', async (c) => c.json(userJson((await requireUser(ctx, c)).user)));
  app.put('/user', (c) => updateUser(ctx, c));
  app.get('/reauthenticate', (c) => reauthenticate(ctx, c));
  app.post('/logout', (c) => logout(ctx, c));
  app.get('/user/identities/authorize', async (c) => {
    await requireUser(ctx, c);
    throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  });
  app.delete('/user/identities/:id', async (c) => {
    await requireUser(ctx, c);
    throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  });
}

/** GoTrue merges metadata key by key; a null value removes the key. */
function mergeMetadata(current: Record<string, unknown> | null, update: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

async function updateUser(ctx: LocalContext, c: Context): Promise<Response> {
  const auth = await requireUser(ctx, c);
  const body = await readJson(c);
  const data = obj(body, 'data');
  const password = str(body, 'password');
  const currentPassword = str(body, 'current_password');
  const nonce = str(body, 'nonce');
  const rawEmail = str(body, 'email');
  const rawPhone = str(body, 'phone');
  const email = rawEmail ? normalizeEmail(rawEmail) : undefined;
  const phone = rawPhone ? normalizePhone(rawPhone) : undefined;
  const challenge = readChallenge(body);
  const row = auth.user.row;

  let newHash: string | undefined;
  if (password) {
    assertStrongPassword(password);
    if (currentPassword && !(await verifyPassword(currentPassword, row.encrypted_password, ctx.config.BCRYPT_COST))) {
      throw badRequest('invalid_credentials', 'Current password is incorrect');
    }
    if (row.encrypted_password && (await verifyPassword(password, row.encrypted_password, ctx.config.BCRYPT_COST))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    newHash = await hashPassword(password, ctx.config.BCRYPT_COST);
  }

  const sends: { mail?: { to: string; token: IssuedToken }; sms?: { to: string; token: IssuedToken } } = {};
  const user = await ctx.db.transaction(async (tx) => {
    if (nonce) {
      const relatesTo = row.email ?? row.phone ?? '';
      const found = await consumeToken(tx, tokenHash(relatesTo, nonce.trim()), ['reauthentication_token'], ctx.config.OTP_EXPIRY);
      if (!found || found.user_id !== row.id) throw badRequest('reauthentication_not_valid', 'Requested nonce is invalid');
    }
    if (data) {
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [row.id, mergeMetadata(row.raw_user_meta_data, data)]);
    }
    if (newHash) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [row.id, newHash]);
      // As GoTrue: a new password ends every other session of the user (a stolen tablet
      // stays signed in no longer than its access token lives); this one goes on.
      await tx.query('delete from auth.sessions where user_id = $1 and id::text <> $2', [row.id, auth.sessionId]);
    }
    if (email && email !== (row.email ?? '').toLowerCase()) {
      const taken = await tx.query('select 1 from auth.users where lower(email) = $1 and id <> $2', [email, row.id]);
      if (taken.rows.length) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      await tx.query(`update auth.users set email_change = $2, email_change_sent_at = now(), updated_at = now() where id = $1`, [row.id, email]);
      const token = await issueToken(tx, row.id, 'email_change_token_new', email, !!challenge);
      if (challenge) await createFlowState(tx, row.id, challenge, 'email_change');
      sends.mail = { to: email, token };
    }
    if (phone && phone !== row.phone) {
      const taken = await tx.query('select 1 from auth.users where phone = $1 and id <> $2', [phone, row.id]);
      if (taken.rows.length) throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
      await tx.query(`update auth.users set phone_change = $2, phone_change_sent_at = now(), updated_at = now() where id = $1`, [row.id, phone]);
      sends.sms = { to: phone, token: await issueToken(tx, row.id, 'phone_change_token', phone) };
    }
    return (await loadUser(tx, { id: row.id }))!;
  });
  if (sends.mail) await sendLinkMail(ctx, sends.mail.to, 'email_change', sends.mail.token, allowedRedirect(ctx, c.req.query('redirect_to'), ctx.config.siteUrl));
  if (sends.sms) await sendCodeSms(ctx, sends.sms.to, sends.sms.token.code);
  return c.json(userJson(user));
}

async function reauthenticate(ctx: LocalContext, c: Context): Promise<Response> {
  const auth = await requireUser(ctx, c);
  const { row } = auth.user;
  const to = row.email || row.phone;
  if (!to) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
  const token = await ctx.db.transaction(async (tx) => {
    await tx.query('update auth.users set reauthentication_sent_at = now() where id = $1', [row.id]);
    return issueToken(tx, row.id, 'reauthentication_token', to);
  });
  if (row.email) await sendCodeMail(ctx, row.email, 'Confirm reauthentication with this code', token.code);
  else await sendCodeSms(ctx, to, token.code);
  return c.json({});
}

async function logout(ctx: LocalContext, c: Context): Promise<Response> {
  const scope = c.req.query('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  const auth: Authenticated = await requireUser(ctx, c);
  const userId = auth.user.row.id;
  if (scope === 'local') await ctx.db.query('delete from auth.sessions where id = $1', [auth.sessionId]);
  else if (scope === 'others') await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, auth.sessionId]);
  else await ctx.db.query('delete from auth.sessions where user_id = $1', [userId]);
  return c.body(null, 204);
}
