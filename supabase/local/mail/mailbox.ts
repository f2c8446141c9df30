// The dev mailbox: every captured e-mail and SMS, newest first, as an HTML page at /_mail and
// as JSON at /_mail/api (DELETE clears it). It shows recovery and invite links, so it is for
// the person at the keyboard only: it answers requests from a loopback client address
// (client-address.ts, so a trusted proxy's outside clients are outside too), and only while
// mail is captured at all (DEV_MAILBOX on, no SMTP server); everyone else gets 404.
import { Hono } from 'hono';
import { clientAddress, isLoopback } from '../client-address';
import type { Config } from '../config';
import type { LocalContext } from '../context';
import { cspHash } from '../security-headers';

export type MailboxMessage = {
  id: number;
  kind: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  codes: string[];
  created_at: string;
};

export async function listMailbox(ctx: LocalContext, to?: string, limit = 200): Promise<MailboxMessage[]> {
  const { rows } = await ctx.db.query<MailboxMessage>(
    `select id, kind, "to", subject, text, html, links, codes, to_json(created_at)#>>'{}' as created_at
     from _local.mailbox where ($1::text is null or lower("to") = lower($1)) order by id desc limit $2`,
    [to ?? null, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1f2933; }
  main { max-width: 860px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; } .hint { color: #616e7c; margin: 0 0 20px; }
  article { background: #fff; border: 1px solid #e4e7eb; border-radius: 8px; padding: 14px 16px; margin-bottom: 12px; }
  header { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
  .meta { color: #7b8794; font-size: 13px; }
  .kind { font-size: 12px; font-weight: 600; border-radius: 4px; padding: 1px 6px; background: #e0e8f9; color: #2d3a8c; }
  .kind.sms { background: #e3f9e5; color: #05400a; }
  .codes code { font-size: 20px; letter-spacing: 2px; background: #fff8e1; border-radius: 4px; padding: 2px 8px; }
  .links { padding-left: 18px; margin: 8px 0; word-break: break-all; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f9fafb; border-radius: 6px; padding: 8px 10px; margin: 8px 0 0; font-size: 13px; }
  .empty { color: #616e7c; }
`;
const PAGE_CSP = `default-src 'none'; style-src ${cspHash(STYLE)}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/** Whether /_mail exists at all with this configuration. */
export function mailboxEnabled(config: Pick<Config, 'DEV_MAILBOX' | 'SMTP_HOST'>): boolean {
  return config.DEV_MAILBOX && !config.SMTP_HOST;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function page(messages: MailboxMessage[]): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><span class="kind ${m.kind}">${m.kind === 'sms' ? 'SMS' : 'E-mail'}</span>
    <strong>${escape(m.subject)}</strong><span class="meta">to ${escape(m.to)} · ${escape(new Date(m.created_at).toLocaleString('en-US'))}</span></header>
  ${m.codes.length ? `<p class="codes">${m.codes.map((c) => `<code>${escape(c)}</code>`).join(' ')}</p>` : ''}
  ${m.links.length ? `<ul class="links">${m.links.map((l) => `<li><a href="${escape(l)}">${escape(l)}</a></li>`).join('')}</ul>` : ''}
  <pre>${escape(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<style>${STYLE}</style></head>
<body><main><h1>Dev mailbox</h1><p class="hint">Every e-mail and SMS the local backend sent, newest first. JSON at <a href="/_mail/api">/_mail/api</a>.</p>
${items || '<p class="empty">No messages yet.</p>'}
</main></body></html>`;
}

export function mailboxRoutes(ctx: LocalContext): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!mailboxEnabled(ctx.config) || !isLoopback(clientAddress(c))) return c.json({ message: 'Not found' }, 404);
    await next();
  });
  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(page(await listMailbox(ctx)));
  });
  app.get('/api', async (c) => {
    c.header('Cache-Control', 'no-store');
    const to = c.req.query('to') || undefined;
    return c.json({ messages: await listMailbox(ctx, to) });
  });
  app.delete('/api', async (c) => {
    await ctx.db.query('delete from _local.mailbox');
    return c.body(null, 204);
  });
  return app;
}
