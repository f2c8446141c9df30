// End-to-end tests in Chromium against the real app: the built PWA served by the local backend
// on a free port with a fresh temporary data directory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Workers load this file again; the port and data directory chosen by the first load are
// handed down through the environment so every process agrees.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
if (!process.env.E2E_WORK_DIR) process.env.E2E_WORK_DIR = mkdtempSync(path.join(os.tmpdir(), 'cep-e2e-'));
// The run builds into its own folder, so another build of dist/ on the same checkout cannot
// swap the chunks out from under it. E2E_SKIP_BUILD=1 serves the existing dist/ instead.
const skipBuild = process.env.E2E_SKIP_BUILD === '1';
process.env.E2E_STATIC_DIR ??= skipBuild ? path.join(repoRoot, 'dist') : path.join(process.env.E2E_WORK_DIR, 'dist');

const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`;
const build = skipBuild ? 'true' : `npx vite build --outDir ${JSON.stringify(process.env.E2E_STATIC_DIR)}`;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: path.join(repoRoot, 'tests/e2e'),
  // Outside CI several people may run the suite at once on one checkout; each run gets its own
  // artefacts folder so one run's clean-up does not delete another's traces.
  outputDir: path.join(repoRoot, 'test-results', process.env.CI ? 'e2e' : `e2e-${process.env.E2E_PORT}`),
  fullyParallel: false,
  // Two workers fit the 2-core machines; the route table runs its signed-out cases in parallel.
  workers: 2,
  // CI retries a failed test once so one timing hiccup on a loaded machine does not sink a
  // run; Playwright still lists such a test as flaky in the log, and flaky tests get fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1024, height: 768 },
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // tests/e2e/serve.ts: the server of `npm start` on a fresh PostgreSQL database (PGlite
        // with E2E_BACKEND=pglite), dropped when Playwright stops it with SIGTERM.
        command: `${build} && npx tsx tests/e2e/serve.ts`,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        cwd: repoRoot,
        url: `${baseURL}/health`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          ...(process.env as Record<string, string>),
          PORT: process.env.E2E_PORT,
          HOST: '127.0.0.1',
          DATA_DIR: path.join(process.env.E2E_WORK_DIR, 'data'),
          STATIC_DIR: process.env.E2E_STATIC_DIR,
          SEED: 'false',
          LOG_LEVEL: 'error',
          BCRYPT_COST: '4',
          // The API's own limits would trip over the many sign-ups of a run; the client-side
          // sign-in limit is what the journeys test.
          RATE_LIMITS: 'false',
          // auth-iframe.spec frames the app from pages of its own on other loopback ports;
          // the server's frame-ancestors (Content-Security-Policy) must let them.
          VITE_IFRAME_ALLOWED_ORIGINS: 'http://127.0.0.1:*',
        },
      },
});
