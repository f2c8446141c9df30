import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './migrate';

export const VERSION: string = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
