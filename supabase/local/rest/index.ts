// PostgREST-compatible REST at /rest/v1 (SUPABASE-COMPAT.md §2): tables and views of
// schema public, and RPC under /rpc/<function>.
import { Hono } from 'hono';
import type { LocalContext } from '../context';
import { catalogCacheFor } from './catalog';
import { createCallerCache, handleRest, type RestDeps } from './handlers';

export { invalidateCatalog } from './catalog';

export function restRoutes(ctx: LocalContext): Hono {
  const catalogs = catalogCacheFor(ctx.db);
  const deps: RestDeps = { ctx, catalogs, identify: createCallerCache(ctx.keys) };
  // PostgREST's convention: `notify pgrst, 'reload schema'` after DDL drops the schema cache.
  ctx.db
    .listen('pgrst', (payload) => {
      if (payload === '' || payload.startsWith('reload schema')) catalogs.invalidate();
    })
    .catch((error: unknown) => ctx.log.error('could not listen for schema reloads', error));
  const app = new Hono();
  app.all('/rpc/:fn', (c) => handleRest(deps, c, { fn: c.req.param('fn') }));
  app.all('/:table', (c) => handleRest(deps, c, { table: c.req.param('table') }));
  return app;
}
