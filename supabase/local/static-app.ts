// The built app (STATIC_DIR) on the API's origin: hashed assets cached for good, pages and the
// service worker never cached, any other path answered with the app (index.html), and the
// estimate link of the e-mail with its page of its own (estimate-link.html).
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

/** The built app: hashed assets are immutable, index.html and the service worker never cached, SPA fallback. */
export async function serveApp(requestPath: string, accept: string, staticDir: string): Promise<Response> {
  const decoded = (() => {
    try {
      return decodeURIComponent(requestPath);
    } catch {
      return '/';
    }
  })();
  const file = path.join(staticDir, path.normalize(decoded).replace(/^(\.\.[/\\])+/, ''));
  if (file.startsWith(staticDir) && decoded !== '/') {
    const immutable = decoded.startsWith('/assets/');
    const cache = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
    const found = await fileResponse(file, cache);
    if (found) return found;
    if (path.extname(decoded) && !accept.includes('text/html')) return new Response('Not found', { status: 404 });
  }
  const page = ESTIMATE_LINK.test(decoded) ? await fileResponse(path.join(staticDir, 'estimate-link.html'), 'no-cache') : undefined;
  if (page) return page;
  const index = await fileResponse(path.join(staticDir, 'index.html'), 'no-cache');
  if (index) return index;
  return new Response(
    '<!doctype html><title>Customer Engagement Portal</title><p>The app is not built yet. Run <code>npm run build</code>, or use <code>npm start</code>, which builds it.</p>',
    { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
}
