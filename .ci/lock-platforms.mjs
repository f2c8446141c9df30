// The npm registry mirror here answers 404 for other platforms' binary packages (macOS,
// Windows, musl, ...), so `npm install` leaves their optional entries out of package-lock.json
// and `npm ci` then refuses the lock as out of sync. This adds the missing optional entries
// with the os/cpu/libc their names declare, so npm ci skips them on this platform, as it would
// with a lock written against the public registry. Idempotent; run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'netbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const entry = {};
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.find((t) => CPU.includes(t));
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (tokens.some((t) => t.startsWith('musl'))) entry.libc = ['musl'];
  else if (os === 'linux' && tokens.some((t) => t.startsWith('gnu'))) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top]) continue;
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue; // not a platform binary: leave it to npm
    packages[top] = { version: String(range).replace(/^[\^~=]/, ''), dev: meta.dev || undefined, optional: true, ...platform };
    added++;
  }
}
if (added) {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`lock-platforms: added ${added} optional platform entries`);
