// Helpers shared by the shell's end-to-end specs: staff accounts made through the real auth API,
// sessions handed to the page the way supabase-js stores them, and a private server to stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type StoredSession = {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  token_type: string;
  user: { id: string; email?: string };
};

export async function runtimeConfig(request: APIRequestContext, baseURL: string) {
  // A kept-alive socket the server closes just as the request goes out answers ECONNRESET
  // (seen under load); the request is safe to send again.
  const get = () => request.get(`${baseURL}/config.json`);
  const response = await get().catch((error: unknown) => {
    if (String(error).includes('ECONNRESET')) return get();
    throw error;
  });
  return (await response.json()) as { supabaseUrl: string; supabaseAnonKey: string };
}

let counter = 0;

/** A new confirmed staff account (local mode auto-confirms), signed in. */
export async function signUpStaff(request: APIRequestContext, baseURL: string, firstName = 'Ada', lastName = 'Lovelace') {
  const { supabaseAnonKey } = await runtimeConfig(request, baseURL);
  const email = `shell-${Date.now()}-${process.pid}-${++counter}@example.com`;
  const password = 'Correct-Horse-9';
  const response = await request.post(`${baseURL}/auth/v1/signup`, {
    headers: { apikey: supabaseAnonKey, 'content-type': 'application/json' },
    data: { email, password, data: { first_name: firstName, last_name: lastName } },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const session = (await response.json()) as StoredSession;
  if (!session.access_token) throw new Error('sign-up returned no session; is AUTOCONFIRM off?');
  return { email, password, session };
}

/** supabase-js's default storage key: sb-{first label of the API host}-auth-token. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** Puts a session where supabase-js looks for it, before the app reads it. */
export async function storeSession(page: Page, baseURL: string, session: StoredSession) {
  const { supabaseUrl } = await runtimeConfig(page.request, baseURL);
  await page.goto(`${baseURL}/404`);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [authStorageKey(supabaseUrl), JSON.stringify(session)]);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export type PrivateServer = { url: string; staticDir: string; stop(): Promise<void> };

/**
 * A backend of the test's own, serving a copy of the built app, so the test can stop it (the
 * only honest way to cut a service worker off: its own requests ignore context.setOffline).
 */
export async function startPrivateServer(env: Record<string, string> = {}): Promise<PrivateServer> {
  const port = await freePort();
  const work = mkdtempSync(path.join(os.tmpdir(), 'cep-e2e-private-'));
  const staticDir = path.join(work, 'dist');
  cpSync(process.env.E2E_STATIC_DIR ?? path.join(repoRoot, 'dist'), staticDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'tests/e2e/serve.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      STATIC_DIR: staticDir,
      SEED: 'false',
      LOG_LEVEL: 'error',
      BCRYPT_COST: '4',
      RATE_LIMITS: 'false',
      // e.g. SEED: 'true' for the demo data, E2E_BACKEND: 'pglite' for the embedded database
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  // Migrating (and seeding) a fresh PGlite takes over a minute on a loaded 2-core machine
  // (PostgreSQL, the default of tests/e2e/serve.ts, a few seconds).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`private server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('private server did not become healthy');
    await new Promise((r) => setTimeout(r, 250));
  }
  let stopped = false;
  return {
    url,
    staticDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Waits until a service worker controls the page (reloading once after the first install). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

export const APP_NAME = 'Customer Engagement Portal';

/**
 * The route rendered its own screen: its title from the head table, a heading inside <main>, and
 * neither a crash screen nor the not-found page. Screens fill in as their issues land, so the
 * headings' words are not pinned here.
 */
export async function expectScreen(page: Page, name: string) {
  await expect(page).toHaveTitle(`${name} · ${APP_NAME}`);
  await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  if (name !== 'Page Not Found') await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
}

/** A PostgREST call as a signed-in user (a session or its access token); throws on an error status. */
export async function api(request: APIRequestContext, baseURL: string, auth: StoredSession | string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const { supabaseAnonKey } = await runtimeConfig(request, baseURL);
  const token = typeof auth === 'string' ? auth : auth.access_token;
  const response = await request.fetch(`${baseURL}${path}`, {
    method,
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
    data,
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The organization a new staff member's sign-up created. */
export async function orgIdOf(request: APIRequestContext, baseURL: string, session: StoredSession): Promise<string> {
  const profiles = (await api(request, baseURL, session, 'GET', `/rest/v1/profiles?select=org_id&user_id=eq.${session.user.id}`)) as { org_id: string }[];
  return profiles[0]!.org_id;
}

/** Invites a member with `role` into the organization and signs them up with the invite. */
export async function inviteStaff(request: APIRequestContext, baseURL: string, owner: StoredSession, orgId: string, role: 'admin' | 'sales' | 'viewer', firstName: string, lastName: string) {
  const email = `${role}-${Date.now()}-${process.pid}-${++counter}@example.com`;
  const password = 'Correct-Horse-9';
  const invite = (await api(request, baseURL, owner, 'POST', '/rest/v1/rpc/create_invite', { email, role, org_id: orgId })) as { token: string };
  const { supabaseAnonKey } = await runtimeConfig(request, baseURL);
  const signUp = await request.post(`${baseURL}/auth/v1/signup`, {
    headers: { apikey: supabaseAnonKey, 'content-type': 'application/json' },
    data: { email, password, data: { first_name: firstName, last_name: lastName, invite_token: invite.token } },
  });
  if (!signUp.ok()) throw new Error(`invited sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  return { email, password, session: (await signUp.json()) as StoredSession };
}

/**
 * Offline for real: the browser's network and the API routes, since a service worker's own
 * requests ignore setOffline.
 */
export async function goOffline(context: BrowserContext) {
  await context.route(/\/(rest|auth|realtime)\/v1\//, (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

/** Types into the field labelled `label` and leaves it, so its draft is saved. */
export async function fillField(scope: Page | Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
}

/** Signs `session` in and opens its (empty) estimates list, with the service worker ready and sync idle. */
export async function openEmptyWorkspace(page: Page, baseURL: string, session: StoredSession) {
  await storeSession(page, baseURL, session);
  await page.goto(`${baseURL}/estimates`);
  await expect(page.getByRole('heading', { name: 'No estimates yet' })).toBeVisible();
  await waitForServiceWorker(page);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'idle');
}
