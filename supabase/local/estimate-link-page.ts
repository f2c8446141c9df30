// /portal/estimate/{token} rendered with its estimate (issue 12): on a slow line the customer
// reads the estimate as soon as the HTML arrives. The build's renderer (src/estimate-link-server.tsx,
// built for Node into ssr/) draws the page from the same answer the page's script would have
// fetched; this reads that answer as the customer (role anon, their address and user agent,
// so the opening is logged and limited as theirs) with estimate_link_page, which counts no
// view: an e-mail scanner fetching the link must not mark the estimate viewed; the page's
// script counts the view once it runs. Without a renderer (a build without it, the dev server),
// or when the read fails, the page is served as built and its script calls as before.
import type { Context } from 'hono';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientAddress, headersForSql } from './client-address';
import type { LocalContext } from './context';
import { writeInRequestContext } from './request-context';
import { allowInlineStyles } from './security-headers';
import { separatePageFor, serveApp } from './static-app';

type Renderer = {
  tokenFromPath(pathname: string): string;
  renderEstimateLinkPage(template: string, token: string, answer: unknown): { html: string; inlineStyles: string[] } | null;
};

const RENDERER = path.join('ssr', 'estimate-link-server.mjs');
const TEMPLATE = 'estimate-link.html';

const renderers = new Map<string, Promise<Renderer | null>>();

/** The renderer of the build in `staticDir`, loaded once; null when the build has none. */
function rendererOf(staticDir: string): Promise<Renderer | null> {
  let found = renderers.get(staticDir);
  if (!found) {
    const file = path.join(staticDir, RENDERER);
    found = import(pathToFileURL(file).href).then(
      (module: Renderer) => module,
      () => null,
    );
    renderers.set(staticDir, found);
  }
  return found;
}

/** Whether the path is one the estimate link page answers (a blank token goes to the app's not-found). */
function isEstimateLinkPage(requestPath: string): boolean {
  try {
    return separatePageFor(decodeURIComponent(requestPath)) === 'estimate-link.html';
  } catch {
    return false;
  }
}

async function readAsCustomer(ctx: LocalContext, c: Context, token: string): Promise<unknown> {
  const request = { role: 'anon', claims: { role: 'anon' }, method: 'POST', path: '/rest/v1/rpc/estimate_link_page', headers: headersForSql(c.req.raw.headers, clientAddress(c)) };
  return writeInRequestContext(ctx.db, request, 'select public.estimate_link_page($1) as answer', [token], (result) => (result.rows[0] as { answer: unknown }).answer);
}

/** The estimate link page, rendered with its estimate when it can be. */
export async function serveEstimateLinkPage(ctx: LocalContext, c: Context): Promise<Response> {
  const staticDir = ctx.config.STATIC_DIR;
  const accept = c.req.header('accept') ?? '';
  const asBuilt = () => serveApp(c.req.path, accept, staticDir);
  if (c.req.method !== 'GET' || !accept.includes('text/html') || !isEstimateLinkPage(c.req.path)) return asBuilt();
  const renderer = await rendererOf(staticDir);
  const token = renderer?.tokenFromPath(c.req.path);
  if (!renderer || !token) return asBuilt();
  const template = await readFile(path.join(staticDir, TEMPLATE), 'utf8').catch(() => null);
  if (template === null) return asBuilt();
  let page: ReturnType<Renderer['renderEstimateLinkPage']>;
  try {
    page = renderer.renderEstimateLinkPage(template, token, await readAsCustomer(ctx, c, token));
  } catch (error) {
    // Refused (too many failed lookups) or failed: the page's own call says why, in the page.
    ctx.log.debug(`estimate link page served unrendered: ${error instanceof Error ? error.message : String(error)}`);
    return asBuilt();
  }
  if (page === null) return asBuilt();
  // The customer's estimate, behind a credential in the address: kept by no cache.
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  allowInlineStyles(headers, page.inlineStyles);
  return new Response(page.html, { headers });
}
