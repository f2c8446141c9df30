// Cold start of `npm start` (serve only; the app is already built) with an existing data
// directory, against the bare cost of starting Node with tsx on an empty script.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function timeUntil(args: string[], env: Record<string, string>, ready: (line: string) => boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(tsx, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let done = false;
    const onData = (chunk: Buffer) => {
      if (!done && chunk.toString().split('\n').some(ready)) {
        done = true;
        resolve(performance.now() - started);
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      if (!done) reject(new Error(`process exited with ${code} before it was ready`));
    });
  });
}

export async function run(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cep-bench-'));
  const empty = path.join(dataDir, 'empty.ts');
  await writeFile(empty, "console.log('ready');\n");
  const env = { DATA_DIR: dataDir, PORT: '0', SEED: 'true', LOG_LEVEL: 'info' };
  const isReady = (line: string) => line.includes('is running at');
  try {
    const first = await timeUntil(['supabase/local/main.ts'], env, isReady);
    const samples: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < 3; i++) {
      samples.push(await timeUntil(['supabase/local/main.ts'], env, isReady));
      baseline.push(await timeUntil([empty], {}, (l) => l.includes('ready')));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`first start (creates the data directory, migrates, seeds): ${first.toFixed(0)} ms`);
    console.log(`cold start with an existing data directory: median ${median(samples).toFixed(0)} ms`);
    console.log(`baseline (tsx on an empty script): median ${median(baseline).toFixed(0)} ms`);
    console.log(`ratio cold start / baseline: ${(median(samples) / median(baseline)).toFixed(2)}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
