// `npm start` runs this (after building the app): one process for the API and the PWA.
import { loadConfig } from './config';
import type { Config } from './config';
import { DEMO_LOGINS } from './demo-logins';
import { mailboxEnabled } from './mail/mailbox';
import { startServer } from './server';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  const { log } = server.ctx;
  log.info(`Customer Engagement Portal is running at ${server.url}`);
  log.info(`  database: ${server.ctx.db.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`);
  log.info(`  anon key: ${server.anonKey}`);
  log.info(`  mail: ${whereMailGoes(config, server.url)}`);
  const { rows } = await server.ctx.db.query<{ email: string }>('select email from auth.users where email = any($1)', [
    DEMO_LOGINS.map((d) => d.email),
  ]);
  const present = new Set(rows.map((r) => r.email));
  const demo = DEMO_LOGINS.filter((d) => present.has(d.email));
  if (demo.length) {
    log.info('  demo staff logins (from supabase/seed.sql):');
    for (const d of demo) log.info(`    ${d.role.padEnd(7)} ${d.email.padEnd(28)} ${d.password}`);
  }
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

function whereMailGoes(config: Config, url: string): string {
  if (config.SMTP_HOST) return `sent through SMTP ${config.SMTP_HOST}:${config.SMTP_PORT}`;
  if (mailboxEnabled(config)) return `kept in the dev mailbox, ${url}/_mail (opens only on this machine)`;
  return 'not delivered: no SMTP_HOST and DEV_MAILBOX=false (set SMTP_* to send real e-mail)';
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
