// The dev mailbox is for the person at the keyboard (item 4), browser security headers on
// every page (item 7) and CORS without credentials (item 8).
import { rm } from 'node:fs/promises';
import https from 'node:https';
import os, { networkInterfaces } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../supabase/local/testing/harness';

const MAILBOX = [
  ['GET', '/_mail'],
  ['GET', '/_mail/api'],
  ['DELETE', '/_mail/api'],
] as const;

/** An address of this machine that is not loopback, when it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

async function mailboxStatuses(url: string, headers: Record<string, string> = {}): Promise<number[]> {
  const statuses: number[] = [];
  for (const [method, path] of MAILBOX) statuses.push((await fetch(`${url}${path}`, { method, headers })).status);
  return statuses;
}

describe('the dev mailbox, headers and CORS', () => {
  let server: TestServer;
  let port: string;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      HOST: '0.0.0.0',
      TRUSTED_PROXIES: 'loopback',
      VITE_IFRAME_ALLOWED_ORIGINS: 'https://crm.example.com, not an origin',
    });
    port = new URL(server.url).port;
  });
  afterAll(() => server?.close());

  it('answers the person at the keyboard', async () => {
    expect(await mailboxStatuses(`http://127.0.0.1:${port}`)).toEqual([200, 200, 204]);
  });

  it('is 404 for a client outside, as a trusted proxy reports it', async () => {
    expect(await mailboxStatuses(`http://127.0.0.1:${port}`, { 'X-Forwarded-For': '203.0.113.9' })).toEqual([404, 404, 404]);
    expect(await mailboxStatuses(`http://127.0.0.1:${port}`, { 'X-Forwarded-For': '127.0.0.1' })).toEqual([200, 200, 204]);
  });

  it.skipIf(!lanAddress)('is 404 for a request from a non-loopback address, whatever X-Forwarded-For it sends', async () => {
    expect(await mailboxStatuses(`http://${lanAddress}:${port}`)).toEqual([404, 404, 404]);
    expect(await mailboxStatuses(`http://${lanAddress}:${port}`, { 'X-Forwarded-For': '127.0.0.1' })).toEqual([404, 404, 404]);
  });

  it('is gone with DEV_MAILBOX=false, and while an SMTP server is configured', async () => {
    const config = server.ctx.config;
    try {
      server.ctx.config = { ...config, DEV_MAILBOX: false };
      expect(await mailboxStatuses(`http://127.0.0.1:${port}`)).toEqual([404, 404, 404]);
      server.ctx.config = { ...config, SMTP_HOST: 'smtp.invalid' };
      expect(await mailboxStatuses(`http://127.0.0.1:${port}`)).toEqual([404, 404, 404]);
    } finally {
      server.ctx.config = config;
    }
  });

  it('allows its own inline style and nothing else on its page', async () => {
    const page = await fetch(`http://127.0.0.1:${port}/_mail`);
    const csp = page.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; frame-ancestors 'none'/);
    expect(page.headers.get('Referrer-Policy')).toBe('no-referrer');
  });

  it.each(['/', '/portal/estimate/some-token', '/invite/some-token', '/auth?reset=true', '/no/such/page'])('sends the CSP and friends on the page %s', async (path) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Accept: 'text/html' } });
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const csp = Object.fromEntries(
      (res.headers.get('Content-Security-Policy') ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'img-src': "'self' data: blob:",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'self' https://crm.example.com",
    });
    expect(csp['connect-src']!.split(' ')).toEqual(expect.arrayContaining(["'self'", `http://127.0.0.1:${port}`, `ws://127.0.0.1:${port}`]));
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('sends nosniff and no-referrer on API answers too', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/rest/v1/profiles?select=id`, { headers: { apikey: server.anonKey } });
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
  });

  it('answers a CORS preflight from a foreign origin without Allow-Credentials', async () => {
    for (const path of ['/rest/v1/estimates', '/auth/v1/token?grant_type=password', '/rest/v1/rpc/sync_push']) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, apikey, content-type' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull();
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    }
    const simple = await fetch(`http://127.0.0.1:${port}/rest/v1/profiles?select=id`, { headers: { apikey: server.anonKey, Origin: 'https://evil.example' } });
    expect(simple.headers.get('Access-Control-Allow-Credentials')).toBeNull();
  });
});

describe('over HTTPS', () => {
  let server: TestServer;
  const dataDir = path.join(os.tmpdir(), `cep-tls-${process.pid}`);
  beforeAll(async () => {
    server = await startTestServer('pglite', { HTTPS: 'true', DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends Strict-Transport-Security', async () => {
    // The pair is self-signed, so this one request skips certificate checks.
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      https.get(`${server.url}/`, { rejectUnauthorized: false, headers: { Accept: 'text/html' } }, (res) => {
        res.resume();
        resolve(res.headers);
      }).on('error', reject);
    });
    expect(headers['strict-transport-security']).toBe('max-age=31536000');
    expect(headers['content-security-policy']).toContain(`wss://${new URL(server.url).host}`);
  });
});
