// `npm run bench`: runs every benchmark module in this folder (each exports `run()`), one
// after another so they don't compete for the two cores. Each prints its own ratios
// against a baseline measured in the same run; no wall-clock time is asserted anywhere.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = (await readdir(here))
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_') && !f.endsWith('.test.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { run?: () => Promise<void> };
  if (typeof mod.run !== 'function') {
    console.log(`(skipped: ${file} exports no run())`);
    continue;
  }
  await mod.run();
}
process.exit(0);
