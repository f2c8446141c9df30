import { Hono } from 'hono';
import type { LocalContext } from '../context';

// GoTrue-compatible auth service (issue 3). Placeholder until it lands: only the JWKS.
export function authRoutes(ctx: LocalContext): Hono {
  const app = new Hono();
  app.get('/.well-known/jwks.json', (c) => c.json(ctx.keys.jwks));
  return app;
}

export function mailRoutes(_ctx: LocalContext): Hono {
  return new Hono();
}
