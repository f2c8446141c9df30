// POST /token (internal/api/token.go): password, refresh_token and pkce grants; id_token and
// web3 need external identity providers, which are not enabled here.
import type { Context, Hono } from 'hono';
import type { LocalContext } from '../context';
import { AuthError, badRequest, unprocessable, validationFailed } from './errors';
import { clientIp, readJson, str, userAgent, type Body } from './http';
import { checkPassword, verifyPassword } from './passwords';
import { exchangeAuthCode } from './pkce';
import { limitRequest } from './rate-limit';
import { createSession, refreshGrant, tokenResponse } from './sessions';
import { isBanned, loadUser } from './users';

export function tokenRoutes(app: Hono, ctx: LocalContext): void {
  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type') ?? '';
    const body = await readJson(c);
    switch (grant) {
      case 'password':
        return c.json(await passwordGrant(ctx, c, body));
      case 'refresh_token': {
        const token = str(body, 'refresh_token');
        if (!token) throw validationFailed('refresh_token required');
        return c.json(await refreshGrant(ctx, token));
      }
      case 'pkce':
        return c.json(await pkceGrant(ctx, c, body));
      case 'id_token':
        throw idTokenDisabled(body);
      case 'web3':
        throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
      default:
        throw badRequest('invalid_credentials', 'unsupported_grant_type');
    }
  });
}

const INVALID_LOGIN = 'Invalid login credentials';

async function passwordGrant(ctx: LocalContext, c: Context, body: Body) {
  const email = str(body, 'email').trim().toLowerCase();
  const phone = str(body, 'phone').trim().replace(/^\+/, '').replace(/[\s\-().]/g, '');
  const password = str(body, 'password');
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided on login.');
  if (!email && !phone) throw validationFailed('missing email or phone');
  if (!password) throw validationFailed('missing password');
  const client = { ip: clientIp(c), userAgent: userAgent(c) };
  await limitRequest(ctx, 'signin', client.ip, email || phone);

  const user = await loadUser(ctx.db, email ? { email } : { phone });
  const ok = await verifyPassword(password, user?.row.encrypted_password, ctx.config.BCRYPT_COST);
  if (!user || !ok) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (isBanned(user.row)) throw badRequest('user_banned', 'User is banned');
  if (email && !user.row.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (phone && !user.row.phone_confirmed_at) throw badRequest('phone_not_confirmed', 'Phone not confirmed');

  const response = await ctx.db.transaction(async (tx) => {
    const { sessionId, refreshToken } = await createSession(tx, user.row.id, 'password', client);
    return tokenResponse(ctx, tx, user.row.id, sessionId, refreshToken);
  });
  const weak = checkPassword(password);
  return weak ? { ...response, weak_password: weak } : response;
}

async function pkceGrant(ctx: LocalContext, c: Context, body: Body) {
  const client = { ip: clientIp(c), userAgent: userAgent(c) };
  return ctx.db.transaction(async (tx) => {
    const { userId, method } = await exchangeAuthCode(tx, str(body, 'auth_code'), str(body, 'code_verifier'));
    const { sessionId, refreshToken } = await createSession(tx, userId, method, client);
    return tokenResponse(ctx, tx, userId, sessionId, refreshToken);
  });
}

const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com',
  keycloak: '',
};

function idTokenDisabled(body: Body): AuthError {
  if (!str(body, 'id_token')) return validationFailed('id_token required');
  const provider = str(body, 'provider');
  if (!provider && !(str(body, 'client_id') && str(body, 'issuer'))) return validationFailed('provider or client_id and issuer required');
  const issuer = ISSUERS[provider];
  if (issuer === undefined) return validationFailed(`Custom OIDC provider "${provider}" not allowed`);
  return badRequest('provider_disabled', `Provider (issuer "${issuer}") is not enabled`);
}
