import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveApp } from './static-app';

const dir = mkdtempSync(path.join(tmpdir(), 'cep-static-'));
mkdirSync(path.join(dir, 'assets'));
writeFileSync(path.join(dir, 'index.html'), 'the app');
writeFileSync(path.join(dir, 'estimate-link.html'), 'the estimate link page');
writeFileSync(path.join(dir, 'portal.html'), 'the portal page');
writeFileSync(path.join(dir, 'auth.html'), 'the app with its sign-in screen drawn');
writeFileSync(path.join(dir, 'assets', 'main-abc.js'), 'code');
mkdirSync(path.join(dir, 'ssr'));
writeFileSync(path.join(dir, 'ssr', 'estimate-link-server.mjs'), 'server code');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = async (requestPath: string, staticDir = dir) => {
  const res = await serveApp(requestPath, 'text/html', staticDir);
  return { status: res.status, body: await res.text(), cache: res.headers.get('Cache-Control') };
};

describe('serving the built app', () => {
  it('answers the estimate link with its page of its own, uncached', async () => {
    for (const p of ['/portal/estimate/abc_DEF-123', '/portal/estimate/abc/', '/portal/estimate/a%20b']) {
      expect(await page(p)).toEqual({ status: 200, body: 'the estimate link page', cache: 'no-cache' });
    }
  });

  it('answers the portal pages with the portal page, uncached', async () => {
    const paths = ['/portal-auth', '/portal-auth?redirect=%2Fportal%2Fabc', '/portal-selection/', '/prospect-portal-auth', '/prospect-portal-selection', '/prospect-portal/abc', '/portal/abc', '/portal/abc/', '/portal/abc/new-estimate'];
    for (const p of paths) {
      expect(await page(p.split('?')[0]!)).toEqual({ status: 200, body: 'the portal page', cache: 'no-cache' });
    }
  });

  it('answers /auth with the app whose sign-in screen is written in, uncached', async () => {
    for (const p of ['/auth', '/auth/']) {
      expect(await page(p)).toEqual({ status: 200, body: 'the app with its sign-in screen drawn', cache: 'no-cache' });
      expect((await serveApp(p, 'text/html', dir, '?')).status).toBe(200);
      expect(await (await serveApp(p, 'text/html', dir, '?')).text()).toBe('the app with its sign-in screen drawn');
    }
  });

  it('answers /auth with a query (another screen: sign-up, reset, a second factor) with the plain app', async () => {
    for (const query of ['?mode=sign-up', '?reset=true', '?mfa=1&redirect=%2Fproducts', '?redirect=%2Fproducts']) {
      expect(await (await serveApp('/auth', 'text/html', dir, query)).text()).toBe('the app');
    }
  });

  it('answers every other path, a blank token included, with the app', async () => {
    const paths = ['/', '/authx', '/auth/more', '/estimates', '/portals', '/portals/abc', '/portal', '/portal/', '/portal/%20', '/portal/abc/other', '/prospect-portal/', '/portal-authx', '/requests'];
    for (const p of [...paths, '/portal/estimate/', '/portal/estimate/%20', '/portal/estimate/abc/more', '/portal/estimate/%E0%A4%A']) {
      expect((await page(p)).body).toBe('the app');
    }
  });

  it('falls back to the app where the build has no estimate link page or sign-in screen', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'cep-static-'));
    try {
      writeFileSync(path.join(other, 'index.html'), 'the app');
      expect((await page('/portal/estimate/abc', other)).body).toBe('the app');
      expect((await page('/auth', other)).body).toBe('the app');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("never serves the server's renderer (ssr/)", async () => {
    expect((await serveApp('/ssr/estimate-link-server.mjs', '*/*', dir)).status).toBe(404);
    expect((await serveApp('/assets/../ssr/estimate-link-server.mjs', '*/*', dir)).status).toBe(404);
    expect((await page('/ssr/estimate-link-server.mjs')).body).toBe('the app');
  });

  it('caches hashed assets for good and says 404 for a missing one', async () => {
    expect(await page('/assets/main-abc.js')).toEqual({ status: 200, body: 'code', cache: 'public, max-age=31536000, immutable' });
    expect((await serveApp('/assets/gone-123.js', '*/*', dir)).status).toBe(404);
  });
});
