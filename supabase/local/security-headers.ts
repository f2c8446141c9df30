// Browser security headers. Every response: nosniff, no Referer (tokens live in the paths
// of /portal/estimate/{token}, /invite/{token} and the recovery link), HSTS over HTTPS.
// Every HTML response also carries the Content-Security-Policy: only this origin's scripts
// (no inline script), connections to the API and its realtime socket, images from here or
// data:/blob: (logos, QR codes, signatures), and framing only by the app itself and the
// origins of VITE_IFRAME_ALLOWED_ORIGINS, so no other site can frame the accept button.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Config } from './config';

/** `'sha256-…'` of an inline <style> or <script> body, for pages the server writes itself. */
export function cspHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

// A page the server renders with inline <style> elements names their hashes in this header;
// the policy allows exactly those, and the header itself never leaves the server.
const INLINE_STYLES = 'X-Inline-Style-Hashes';

/** Lets the response's page carry these inline <style> bodies under its policy. */
export function allowInlineStyles(headers: Headers, bodies: string[]): void {
  if (bodies.length) headers.set(INLINE_STYLES, bodies.map(cspHash).join(' '));
}

/** A CSP source expression: an origin with an optional `*` port or `*.` host prefix. */
const SOURCE = /^https?:\/\/(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?$|^https?:\/\/\[[0-9a-f:]+\](:(\d{1,5}|\*))?$/i;

/** VITE_IFRAME_ALLOWED_ORIGINS as CSP sources; anything else is left out (and logged once by the caller). */
export function frameAncestorSources(setting: string): { sources: string[]; ignored: string[] } {
  const sources: string[] = [];
  const ignored: string[] = [];
  for (const entry of setting.split(/[\s,]+/).filter(Boolean)) {
    const origin = entry.replace(/\/+$/, '');
    (SOURCE.test(origin) ? sources : ignored).push(origin);
  }
  return { sources, ignored };
}

/** The origin a browser used for this request, when it is safe to put into a header. */
function requestOrigin(url: string, host: string | undefined): string | undefined {
  const scheme = new URL(url).protocol;
  if (!host || !/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/i.test(host)) return undefined;
  return `${scheme}//${host}`;
}

function websocketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

type CspOptions = { apiUrl?: string; frameAncestors: string[]; styleHashes?: string };

/** The policy for one HTML response; `origin` is where the browser reached us. */
function contentSecurityPolicy(origin: string | undefined, options: CspOptions): string {
  const connect = new Set(["'self'"]);
  for (const base of [origin, options.apiUrl]) {
    if (!base) continue;
    const apiOrigin = new URL(base).origin;
    connect.add(apiOrigin);
    connect.add(websocketOrigin(apiOrigin));
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${["'self'", options.styleHashes].filter(Boolean).join(' ')}`,
    `connect-src ${[...connect].join(' ')}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...options.frameAncestors].join(' ')}`,
  ].join('; ');
}

const HTML = /^text\/html\b/i;

export function securityHeaders(config: Pick<Config, 'HTTPS' | 'API_EXTERNAL_URL'> & { frameAncestors: string[] }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    if (config.HTTPS) headers.set('Strict-Transport-Security', 'max-age=31536000');
    const styleHashes = headers.get(INLINE_STYLES) ?? undefined;
    headers.delete(INLINE_STYLES);
    // A page the server writes itself (the dev mailbox) may bring its own, stricter policy.
    if (!HTML.test(headers.get('Content-Type') ?? '') || headers.has('Content-Security-Policy')) return;
    const origin = requestOrigin(c.req.url, c.req.header('host'));
    headers.set('Content-Security-Policy', contentSecurityPolicy(origin, { apiUrl: config.API_EXTERNAL_URL, frameAncestors: config.frameAncestors, styleHashes }));
  };
}
