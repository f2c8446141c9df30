// The GoTrue-compatible auth service mounted at /auth/v1 (issue 3), and the dev mailbox at
// /_mail. Every answer, errors included, goes through GoTrue's error shape; nothing a client
// sends becomes a 500.
import { Hono } from 'hono';
import type { LocalContext } from '../context';
import { isPgError } from '../errors';
import { mailboxRoutes } from '../mail/mailbox';
import { adminRoutes } from './admin';
import { AuthError, echoApiVersion, errorResponse, notFound, unexpectedFailure, validationFailed } from './errors';
import { mfaRoutes } from './mfa';
import { signupRoutes } from './signup';
import { asAuthError } from './token-guard';
import { tokenRoutes } from './token';
import { userRoutes } from './user';
import { verifyRoutes } from './verify';

export function authRoutes(ctx: LocalContext): Hono {
  const app = new Hono();
  app.onError((thrown, c) => {
    const error = asAuthError(thrown);
    if (error instanceof AuthError) return errorResponse(c, error);
    // Races on unique keys and values Postgres refuses (such as \u0000 in JSON) are the
    // client's doing, not the server's.
    if (isPgError(error) && error.code === '23505') return errorResponse(c, new AuthError(409, 'conflict', 'The resource already exists'));
    if (isPgError(error) && error.code!.startsWith('22')) return errorResponse(c, validationFailed(`Invalid input: ${error.message}`));
    ctx.log.error(`auth ${c.req.method} ${c.req.path} failed`, error);
    return errorResponse(c, unexpectedFailure());
  });
  app.notFound((c) => errorResponse(c, notFound('not_found', 'Not Found')));
  app.use('*', async (c, next) => {
    await next();
    echoApiVersion(c);
  });

  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(ctx.keys.jwks);
  });
  app.get('/health', (c) => c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue-compatible auth of the local backend' }));
  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: true, anonymous_users: false, google: false, apple: false, azure: false, github: false, saml: false, web3_ethereum: false, web3_solana: false },
      disable_signup: false,
      mailer_autoconfirm: ctx.config.AUTOCONFIRM,
      phone_autoconfirm: ctx.config.AUTOCONFIRM,
      sms_provider: ctx.config.SMS_WEBHOOK_URL ? 'webhook' : '',
      saml_enabled: false,
    }),
  );

  signupRoutes(app, ctx);
  tokenRoutes(app, ctx);
  verifyRoutes(app, ctx);
  userRoutes(app, ctx);
  mfaRoutes(app, ctx);
  adminRoutes(app, ctx);

  app.post('/sso', () => {
    throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
  });
  app.get('/authorize', (c) => {
    const provider = c.req.query('provider');
    if (!provider) throw validationFailed('Unsupported provider: provider could not be found');
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: Provider is not enabled');
  });
  return app;
}

export function mailRoutes(ctx: LocalContext): Hono {
  return mailboxRoutes(ctx);
}
