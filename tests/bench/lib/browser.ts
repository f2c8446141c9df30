// Shared pieces of the Chromium benches: building a bench page (or the app) with Vite into a
// temporary folder the backend serves as STATIC_DIR, launching Chromium, signing in once
// through the auth API, and the statistics the benches print.
import { chromium, type Browser } from '@playwright/test';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Backend, TestServer } from '../../../supabase/local/testing/harness';
import { createTestClient } from '../../../supabase/local/testing/harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
}

/** The backend a bench runs on: BENCH_BACKEND=postgres for PostgreSQL, PGlite (the default backend of `npm start`) otherwise. */
export function benchBackend(): Backend {
  const value = process.env.BENCH_BACKEND ?? 'pglite';
  if (value !== 'pglite' && value !== 'postgres') throw new Error(`BENCH_BACKEND must be pglite or postgres, not ${JSON.stringify(value)}`);
  return value;
}

export type BuiltFolder = { dir: string; remove(): Promise<void> };

/**
 * Builds a bench page (a folder with index.html and main.ts under tests/bench/pages) into a
 * new temp folder, or into `outDir` served under `base` (e.g. beside the app's own files).
 */
export async function buildBenchPage(name: string, options: { outDir?: string; base?: string; minify?: boolean } = {}): Promise<BuiltFolder> {
  const { build } = await import('vite');
  const dir = options.outDir ?? (await mkdtemp(path.join(tmpdir(), `cep-bench-${name}-`)));
  await build({
    configFile: false,
    root: path.join(root, 'tests/bench/pages', name),
    base: options.base ?? '/',
    logLevel: 'error',
    define: { __APP_VERSION__: JSON.stringify('bench') },
    build: { outDir: dir, emptyOutDir: true, minify: options.minify ?? true, sourcemap: false, reportCompressedSize: false, chunkSizeWarningLimit: 10_000 },
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The real app built with vite.config.ts into a temp folder, so a concurrent build of dist/
 * cannot swap its chunks; BENCH_APP_DIR names an existing build to copy instead.
 */
export async function buildApp(): Promise<BuiltFolder> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cep-bench-app-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  if (process.env.BENCH_APP_DIR) {
    await cp(process.env.BENCH_APP_DIR, dir, { recursive: true });
    return { dir, remove };
  }
  const { build } = await import('vite');
  await build({ root: path.join(root, 'src'), configFile: path.join(root, 'vite.config.ts'), logLevel: 'error', build: { outDir: dir, emptyOutDir: true } });
  return { dir, remove };
}

/**
 * Signs in once through the auth API and returns the session (access and refresh token).
 * Tried up to three times: after a long seed (PGlite runs in this process and blocks it) the
 * pooled keep-alive socket may have been closed by the server, and the first request resets.
 */
export async function signIn(server: TestServer, email: string, password: string) {
  let last = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const client = createTestClient(server);
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (data.session) return data.session;
    last = error?.message ?? 'no session';
    if (!/fetch failed|ECONNRESET|socket/i.test(last)) break;
  }
  throw new Error(`sign-in of ${email} failed: ${last}`);
}

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 0)} ms` : 'n/a');
export const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');

/** A compact aligned table. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
