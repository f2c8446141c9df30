// `npm start` runs this (after building the app): one process for the API and the PWA.
import { loadConfig } from './config';
import { startServer } from './server';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  const { log } = server.ctx;
  log.info(`Customer Engagement Portal is running at ${server.url}`);
  log.info(`  database: ${server.ctx.db.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`);
  log.info(`  anon key: ${server.anonKey}`);
  log.info(`  dev mailbox: ${server.url}/_mail`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    await server.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
