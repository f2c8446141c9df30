// `npm start`: build the PWA when dist/ is missing or older than its sources, then serve.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './migrate';

const SOURCES = ['src', 'public', 'vite.config.ts', 'package.json'];

function newestMtime(target: string): number {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildIsStale(root = repoRoot): boolean {
  const built = statSync(path.join(root, 'dist/index.html'), { throwIfNoEntry: false });
  if (!built) return true;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built.mtimeMs);
}

if (process.env.SKIP_BUILD !== 'true' && buildIsStale()) {
  console.log('Building the app (vite build; about a minute the first time)…');
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The app build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

await import('./main');
