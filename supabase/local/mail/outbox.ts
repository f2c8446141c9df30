// Drains public.mail_outbox (written by the schema in the same transaction as the change that
// causes the mail) through the mailer: SMTP when configured, otherwise the dev mailbox.
// A NOTIFY trigger wakes the drainer at once; a slow poll catches anything missed. Several
// processes on one PostgreSQL never send a message twice: a short lease per message decides
// which one sends it. The drainer never holds a transaction while sending (PGlite has one
// connection, and SMTP may be slow).
import type { LocalContext } from '../context';
import { sendMail } from './mailer';

const CHANNEL = 'mail_outbox';
const MAX_ATTEMPTS = 5;
const BATCH = 20;

type OutboxRow = { id: string; to: string; subject: string; text: string; html: string; attempts: number };

export type OutboxDrainer = { drain(): Promise<number>; close(): Promise<void> };

async function outboxExists(ctx: LocalContext): Promise<boolean> {
  const { rows } = await ctx.db.query<{ t: string | null }>(`select to_regclass('public.mail_outbox')::text as t`);
  return rows[0]?.t != null;
}

async function installWakeUp(ctx: LocalContext): Promise<void> {
  await ctx.db.exec(`
    create table if not exists _local.outbox_leases (id uuid primary key, until timestamptz not null);
    create or replace function _local.notify_mail_outbox() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${CHANNEL}', '');
      return null;
    end $$;
    create or replace trigger zz_notify_mail_outbox after insert on public.mail_outbox
      for each statement execute function _local.notify_mail_outbox();
  `);
}

export function fillSiteUrl(text: string, siteUrl: string): string {
  return text.replaceAll('{{site_url}}', siteUrl.replace(/\/$/, ''));
}

async function claim(ctx: LocalContext): Promise<OutboxRow[]> {
  const { rows } = await ctx.db.query<OutboxRow>(
    `with candidates as (
       select o.id from public.mail_outbox o
       where o.status = 'pending' and o.attempts < $1
       order by o.created_at limit $2
     ), leased as (
       insert into _local.outbox_leases (id, until)
       select id, now() + interval '2 minutes' from candidates
       on conflict (id) do update set until = excluded.until where _local.outbox_leases.until < now()
       returning id
     )
     select o.id, o."to", o.subject, o.text, o.html, o.attempts
     from public.mail_outbox o join leased l on l.id = o.id
     order by o.created_at`,
    [MAX_ATTEMPTS, BATCH],
  );
  return rows;
}

async function sendOne(ctx: LocalContext, row: OutboxRow): Promise<boolean> {
  const siteUrl = ctx.config.siteUrl;
  try {
    await sendMail(ctx, {
      to: row.to,
      subject: row.subject,
      text: fillSiteUrl(row.text, siteUrl),
      html: row.html ? fillSiteUrl(row.html, siteUrl) : undefined,
    });
    await ctx.db.query(
      `update public.mail_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = $1`,
      [row.id],
    );
    await ctx.db.query('delete from _local.outbox_leases where id = $1', [row.id]);
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db.query(
      `update public.mail_outbox set attempts = attempts + 1, last_error = $2,
         status = case when attempts + 1 >= $3 then 'failed' else 'pending' end
       where id = $1`,
      [row.id, message.slice(0, 500), MAX_ATTEMPTS],
    );
    // The lease stays until it expires, which spaces out the retries.
    ctx.log.error(`mail to ${row.to} failed: ${message}`);
    return false;
  }
}

export async function startOutboxDrainer(ctx: LocalContext, options: { pollMs?: number } = {}): Promise<OutboxDrainer> {
  if (!(await outboxExists(ctx))) return { drain: async () => 0, close: async () => undefined };
  await installWakeUp(ctx);
  let running: Promise<number> | undefined;
  let again = false;
  let closed = false;

  const drainOnce = async () => {
    let sent = 0;
    for (;;) {
      const rows = await claim(ctx);
      if (rows.length === 0) return sent;
      for (const row of rows) if (await sendOne(ctx, row)) sent++;
    }
  };
  // One drain at a time; a wake-up during a drain schedules exactly one more.
  const drain = (): Promise<number> => {
    if (closed) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = drainOnce()
      .catch((error: unknown) => {
        ctx.log.error('mail outbox drain failed', error);
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void drain();
        }
      });
    return running;
  };

  const unlisten = await ctx.db.listen(CHANNEL, () => void drain());
  const timer = setInterval(() => void drain(), options.pollMs ?? 15_000);
  timer.unref();
  void drain();
  return {
    drain,
    async close() {
      closed = true;
      clearInterval(timer);
      await unlisten();
      await running;
    },
  };
}
