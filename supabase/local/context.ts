import type { Config } from './config';
import type { Db } from './db';
import type { Keys } from './keys';
import type { Logger } from './logger';

/** What every part of the local backend is given at start. */
export type LocalContext = { db: Db; config: Config; keys: Keys; log: Logger };
