// Inside an iframe the app asks its parent for a session (SPEC §6), and believes only parents on
// its allow-list. The embedding pages come from small servers of the test on other loopback
// ports (other origins); Chromium's local network checks refuse a public page framing loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { signUpStaff } from './support';

const servers: Server[] = [];

async function serveEmbedPage(html: string): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(html);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

function embedPage(appUrl: string, script: string): string {
  return `<!doctype html><html lang="en"><head><title>Embedding page</title></head><body>
<h1>Partner CRM</h1>
<iframe title="Customer Engagement Portal" src="${appUrl}" style="width:1000px;height:700px;border:0"></iframe>
<script>${script}</script></body></html>`;
}

async function allowHostInApp(page: Page, appOrigin: string, host: string) {
  await page.addInitScript(
    ([origin, allowed]) => {
      if (location.origin === origin) localStorage.setItem('cep.iframeAllowedOrigins', allowed!);
    },
    [appOrigin, host],
  );
}

function appFrame(page: Page, appOrigin: string): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(appOrigin));
  if (!frame) throw new Error('app frame not found');
  return frame;
}

test('a frame is signed in with the session of an allowed parent', async ({ page, request, baseURL }) => {
  const { session } = await signUpStaff(request, baseURL!, 'Katherine', 'Johnson');
  const appOrigin = new URL(baseURL!).origin;
  const tokens = JSON.stringify({ access_token: session.access_token, refresh_token: session.refresh_token });
  const host = await serveEmbedPage(
    embedPage(
      `${appOrigin}/estimates`,
      `window.addEventListener('message', (event) => {
         if (event.origin !== ${JSON.stringify(appOrigin)}) return;
         const data = event.data || {};
         if (data.protocol !== 'cep-auth' || data.type !== 'session-request') return;
         event.source.postMessage({ protocol: 'cep-auth', type: 'session-response', requestId: data.requestId, session: ${tokens} }, event.origin);
       });`,
    ),
  );
  await allowHostInApp(page, appOrigin, host);

  await page.goto(host);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('button', { name: 'Account menu for Katherine Johnson' })).toBeVisible();
  expect(appFrame(page, appOrigin).url()).toMatch(/\/estimates$/);
  await expectAccessible(page, 'estimates inside an iframe');
});

test('a session offered by an origin not on the allow-list is refused and recorded', async ({ page, request, baseURL }) => {
  const { session } = await signUpStaff(request, baseURL!);
  const appOrigin = new URL(baseURL!).origin;
  const tokens = JSON.stringify({ access_token: session.access_token, refresh_token: session.refresh_token });
  // Pushes a forged answer at the frame again and again, whatever it asked.
  const stranger = await serveEmbedPage(
    embedPage(
      `${appOrigin}/estimates`,
      `const timer = setInterval(() => {
         const frame = document.querySelector('iframe');
         frame.contentWindow.postMessage({ protocol: 'cep-auth', type: 'session-response', requestId: 'guess', session: ${tokens} }, '*');
       }, 200);
       setTimeout(() => clearInterval(timer), 8000);`,
    ),
  );
  const host = await serveEmbedPage('<!doctype html><title>Allowed host</title>');
  await allowHostInApp(page, appOrigin, host);

  await page.goto(stranger);
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Welcome back' })).toBeVisible({ timeout: 15_000 });
  expect(appFrame(page, appOrigin).url()).toMatch(/\/auth\?redirect=%2Festimates$/);
  await expectAccessible(page, 'sign-in inside an iframe');

  const events = await appFrame(page, appOrigin).evaluate(
    () =>
      new Promise<{ event_type: string; metadata: { reason?: string; client_id?: string } }[]>((resolve, reject) => {
        const open = indexedDB.open('cep-local-log');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('securityEvents').objectStore('securityEvents').getAll();
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error);
        };
      }),
  );
  expect(events).toContainEqual(
    expect.objectContaining({ event_type: 'suspicious_activity', metadata: expect.objectContaining({ reason: 'origin_not_allowed', client_id: stranger }) }),
  );
});
