// One process: the Supabase-compatible API (/auth/v1, /rest/v1, /realtime/v1), the dev
// mailbox, /health, /config.json and the built PWA, all on one origin.
import { createAdaptorServer } from '@hono/node-server';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { authRoutes, mailRoutes } from './auth';
import { clientAddressMiddleware, parseTrustedProxies } from './client-address';
import type { Config } from './config';
import type { LocalContext } from './context';
import { openDatabase, type Db } from './db';
import { ApiError, toApiError } from './errors';
import { loadKeys } from './keys';
import { createLogger } from './logger';
import { bootstrap, migrate, pendingMigrations } from './migrate';
import { startJobs } from './jobs';
import { startOutboxDrainer, type OutboxDrainer } from './mail/outbox';
import { createRealtime, type Realtime } from './realtime';
import { restRoutes } from './rest';
import { frameAncestorSources, securityHeaders } from './security-headers';
import { seedIfEmpty } from './seed';
import { serveEstimateLinkPage } from './estimate-link-page';
import { serveApp } from './static-app';
import { tlsOptions } from './tls';
import { VERSION } from './version';

const CORS_ALLOW_HEADERS = [
  'authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version', 'accept-profile',
  'content-profile', 'prefer', 'x-retry-count', 'traceparent', 'tracestate', 'baggage', 'range', 'accept',
];
const CORS_EXPOSE_HEADERS = ['Content-Range', 'X-Supabase-Api-Version', 'Range-Unit', 'Content-Location', 'Location', 'Preference-Applied'];

async function prepareDatabase(db: Db, config: Config, progress?: (message: string) => void): Promise<{ applied: string[]; seeded: boolean }> {
  await bootstrap(db);
  const applied = await migrate(db, undefined, progress);
  if (config.SEED) progress?.('  loading the demo data (once, on an empty database)');
  const seeded = config.SEED ? await seedIfEmpty(db) : false;
  return { applied, seeded };
}

// The API takes bearer tokens, never cookies, so no origin gets credentialed CORS (as
// Supabase's gateway answers: any origin, no Allow-Credentials).
function apiCors(): MiddlewareHandler {
  const preflight = cors({
    origin: '*',
    allowHeaders: CORS_ALLOW_HEADERS,
    exposeHeaders: CORS_EXPOSE_HEADERS,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    maxAge: 86400,
  });
  const expose = CORS_EXPOSE_HEADERS.join(',');
  // Hono's cors() writes these before the handler runs, which makes Hono copy the handler's
  // response into a new one with a streamed body (much slower to send). Written after the
  // handler instead, on its response as it is: the same headers on every answer and error.
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', expose);
  };
}

function apiBodyLimit(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: (c) => c.json(new ApiError(413, 'PGRST413', `Request body is larger than ${maxSize} bytes`).toJSON(), 413),
  });
  // GET and HEAD carry no body; asking for one would build a full Request for nothing.
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
}

function createApp(ctx: LocalContext, realtime: Realtime): Hono {
  const { config, db, keys, log } = ctx;
  const app = new Hono();

  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) log.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.json(apiError.toJSON(), apiError.status as 500, apiError.headers);
  });

  app.use('*', clientAddressMiddleware(parseTrustedProxies(config.TRUSTED_PROXIES)));
  const frame = frameAncestorSources(config.VITE_IFRAME_ALLOWED_ORIGINS);
  if (frame.ignored.length) log.error(`VITE_IFRAME_ALLOWED_ORIGINS: not origins, left out of frame-ancestors: ${frame.ignored.join(', ')}`);
  app.use('*', securityHeaders({ ...config, frameAncestors: frame.sources }));

  for (const prefix of ['/auth/v1/*', '/rest/v1/*', '/realtime/v1/*']) app.use(prefix, apiCors(), apiBodyLimit(config.MAX_BODY_BYTES));
  // Static files and pages are compressed; API responses are not (PostgREST and GoTrue don't,
  // and on a LAN gzip costs more time than it saves for a page of rows).
  const compressor = compress();
  app.use('*', (c, next) => (/^\/(auth|rest|realtime)\/v1\//.test(c.req.path) ? next() : compressor(c, next)));

  app.get('/health', async (c) => {
    try {
      const pending = await pendingMigrations(db);
      const ok = pending.length === 0;
      return c.json(
        { status: ok ? 'ok' : 'error', version: VERSION, database: db.kind, migrations: { pending }, realtime: { clients: realtime.clientCount() } },
        ok ? 200 : 503,
      );
    } catch (error) {
      log.error('health check failed', error);
      return c.json({ status: 'error', version: VERSION, database: db.kind, error: 'database unreachable' }, 503);
    }
  });

  app.get('/config.json', (c) => {
    // Without an explicit public URL the API is wherever the browser reached us (a tablet may
    // use the LAN address), so one build works on every address of this machine.
    const supabaseUrl = config.API_EXTERNAL_URL ?? new URL(c.req.url).origin;
    c.header('Cache-Control', 'no-cache');
    return c.json({ supabaseUrl, supabaseAnonKey: keys.anonKey });
  });

  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/_mail', mailRoutes(ctx));
  app.all('/rest/v1', (c) => c.json(new ApiError(404, 'PGRST205', 'Not found').toJSON(), 404));

  app.get('/portal/estimate/*', (c) => serveEstimateLinkPage(ctx, c));
  app.get('*', (c) => serveApp(c.req.path, c.req.header('accept') ?? '', config.STATIC_DIR, new URL(c.req.url).search));
  return app;
}

export type RunningServer = {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  ctx: LocalContext;
  outbox: OutboxDrainer;
  close(): Promise<void>;
};

/** Opens the database, prepares it and listens. Used by main.ts and by tests (PORT 0). */
export async function startServer(config: Config, options: { db?: Db } = {}): Promise<RunningServer> {
  const log = createLogger(config.LOG_LEVEL);
  const db = options.db ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR }));
  log.info('Preparing the database…');
  const prepared = await prepareDatabase(db, config, (message) => log.info(message));
  if (prepared.applied.length) log.info(`Applied ${prepared.applied.length} migrations`);
  const keys = await loadKeys(db, { issuer: config.issuer, privateKeyJson: config.JWT_PRIVATE_KEY });
  const ctx: LocalContext = { db, config, keys, log };
  const realtime = await createRealtime(ctx);
  const app = createApp(ctx, realtime);

  const tls = config.HTTPS ? await tlsOptions(config) : undefined;
  const server = createAdaptorServer({
    fetch: app.fetch,
    ...(tls ? { createServer: createHttpsServer, serverOptions: tls } : {}),
  });
  server.on('upgrade', (request, socket, head) => realtime.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const scheme = tls ? 'https' : 'http';
  const url = `${scheme}://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
  ctx.config = { ...config, PORT: port, siteUrl: config.SITE_URL ?? url, apiUrl: config.API_EXTERNAL_URL ?? url };
  // Started once the real URL is known: mail links are built from it.
  const outbox = await startOutboxDrainer(ctx);
  const jobs = startJobs(ctx);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await jobs.close();
      await outbox.close();
      await realtime.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      if (!options.db) await db.close();
    })());
  return { url, anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey, ctx, outbox, close };
}
