// The built app (STATIC_DIR) on the API's origin: hashed assets cached for good, pages and the
// service worker never cached, any other path answered with the app (index.html; for /auth the
// same app with its sign-in screen written in, auth.html), and the pages a customer opens from
// an e-mail with their pages of their own: the estimate link (estimate-link.html) and the
// portals (portal.html).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2', '.map': 'application/json',
};

async function fileResponse(file: string, cacheControl: string): Promise<Response | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
  return new Response(await readFile(file), { headers: { 'Content-Type': type, 'Cache-Control': cacheControl } });
}

// The estimate link of the e-mail opens a page of its own (the app's estimate-link.html: the
// customer's view without the staff app); a blank token goes to the app, which says not found.
const ESTIMATE_LINK = /^\/portal\/estimate\/[^/]*[^/\s][^/]*\/?$/;

// The portal pages of src/app/portal-pages.tsx (the app can't be imported here; a test of the
// app checks that the two agree). A blank token goes to the app, which says not found.
const TOKEN = '[^/]*[^/\\s][^/]*';
const PORTAL_PAGE = new RegExp(
  `^/(?:portal-auth|portal-selection|prospect-portal-auth|prospect-portal-selection|prospect-portal/${TOKEN}|portal/(?!estimate/)${TOKEN}(?:/new-estimate)?)/?$`,
);

const AUTH_SHELL = /^\/auth\/?$/;

/** The page of its own that answers a path, if any. */
export function separatePageFor(decodedPath: string): string | undefined {
  if (ESTIMATE_LINK.test(decodedPath)) return 'estimate-link.html';
  if (PORTAL_PAGE.test(decodedPath)) return 'portal.html';
  return undefined;
}

/** The built app: hashed assets are immutable, index.html and the service worker never cached, SPA fallback. `query`: the request's, '?' included or empty. */
export async function serveApp(requestPath: string, accept: string, staticDir: string, query = ''): Promise<Response> {
  const decoded = (() => {
    try {
      return decodeURIComponent(requestPath);
    } catch {
      return '/';
    }
  })();
  const relative = path.normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  const file = path.join(staticDir, relative);
  // ssr/ holds the server's own renderer (src/estimate-link-server.tsx), not for browsers.
  const servable = file.startsWith(staticDir) && decoded !== '/' && !relative.startsWith('/ssr/');
  if (servable) {
    const immutable = relative.startsWith('/assets/');
    const cache = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
    const found = await fileResponse(file, cache);
    if (found) return found;
  }
  if (decoded !== '/' && path.extname(decoded) && !accept.includes('text/html')) return new Response('Not found', { status: 404 });
  const separate = separatePageFor(decoded);
  const page = separate ? await fileResponse(path.join(staticDir, separate), 'no-cache') : undefined;
  if (page) return page;
  // /auth: the app with its sign-in screen written in at build time (src/auth-shell-server.tsx).
  // Only without a query, as the service worker does: ?mode=sign-up, ?reset=true and the like
  // show another screen, and the written-in form would take what is typed meant for that one.
  const shell = AUTH_SHELL.test(decoded) && query.replace(/^\?/, '') === '' ? await fileResponse(path.join(staticDir, 'auth.html'), 'no-cache') : undefined;
  if (shell) return shell;
  const index = await fileResponse(path.join(staticDir, 'index.html'), 'no-cache');
  if (index) return index;
  return new Response(
    '<!doctype html><title>Customer Engagement Portal</title><p>The app is not built yet. Run <code>npm run build</code>, or use <code>npm start</code>, which builds it.</p>',
    { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
}
